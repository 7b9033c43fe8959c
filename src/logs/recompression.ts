/**
 * Brotli at the storage quality costs more CPU than anything else an upload does (2.8 ms of about
 * 6 for a 200 KB log), so uploads store a quick compression (UPLOAD_BROTLI_QUALITY) and this
 * brings each new blob to BROTLI_QUALITY later, when no upload is being taken in: under load the
 * work waits, between bursts it catches up. Both forms are valid brotli of the same text (same
 * hash, same ETag), so a reader never sees a difference but the size.
 *
 * Bounded: at most MAX_WAITING blobs wait (64 bytes of hash each); a blob beyond stays at the
 * quick quality, about 30% larger, and is served as it is. The queue lives in this process only:
 * a restart leaves the waiting blobs as they are, which costs only space.
 */
import { recompressBlob } from "../storage/blobs.ts";
import type { HeapSettling } from "./heap-settling.ts";

export interface RecompressionDeps {
  /** The stored bytes, or null when the blob is gone. */
  read(hash: string): Promise<Uint8Array | null>;
  /** Puts the denser bytes in place (storage, and the hot cache when it holds the blob). */
  replace(hash: string, data: Uint8Array): Promise<void>;
  /** True while no upload is being taken in: the only time this works. */
  idle(): boolean;
  /** Told the size of each text decompressed and compressed again (its garbage: heap-settling.ts). */
  heapSettling?: HeapSettling;
  logError(error: unknown): void;
}

const MAX_WAITING = 10_000;
/** How often a waiting queue looks again whether uploads paused. */
const RETRY_MS = 200;

export class BlobRecompressor {
  private readonly waiting = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Blobs brought to the storage quality, and those left as they are because the queue was full. */
  readonly counters = { recompressed: 0, skipped: 0 };

  constructor(private readonly deps: RecompressionDeps) {}

  enqueue(hashes: Iterable<string>): void {
    if (this.stopped) return;
    for (const hash of hashes) {
      if (this.waiting.size >= MAX_WAITING) this.counters.skipped++;
      else this.waiting.add(hash);
    }
    this.schedule();
  }

  get pending(): number {
    return this.waiting.size;
  }

  /** Stops taking work; waits for the blob in hand (its bytes are written or dropped whole). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(): void {
    if (this.timer || this.running || this.stopped || this.waiting.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain().finally(() => {
        this.running = null;
        this.schedule();
      });
    }, RETRY_MS);
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** One blob at a time, while uploads stay paused. */
  private async drain(): Promise<void> {
    while (!this.stopped && this.deps.idle()) {
      const hash = this.waiting.values().next().value;
      if (hash === undefined) return;
      this.waiting.delete(hash);
      try {
        const stored = await this.deps.read(hash);
        if (!stored) continue; // deleted meanwhile
        const { data: denser, textBytes } = await recompressBlob(stored);
        if (!this.stopped && denser.byteLength < stored.byteLength) await this.deps.replace(hash, denser);
        this.counters.recompressed++;
        this.deps.heapSettling?.tookIn(textBytes);
      } catch (error) {
        this.deps.logError(error);
      }
    }
  }
}
