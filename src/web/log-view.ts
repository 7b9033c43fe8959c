/**
 * What one view of a log page shows: the main log, or one of its attached files (`?file=name`).
 * Gathers, from the log opened once, its information, the insights (of the whole log, files
 * included) and the entries of the text being shown, from the same shared analysis as its insights.
 */
import type { LogEntry } from "../analysis/index.ts";
import type { InsightsService } from "../insights/service.ts";
import type { InsightsBody } from "../logs/insights-answer.ts";
import type { LogText } from "../logs/main-log.ts";
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
  const log = await logs.open(id);
  const shown = fileName === null ? log.main : log.file(fileName);
  const [analysis, { entries }] = await Promise.all([insights.ofLog(log), log.insights(shown)]);
  return { info: log.info, insights: analysis, entries, file: shown.isMain ? null : figuresOf(shown), tabs: log.attached.map(figuresOf) };
}

function figuresOf(text: LogText): FileFigures {
  return { name: text.name, lines: text.lines, size: text.size, truncated: text.truncated };
}
