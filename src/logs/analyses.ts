/**
 * The engine's findings of stored texts, kept by content hash. The engine is deterministic per
 * text, so a popular shared log is analysed once however many people open it, and the page, the
 * insights API, `?parsed` and the AI's brief all share that one result. Findings leave with their
 * text (LogService.forget), so a deleted log's analysis does not outlive it. The engine itself
 * runs where `engine` runs it: in the service, on the intake's workers (preparation-pool.ts).
 */
import { LRUCache } from "lru-cache";
import type { Insights } from "../analysis/index.ts";
import { limitLines } from "../filters/limits.ts";

/** Roughly how much memory an analysis takes per byte of log (entries hold every line again). */
const BYTES_PER_CONTENT_BYTE = 3;

/** Runs the engine on a text. */
export type Engine = (text: string) => Promise<Insights>;

/** The engine on the calling thread, loaded with the first analysis, not with the server (its rules weigh ~15 MiB). */
export const engineInThread: Engine = async (text) => (await import("../analysis/index.ts")).analyseLog(text);

export class ContentAnalyses {
  private readonly cache: LRUCache<string, Insights>;
  /** Analyses running now: two readers of a text that is not cached yet wait for one run. */
  private readonly running = new Map<string, Promise<Insights>>();

  /**
   * @param maxBytes the budget of kept analyses (INSIGHTS_CACHE_BYTES), weighed by their text's size
   * @param maxLines what an upload may keep today (MAX_LINES): logs stored under older rules (a
   *   lone `\r` was not counted as a line break, so 4 KB of gzip stored 2,000,000 lines) are
   *   analysed up to that many lines, so no page or `?parsed` answer is unbounded.
   * @param engine where the engine runs (UploadPreparer.insights in the service)
   */
  constructor(
    maxBytes: number,
    private readonly maxLines = Number.MAX_SAFE_INTEGER,
    private readonly engine: Engine = engineInThread,
  ) {
    this.cache = new LRUCache<string, Insights>({ maxSize: Math.max(1, maxBytes) });
  }

  /** The findings of the text with this content hash; `readText` is called only when they are not kept. */
  of(hash: string, size: number, readText: () => Promise<string>): Promise<Insights> {
    const cached = this.cache.get(hash);
    if (cached) return Promise.resolve(cached);
    const pending = this.running.get(hash);
    if (pending) return pending;
    const run = this.analyse(hash, size, readText);
    this.running.set(hash, run);
    return run;
  }

  private async analyse(hash: string, size: number, readText: () => Promise<string>): Promise<Insights> {
    let insights: Insights;
    try {
      insights = await this.engine(limitLines(await readText(), this.maxLines));
    } catch (error) {
      // A failed read (the log left, the database is down) is not remembered: the next reader tries again.
      this.running.delete(hash);
      throw error;
    }
    // Kept only if its text was not forgotten meanwhile (the log left while it was analysed).
    if (this.running.delete(hash)) this.cache.set(hash, insights, { size: Math.max(1, size * BYTES_PER_CONTENT_BYTE) });
    return insights;
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
