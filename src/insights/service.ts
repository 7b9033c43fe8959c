/**
 * Insights of logs: runs the analysis engine (src/analysis, pure) on stored or posted content.
 * The engine is deterministic per content, so results are cached by content hash: a popular
 * shared log is analysed once, however many people open it.
 */
import { LRUCache } from "lru-cache";
import { ApiError } from "../errors.ts";
import { analyseLog, type Insights, type LogEntry } from "../analysis/index.ts";
import { filterLog, type FilterLimits } from "../filters/index.ts";
import type { LogService } from "../logs/service.ts";

/** Insights as the API returns them: the engine's shape without the (large) entries list. */
export type InsightsBody = Omit<Insights, "entries"> & { entries?: LogEntry[] };

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

  async ofLog(id: string, includeEntries = false): Promise<InsightsBody> {
    return shape(await this.full(id), includeEntries);
  }

  async entriesOf(id: string): Promise<LogEntry[]> {
    return (await this.full(id)).entries;
  }

  private async full(id: string): Promise<Insights> {
    const record = await this.logs.find(id);
    const cached = this.cache.get(record.blobHash);
    if (cached) return cached;
    const insights = analyseLog(await this.logs.readText(record));
    this.cache.set(record.blobHash, insights, { size: Math.max(1, record.size * BYTES_PER_CONTENT_BYTE) });
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
