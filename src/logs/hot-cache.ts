/**
 * Hot logs in memory, so a freshly shared log (opened by many people within minutes) is served
 * without a database round trip. Both halves are weighed in bytes: blobs by their stored
 * (compressed) size, records by an estimate of what they hold (a record with 100 metadata
 * entries of 1 KiB each is ~200 KiB; counting records let one client fill gigabytes). A record
 * over RECORD_MAX_BYTES is not kept at all: it is read from the database each time.
 * Filled on a log's first read, not on upload: many uploads are never read (panels and launchers
 * upload every crash), and caching them at upload pushed out logs that were being read. After
 * 2,000 unread uploads of 36 KB the idle service held 202-204 MiB of RSS, against 205-215 with the
 * blobs cached at upload and 218-228 with the records too (bench:memory, bench/results/memory.md).
 * A log's first read costs one database round trip more.
 *
 * The blob budget also holds small logs' text forms for clients that do not take brotli (plain
 * and gzip bytes, text-forms.ts): computed once, they weigh in the same bytes and leave with the
 * blob, least recently used first. They are kept as Blobs: Bun sends a Blob body without the copy
 * it makes of a Uint8Array's bytes (a 200 KB body in a bare Bun.serve: 19,300-19,800 responses a
 * second at 0.049 ms of CPU each, against 14,700-16,300 at 0.060-0.066 as a Uint8Array).
 */
import { LRUCache } from "lru-cache";
import type { LogRecord } from "../storage/log-store.ts";
import type { TextFileCache, TextCoding } from "./text-files.ts";

/** The most one record may take in the cache: what each uploaded log may leave in memory. */
export const RECORD_MAX_BYTES = 32 * 1024;

/** A record's weight: JavaScript strings take 2 bytes a character, plus object overhead. */
export function recordBytes(record: LogRecord): number {
  let characters = record.id.length + (record.source?.length ?? 0) + record.blobHash.length;
  for (const entry of record.metadata) {
    characters += entry.key.length + String(entry.value).length + (entry.label?.length ?? 0);
  }
  for (const file of record.files) characters += file.name.length + file.blobHash.length;
  return 400 + 2 * characters + 120 * (record.metadata.length + record.files.length);
}

const TEXT_CODINGS: readonly TextCoding[] = ["identity", "gzip"];

/** Blob hashes are hex: a key with a colon is never a blob's. */
function textFormKey(hash: string, coding: TextCoding): string {
  return `${hash}:${coding}`;
}

export class HotLogCache {
  private readonly records: LRUCache<string, LogRecord>;
  /** Stored blobs (Uint8Array) by hash, and text forms (Blob) by textFormKey. */
  private readonly blobs: LRUCache<string, Uint8Array | Blob> | null;
  hits = 0;
  misses = 0;

  /**
   * @param maxBlobBytes compressed log bytes kept (CACHE_MAX_BYTES; 0: none)
   * @param maxRecordBytes record bytes kept (RECORD_CACHE_BYTES; 0: none)
   * @param textFiles large logs as text files on disk (text-files.ts), forgotten with their blob
   */
  constructor(
    maxBlobBytes: number,
    maxRecordBytes = 8 * 1024 * 1024,
    readonly textFiles: TextFileCache | null = null,
  ) {
    this.records = new LRUCache<string, LogRecord>({
      maxSize: Math.max(1, maxRecordBytes),
      maxEntrySize: Math.min(RECORD_MAX_BYTES, Math.max(1, maxRecordBytes)),
      sizeCalculation: recordBytes,
    });
    this.blobs =
      maxBlobBytes > 0
        ? new LRUCache<string, Uint8Array | Blob>({ maxSize: maxBlobBytes, sizeCalculation: (data) => Math.max(1, data instanceof Blob ? data.size : data.byteLength) })
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
    const data = this.blobs?.get(hash) as Uint8Array | undefined; // a hash key holds a stored blob
    if (data) this.hits++;
    else this.misses++;
    return data;
  }

  setBlob(hash: string, data: Uint8Array): void {
    // A blob larger than the whole cache is not kept (lru-cache would refuse it anyway).
    this.blobs?.set(hash, data);
  }

  /** Other bytes of the same content (recompression.ts), kept only where the old ones were. */
  replaceBlob(hash: string, data: Uint8Array): void {
    if (this.blobs?.has(hash)) this.blobs.set(hash, data);
  }

  forgetBlob(hash: string): void {
    this.blobs?.delete(hash);
    for (const coding of TEXT_CODINGS) this.blobs?.delete(textFormKey(hash, coding));
    this.textFiles?.forget(hash);
  }

  getTextForm(hash: string, coding: TextCoding): Blob | undefined {
    return this.blobs?.get(textFormKey(hash, coding)) as Blob | undefined; // a form key holds a form
  }

  /** Kept only while the blob itself is: a form computed as its log was deleted does not linger. */
  setTextForm(hash: string, coding: TextCoding, bytes: Uint8Array): void {
    if (this.blobs?.has(hash)) this.blobs.set(textFormKey(hash, coding), new Blob([bytes as Uint8Array<ArrayBuffer>]));
  }

  /** Forgets everything (a replica that may have missed removals while disconnected). */
  clear(): void {
    this.records.clear();
    this.blobs?.clear();
    this.textFiles?.clear();
  }

  get blobBytes(): number {
    return this.blobs?.calculatedSize ?? 0;
  }
}
