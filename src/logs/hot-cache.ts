/**
 * Hot logs in memory, so a freshly shared log (opened by many people within minutes) is served
 * without a database round trip. Blobs are weighed in bytes of their stored (compressed) form;
 * records are small and bounded by count. Filled on upload: a new paste is read seconds later.
 */
import { LRUCache } from "lru-cache";
import type { LogRecord } from "../storage/log-store.ts";

const MAX_RECORDS = 50_000;

export class HotLogCache {
  private readonly records = new LRUCache<string, LogRecord>({ max: MAX_RECORDS });
  private readonly blobs: LRUCache<string, Uint8Array> | null;
  hits = 0;
  misses = 0;

  constructor(maxBlobBytes: number) {
    this.blobs =
      maxBlobBytes > 0
        ? new LRUCache<string, Uint8Array>({ maxSize: maxBlobBytes, sizeCalculation: (data) => Math.max(1, data.byteLength) })
        : null;
  }

  getRecord(id: string): LogRecord | undefined {
    return this.records.get(id);
  }

  setRecord(record: LogRecord): void {
    this.records.set(record.id, record);
  }

  forgetRecord(id: string): void {
    this.records.delete(id);
  }

  getBlob(hash: string): Uint8Array | undefined {
    const data = this.blobs?.get(hash);
    if (data) this.hits++;
    else this.misses++;
    return data;
  }

  setBlob(hash: string, data: Uint8Array): void {
    // A blob larger than the whole cache is not kept (lru-cache would refuse it anyway).
    this.blobs?.set(hash, data);
  }

  forgetBlob(hash: string): void {
    this.blobs?.delete(hash);
  }

  get blobBytes(): number {
    return this.blobs?.calculatedSize ?? 0;
  }
}
