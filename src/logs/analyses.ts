/**
 * The engine's findings of stored texts, kept by content hash. The engine is deterministic per
 * text, so a popular shared log is analysed once however many people open it, and the page, the
 * insights API, `?parsed` and the AI's brief all share that one result. Findings leave with their
 * text (LogService.forget), so a deleted log's analysis does not outlive it. The engine itself
 * runs where `engine` runs it: in the service, on the intake's workers (preparation-pool.ts).
 *
 * A first read decodes the whole stored text and analyses it: up to several times the text's
 * size in memory until the findings are kept. So, like a request body, the text is charged to the
 * byte budget (BODY_BUDGET_BYTES) while its analysis runs; beyond the budget a reader gets 503
 * `server_busy` with Retry-After, and nothing is remembered, so a retry analyses it. (Sixteen
 * first reads at once of distinct 7.7 MB logs peaked at 453-490 MiB with and without the charge:
 * they queued behind the one worker and never all held their texts together. The charge bounds
 * the case where they do.)
 */
import { LRUCache } from "lru-cache";
import type { Insights } from "../analysis/index.ts";
import { limitLines } from "../filters/limits.ts";
import type { SharedByteBudget } from "../edge/body-budget.ts";

/** Roughly how much memory an analysis takes per byte of log (entries hold every line again). */
const BYTES_PER_CONTENT_BYTE = 3;

/** Runs the engine on a text. */
export type Engine = (text: string) => Promise<Insights>;

/** The engine on the calling thread, loaded with the first analysis, not with the server (its rules weigh ~15 MiB). */
export const engineInThread: Engine = async (text) => (await import("../analysis/index.ts")).analyseLog(text);

export interface ContentAnalysesOptions {
  /** The budget of kept analyses (INSIGHTS_CACHE_BYTES), weighed by their text's size. */
  maxBytes: number;
  /**
   * What an upload may keep today (MAX_LINES): logs stored under older rules (a lone `\r` was
   * not counted as a line break, so 4 KB of gzip stored 2,000,000 lines) are analysed up to that
   * many lines, so no page or `?parsed` answer is unbounded.
   */
  maxLines?: number;
  /** Where the engine runs (UploadPreparer.insights in the service). */
  engine?: Engine;
  /** Charged with a text's size while it is decoded and analysed (the service's body budget). */
  budget?: SharedByteBudget;
}

export class ContentAnalyses {
  private readonly cache: LRUCache<string, Insights>;
  /** Analyses running now: two readers of a text that is not cached yet wait for one run. */
  private readonly running = new Map<string, Promise<Insights>>();
  private readonly maxLines: number;
  private readonly engine: Engine;
  private readonly budget: SharedByteBudget | null;

  constructor(options: ContentAnalysesOptions) {
    this.cache = new LRUCache<string, Insights>({ maxSize: Math.max(1, options.maxBytes) });
    this.maxLines = options.maxLines ?? Number.MAX_SAFE_INTEGER;
    this.engine = options.engine ?? engineInThread;
    this.budget = options.budget ?? null;
  }

  /** The findings of the text with this content hash; `readText` is called only when they are not kept. */
  of(hash: string, size: number, readText: () => Promise<string>): Promise<Insights> {
    const cached = this.cache.get(hash);
    if (cached) return Promise.resolve(cached);
    const pending = this.running.get(hash);
    if (pending) return pending;
    const run = this.analyse(size, readText);
    this.running.set(hash, run);
    // Registered before any reader's own handlers, so it runs first. Kept only if this run is
    // still the text's (not forgotten meanwhile: the log left while it was analysed). A failure
    // (the log left, the database is down, the budget is spent) is not remembered: the next
    // reader tries again.
    run.then(
      (insights) => {
        if (this.running.get(hash) !== run) return;
        this.running.delete(hash);
        // A positive whole number whatever `size` holds: lru-cache throws on any other, and nothing awaits this handler.
        this.cache.set(hash, insights, { size: Math.max(1, Math.ceil(size * BYTES_PER_CONTENT_BYTE) || 1) });
      },
      () => {
        if (this.running.get(hash) === run) this.running.delete(hash);
      },
    );
    return run;
  }

  private async analyse(size: number, readText: () => Promise<string>): Promise<Insights> {
    // A text larger than the whole budget (stored before the budget was lowered) takes all of it:
    // it runs alone, and only while nothing else holds any (until then its readers get the 503).
    const charged = this.budget ? Math.min(size, this.budget.maxBytes) : 0;
    this.budget?.take(charged, "stored logs");
    try {
      return await this.engine(limitLines(await readText(), this.maxLines));
    } finally {
      this.budget?.give(charged);
    }
  }

  forget(hash: string): void {
    this.cache.delete(hash);
    this.running.delete(hash);
  }

  clear(): void {
    this.cache.clear();
    this.running.clear();
  }
}
