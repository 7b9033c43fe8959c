/**
 * Returns an intake burst's garbage promptly. Every body taken in leaves garbage behind it: the
 * decoded text, the filtered copy, the compressed blob, the database driver's parameters. Bun's
 * collector lets that pile up for seconds, and the allocator then keeps the pages: measured on
 * PGlite, 20 s of 200 KB uploads at 64 connections peaked at 612 MiB of RSS and stood at 482 MiB
 * five seconds later, 370 MiB once a full collection ran. A full collection after every 64 MiB
 * taken in (about one a second at full upload speed, a few milliseconds each) kept the peak at
 * 447 MiB with the same throughput (bench/results/embedded-db.md), and one once a burst has been
 * quiet for two seconds settles the idle figure (bench/results/memory.md). Since the request
 * thread prepares light bodies itself while the workers are busy (preparation-pool.ts), their
 * garbage is on its heap too: at 64 MiB the peak rose to 600-603 MiB, at 32 MiB it was 527.
 */

const MiB = 1024 * 1024;

export interface HeapSettlingOptions {
  /** Bytes taken in between two collections while a burst lasts. */
  everyBytes?: number;
  /** Quiet time after the last body before the burst's last collection. */
  quietMs?: number;
  /** The collection itself (tests count calls). */
  collect?: () => void;
}

export class HeapSettling {
  private readonly everyBytes: number;
  private readonly quietMs: number;
  private readonly collect: () => void;
  private sinceCollection = 0;
  private quietTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: HeapSettlingOptions = {}) {
    this.everyBytes = options.everyBytes ?? 32 * MiB;
    this.quietMs = options.quietMs ?? 2000;
    this.collect = options.collect ?? (() => Bun.gc(true));
  }

  /** A body of `bytes` (decoded) was taken in. */
  tookIn(bytes: number): void {
    this.sinceCollection += bytes;
    if (this.sinceCollection >= this.everyBytes) {
      this.collectNow();
      return;
    }
    if (this.quietTimer) {
      this.quietTimer.refresh();
      return;
    }
    this.quietTimer = setTimeout(() => this.collectNow(), this.quietMs);
    // Never what keeps the process alive.
    this.quietTimer.unref();
  }

  /** Stops the pending collection (shutdown). */
  stop(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = null;
  }

  private collectNow(): void {
    this.stop();
    this.sinceCollection = 0;
    this.collect();
  }
}
