/**
 * What one view of a log page shows: the main log, or one of its attached files (`?file=name`).
 * Gathers the record, the insights (of the whole log, files included) and the entries of the
 * text being shown; a file's entries come from the same cached analysis as its insights.
 */
import type { LogEntry } from "../analysis/index.ts";
import type { InsightsBody, InsightsService } from "../insights/service.ts";
import { attachedFiles } from "../logs/main-log.ts";
import type { LogInfoResponse } from "../logs/model.ts";
import type { LogService } from "../logs/service.ts";

export interface LogView {
  info: LogInfoResponse;
  insights: InsightsBody;
  entries: readonly LogEntry[];
  /** The attached file shown, or null for the main log. */
  file: FileFigures | null;
  /** Attached files other than the main log itself (a log of files only stores its first file as both). */
  tabs: FileFigures[];
}

export interface FileFigures {
  name: string;
  lines: number;
  size: number;
  /** The limits cut this file on upload. */
  truncated: boolean;
}

export async function loadLogView(logs: LogService, insights: InsightsService, id: string, fileName: string | null): Promise<LogView> {
  const record = await logs.find(id);
  const info = await logs.info(id);
  const tabs = attachedFiles(record).map((file) => ({ name: file.name, lines: file.lines, size: file.size, truncated: file.truncated }));
  const [analysis, entries] = await Promise.all([
    insights.ofLog(id),
    insights.entriesOf(id, fileName ?? undefined),
  ]);
  const file = fileName === null ? null : (tabs.find((tab) => tab.name === fileName) ?? null);
  return { info, insights: analysis, entries, file, tabs };
}
