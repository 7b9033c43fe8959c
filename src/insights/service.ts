/**
 * Insights of logs: runs the analysis engine (src/analysis, pure) on stored or posted content.
 * The engine is deterministic per content, so results are cached by content hash: a popular
 * shared log is analysed once, however many people open it.
 */
import { LRUCache } from "lru-cache";
import { ApiError } from "../errors.ts";
import { analyseLog, type Insights, type LogEntry, type Problem } from "../analysis/index.ts";
import { attachedFiles } from "../logs/main-log.ts";
import type { LogService } from "../logs/service.ts";
import type { UploadBody } from "../logs/upload-input.ts";
import { limitLines } from "../filters/limits.ts";
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

  /**
   * @param maxLines what an upload may keep today (MAX_LINES): logs stored under older rules
   *   (a lone `\r` was not counted as a line break, so 4 KB of gzip stored 2,000,000 lines) are
   *   analysed, paged and parsed up to that many lines, so no page or `?parsed` answer is unbounded.
   */
  constructor(
    private readonly logs: LogService,
    maxCacheBytes: number,
    private readonly maxLines = Number.MAX_SAFE_INTEGER,
  ) {
    // Entries are weighed by the content they came from (set's `size`), not walked again.
    this.cache = new LRUCache<string, Insights>({ maxSize: Math.max(1, maxCacheBytes) });
  }

  /**
   * Analyses a posted body (any upload form), after the same parsing and filters an upload
   * passes; nothing is stored. The main log is analysed (in a body of files only, the first file).
   */
  async analyseBody(body: UploadBody, includeEntries = false): Promise<InsightsBody> {
    const { main } = await this.logs.filterBody(body);
    return shape(analyseLog(main.content), includeEntries);
  }

  /**
   * Insights of a stored log. Attached files are analysed too: their problems are added after the
   * main log's, each with `file` naming the file it is in (its entry's line numbers are that file's).
   */
  async ofLog(id: string, includeEntries = false): Promise<InsightsBody> {
    const record = await this.logs.find(id);
    const main = await this.analyse(record);
    const problems: FileProblem[] = [...main.analysis.problems];
    for (const file of attachedFiles(record)) {
      const insights = await this.analyse(record, file);
      for (const problem of insights.analysis.problems) problems.push({ ...problem, file: file.name });
    }
    const body = shape(main, includeEntries);
    return { ...body, analysis: { ...body.analysis, problems } };
  }

  /** The engine's result for a stored log's main log, as the other readers share it (the AI's brief). */
  async ofMainLog(id: string): Promise<Insights> {
    return this.analyse(await this.logs.find(id));
  }

  /** The parsed entries of the main log, or of one attached file (`fileName`). */
  async entriesOf(id: string, fileName?: string): Promise<LogEntry[]> {
    const record = await this.logs.find(id);
    if (fileName === undefined) return (await this.analyse(record)).entries;
    const file = attachedFiles(record).find((candidate) => candidate.name === fileName);
    if (!file) throw new ApiError("file_not_found", `The log '${id}' has no file named '${fileName.slice(0, 200)}'.`);
    return (await this.analyse(record, file)).entries;
  }

  /** The engine's result for the main log or one file, cached by content hash. */
  private async analyse(record: LogRecord, file?: LogFileRecord): Promise<Insights> {
    const hash = file?.blobHash ?? record.blobHash;
    const cached = this.cache.get(hash);
    if (cached) return cached;
    const insights = analyseLog(limitLines(await this.logs.readText(record, file), this.maxLines));
    this.cache.set(hash, insights, { size: Math.max(1, (file?.size ?? record.size) * BYTES_PER_CONTENT_BYTE) });
    return insights;
  }
}

function shape(insights: Insights, includeEntries: boolean): InsightsBody {
  if (includeEntries) return insights;
  const { entries: _entries, ...rest } = insights;
  return rest;
}
