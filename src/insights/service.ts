/**
 * Insights of logs: runs the analysis engine (src/analysis, pure) on stored or posted content.
 * The engine is deterministic per content, so results are cached by content hash: a popular
 * shared log is analysed once, however many people open it.
 */
import { LRUCache } from "lru-cache";
import { ApiError } from "../errors.ts";
import { analyseLog, type Insights, type LogEntry, type Problem } from "../analysis/index.ts";
import { filterLog, type FilterLimits } from "../filters/index.ts";
import type { LogService } from "../logs/service.ts";
import type { LogFileRecord, LogRecord } from "../storage/log-store.ts";

/** A problem, and for problems found in an attached file, that file's name. */
export type FileProblem = Problem & { file?: string };

/** Insights as the API returns them: the engine's shape without the (large) entries list. */
export type InsightsBody = Omit<Insights, "entries" | "analysis"> & {
  entries?: LogEntry[];
  analysis: { problems: FileProblem[]; information: Insights["analysis"]["information"] };
};

/** Roughly how much memory an analysis takes per byte of log (entries hold every line again). */
const BYTES_PER_CONTENT_BYTE = 3;

export class InsightsService {
  private readonly cache: LRUCache<string, Insights>;

  constructor(
    private readonly logs: LogService,
    private readonly limits: FilterLimits,
    maxCacheBytes: number,
  ) {
    this.cache = new LRUCache<string, Insights>({
      maxSize: Math.max(1, maxCacheBytes),
      sizeCalculation: (insights) => Math.max(1, estimateSize(insights)),
    });
  }

  /** Analyses posted content, after the same filters an upload passes; nothing is stored. */
  analyseContent(content: string, includeEntries = false): InsightsBody {
    const filtered = filterLog(content, this.limits).content;
    if (filtered.length === 0) throw new ApiError("missing_content", "The log is empty: send some content.");
    return shape(analyseLog(filtered), includeEntries);
  }

  /**
   * Insights of a stored log. Attached files are analysed too: their problems are added after the
   * main log's, each with `file` naming the file it is in (its entry's line numbers are that file's).
   */
  async ofLog(id: string, includeEntries = false): Promise<InsightsBody> {
    const record = await this.logs.find(id);
    const main = await this.analyse(record);
    const problems: FileProblem[] = [...main.analysis.problems];
    for (const file of record.files) {
      if (file.blobHash === record.blobHash) continue; // the main log itself (a log of files only)
      const insights = await this.analyse(record, file);
      for (const problem of insights.analysis.problems) problems.push({ ...problem, file: file.name });
    }
    const body = shape(main, includeEntries);
    return { ...body, analysis: { ...body.analysis, problems } };
  }

  async entriesOf(id: string): Promise<LogEntry[]> {
    const record = await this.logs.find(id);
    return (await this.analyse(record)).entries;
  }

  /** The engine's result for the main log or one file, cached by content hash. */
  private async analyse(record: LogRecord, file?: LogFileRecord): Promise<Insights> {
    const hash = file?.blobHash ?? record.blobHash;
    const cached = this.cache.get(hash);
    if (cached) return cached;
    const insights = analyseLog(await this.logs.readText(record, file));
    this.cache.set(hash, insights, { size: Math.max(1, (file?.size ?? record.size) * BYTES_PER_CONTENT_BYTE) });
    return insights;
  }
}

function shape(insights: Insights, includeEntries: boolean): InsightsBody {
  if (includeEntries) return insights;
  const { entries: _entries, ...rest } = insights;
  return rest;
}

function estimateSize(insights: Insights): number {
  let bytes = 0;
  for (const entry of insights.entries) for (const line of entry.lines) bytes += line.content.length + 16;
  return bytes;
}
