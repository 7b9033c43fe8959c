/**
 * Returns an intake burst's garbage promptly. Every body taken in leaves garbage behind it: the
 * decoded text, the filtered copy, the compressed blob, the database driver's parameters. Bun's
 * collector lets that pile up for seconds, and the allocator then keeps the pages: measured on
 * PGlite, 20 s of 200 KB uploads at 64 connections peaked at 612 MiB of RSS and stood at 482 MiB
 * five seconds later, 370 MiB once a full collection ran. A full collection after every 64 MiB
 * taken in (about one a second at full upload speed, a few milliseconds each) kept the peak at
 * 447 MiB with the same throughput (bench/results/embedded-db.md), and one once a burst has been
 * quiet for two seconds settles most of the rest. Since the request thread prepares light bodies
 * itself while the workers are busy (preparation-pool.ts), their garbage is on its heap too: at
 * 64 MiB the peak rose to 600-603 MiB, at 32 MiB it was 527.
 *
 * Of the collections during a burst, only every `waitEvery`-th (4) is waited for; the others are
 * started (`Bun.gc(false)`: JSC marks on its helper threads while this thread serves). Each waited
 * one held the request thread about 18 ms, 29 times in 10 s of distinct 200 KB uploads (5% of its
 * time). With three in four started, in alternating rounds of that load (a fresh process each):
 * PGlite 448 -> 475 uploads a second (CPU per upload 3.93 -> 3.75 ms), Postgres 537 -> 553 (2.76
 * -> 2.67 ms). Starting every one gained more (8-19% on PGlite) but let memory drift under steady
 * load, where the heap is never quiet: a 120 s soak's memory troughs once grew 81 MiB (bound 64).
 *
 * After 30 s without intake, a burst of at least `shrinkAfterBytes` is shrunk: Bun.shrink() also
 * drops the compiled code and hands the allocator's free pages back to the system. 35 s after
 * 2,000 uploads of 36 KB, the full collections alone left 197 MiB and the shrink 182
 * (bench/results/memory.md; issue 19's goal is 200). Shrinking sooner costs the next burst: its
 * first requests run before the code is compiled again (the first 36 KB upload took 20-35 ms
 * instead of 7), and with a shrink 2 s into every pause the bench's upload rounds, which pause
 * 20 s between them, fell from 0.69-0.90 x the floor to 0.52-0.69.
 */

const MiB = 1024 * 1024;

export interface HeapSettlingOptions {
  /** Bytes taken in between two collections while a burst lasts. */
  everyBytes?: number;
  /** Time without intake before the burst's last full collection. */
  quietMs?: number;
  /** Time without intake before a shrink. */
  idleMs?: number;
  /** Bytes taken in since the last shrink for an idle spell to shrink the heap. */
  shrinkAfterBytes?: number;
  /** Of the collections during a burst, every this many-th is waited for; the others are only started. */
  waitEvery?: number;
  /** A full collection, waited for on this thread (tests count calls). */
  collect?: () => void;
  /** A collection started, finished by the collector's own threads (tests count calls). */
  startCollection?: () => void;
  /** A full collection that also drops compiled code and returns free pages (tests count calls). */
  shrink?: () => void;
}

export class HeapSettling {
  private readonly everyBytes: number;
  private readonly quietMs: number;
  private readonly idleMs: number;
  private readonly shrinkAfterBytes: number;
  private readonly waitEvery: number;
  private readonly collect: () => void;
  private readonly startCollection: () => void;
  private readonly shrink: () => void;
  private sinceCollection = 0;
  private burstCollections = 0;
  private sinceShrink = 0;
  private readonly quiet: Countdown;
  private readonly idle: Countdown;

  constructor(options: HeapSettlingOptions = {}) {
    this.everyBytes = options.everyBytes ?? 32 * MiB;
    this.idleMs = options.idleMs ?? 30_000;
    this.shrinkAfterBytes = options.shrinkAfterBytes ?? 8 * MiB;
    this.waitEvery = Math.max(1, options.waitEvery ?? 4);
    this.collect = options.collect ?? (() => Bun.gc(true));
    this.startCollection = options.startCollection ?? (() => Bun.gc(false));
    this.shrink = options.shrink ?? (() => Bun.shrink());
    this.quietMs = options.quietMs ?? 2000;
    this.quiet = new Countdown(() => {
      this.sinceCollection = 0;
      this.collect();
    });
    this.idle = new Countdown(() => {
      this.sinceShrink = 0;
      this.shrink();
    });
  }

  /** A body of `bytes` (decoded) was taken in. */
  tookIn(bytes: number): void {
    this.sinceCollection += bytes;
    this.sinceShrink += bytes;
    if (this.sinceCollection >= this.everyBytes) {
      this.sinceCollection = 0;
      if (++this.burstCollections % this.waitEvery === 0) this.collect();
      else this.startCollection();
    }
    this.quiet.restart(this.quietMs);
    if (this.sinceShrink >= this.shrinkAfterBytes) this.idle.restart(this.idleMs);
  }

  /**
   * Shrinks the heap once the quiet time passes without intake: for start-up, whose garbage and
   * compiled code (migrations, loading the data folder) serving does not need.
   */
  settleSoon(): void {
    this.sinceShrink = Math.max(this.sinceShrink, this.shrinkAfterBytes);
    this.idle.restart(this.quietMs);
  }

  /** Stops what is pending (shutdown). */
  stop(): void {
    this.quiet.cancel();
    this.idle.cancel();
  }
}

/** One pending call, pushed back by each restart; never what keeps the process alive. */
class Countdown {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delayMs = 0;

  constructor(private readonly run: () => void) {}

  restart(delayMs: number): void {
    // The same delay again (every upload of a burst): push the pending call back.
    if (this.timer && delayMs === this.delayMs) {
      this.timer.refresh();
      return;
    }
    this.cancel();
    this.delayMs = delayMs;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, delayMs);
    this.timer.unref();
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
