/**
 * What one view of a log page shows: the main log, or one of its attached files (`?file=name`).
 * Gathers the record, the insights (of the whole log, files included) and the entries of the
 * text being shown. Attached files' entries come from the engine directly: it is pure and
 * linear, and a file is read only when someone opens its tab.
 */
import { analyseLog, type LogEntry } from "../analysis/index.ts";
import { ApiError } from "../errors.ts";
import type { InsightsBody, InsightsService } from "../insights/service.ts";
import type { LogInfoResponse } from "../logs/model.ts";
import type { LogService } from "../logs/service.ts";

export interface LogView {
  info: LogInfoResponse;
  insights: InsightsBody;
  entries: readonly LogEntry[];
  /** The attached file shown, or null for the main log. */
  file: { name: string; lines: number; size: number } | null;
  /** Attached files other than the main log itself (a log of files only stores its first file as both). */
  tabs: { name: string; lines: number; size: number }[];
}

export async function loadLogView(logs: LogService, insights: InsightsService, id: string, fileName: string | null): Promise<LogView> {
  const record = await logs.find(id);
  const info = await logs.info(id);
  const tabs = record.files
    .filter((file) => file.blobHash !== record.blobHash)
    .map((file) => ({ name: file.name, lines: file.lines, size: file.size }));
  const [analysis, entries] = await Promise.all([
    insights.ofLog(id),
    fileName === null ? insights.entriesOf(id) : fileEntries(logs, id, fileName),
  ]);
  const file = fileName === null ? null : (tabs.find((tab) => tab.name === fileName) ?? null);
  return { info, insights: analysis, entries, file, tabs };
}

async function fileEntries(logs: LogService, id: string, name: string): Promise<LogEntry[]> {
  const { record, file } = await logs.readStoredFile(id, name);
  if (file.blobHash === record.blobHash) throw new ApiError("file_not_found", `The log '${id}' has no file named '${name.slice(0, 200)}'.`);
  return analyseLog(await logs.readText(record, file)).entries;
}
