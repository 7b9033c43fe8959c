/**
 * Returns an intake burst's garbage promptly. Every body taken in leaves garbage behind it: the
 * decoded text, the filtered copy, the compressed blob, the database driver's parameters. Bun's
 * collector lets that pile up for seconds, and the allocator then keeps the pages: measured on
 * PGlite, 20 s of 200 KB uploads at 64 connections peaked at 612 MiB of RSS and stood at 482 MiB
 * five seconds later, 370 MiB once a full collection ran. A full collection after every 64 MiB
 * taken in (about one a second at full upload speed, a few milliseconds each) kept the peak at
 * 447 MiB with the same throughput (bench/results/embedded-db.md). Since the request thread
 * prepares light bodies itself while the workers are busy (preparation-pool.ts), their garbage is
 * on its heap too: at 64 MiB the peak rose to 600-603 MiB, at 32 MiB it was 527.
 *
 * Once a burst has been quiet for two seconds it is settled: a full collection, and, after a
 * burst of at least `shrinkAfterBytes`, Bun.shrink() instead, which also drops the compiled code
 * and hands the allocator's free pages back to the system. A full collection alone left 199-202
 * MiB after 2,000 uploads of 36 KB (issue 19's goal: 200); shrinking left 191-193
 * (bench/results/memory.md). Its price is paid by the next burst: the first requests run before
 * the code is compiled again (an upload of 36 KB took 20-35 ms instead of 7 for the first one,
 * about 10 for the next few). A trickle of small uploads gains nothing from it, so they are only
 * collected.
 */

const MiB = 1024 * 1024;

export interface HeapSettlingOptions {
  /** Bytes taken in between two collections while a burst lasts. */
  everyBytes?: number;
  /** Quiet time after the last body before the burst is settled. */
  quietMs?: number;
  /** Bytes taken in since the last shrink for a settling to shrink rather than only collect. */
  shrinkAfterBytes?: number;
  /** A full collection (tests count calls). */
  collect?: () => void;
  /** A full collection that also returns compiled code and free pages (tests count calls). */
  shrink?: () => void;
}

export class HeapSettling {
  private readonly everyBytes: number;
  private readonly quietMs: number;
  private readonly shrinkAfterBytes: number;
  private readonly collect: () => void;
  private readonly shrink: () => void;
  private sinceCollection = 0;
  private sinceShrink = 0;
  private quietTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: HeapSettlingOptions = {}) {
    this.everyBytes = options.everyBytes ?? 32 * MiB;
    this.quietMs = options.quietMs ?? 2000;
    this.shrinkAfterBytes = options.shrinkAfterBytes ?? 8 * MiB;
    this.collect = options.collect ?? (() => Bun.gc(true));
    this.shrink = options.shrink ?? (() => Bun.shrink());
  }

  /** A body of `bytes` (decoded) was taken in. */
  tookIn(bytes: number): void {
    this.sinceCollection += bytes;
    this.sinceShrink += bytes;
    if (this.sinceCollection >= this.everyBytes) {
      this.sinceCollection = 0;
      this.collect();
    }
    this.settleWhenQuiet();
  }

  /**
   * Settles the heap once nothing has been taken in for the quiet time, shrinking it whatever was
   * taken in: start-up (migrations, loading the data folder) is a burst of its own.
   */
  settleSoon(): void {
    this.sinceShrink = Math.max(this.sinceShrink, this.shrinkAfterBytes);
    this.settleWhenQuiet();
  }

  /** Stops the pending settling (shutdown). */
  stop(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = null;
  }

  private settleWhenQuiet(): void {
    if (this.quietTimer) {
      this.quietTimer.refresh();
      return;
    }
    this.quietTimer = setTimeout(() => this.settle(), this.quietMs);
    // Never what keeps the process alive.
    this.quietTimer.unref();
  }

  private settle(): void {
    this.quietTimer = null;
    this.sinceCollection = 0;
    if (this.sinceShrink >= this.shrinkAfterBytes) {
      this.sinceShrink = 0;
      this.shrink();
    } else {
      this.collect();
    }
  }
}
