/**
 * Insights of logs as the API and the page give them: a stored log's findings with its attached
 * files' problems added, or a posted body's, analysed after the upload's filters. The findings of
 * stored texts are the ones every reader shares (logs/analyses.ts, through the log's document).
 */
import type { Insights, LogEntry, Problem } from "../analysis/index.ts";
import type { LogDocument } from "../logs/log-document.ts";
import type { LogService } from "../logs/service.ts";
import type { UploadBody } from "../logs/upload-input.ts";

/** A problem, and for problems found in an attached file, that file's name. */
export type FileProblem = Problem & { file?: string };

/** Insights as the API returns them: the engine's shape without the (large) entries list. */
export type InsightsBody = Omit<Insights, "entries" | "analysis"> & {
  entries?: LogEntry[];
  analysis: { problems: FileProblem[]; information: Insights["analysis"]["information"] };
};

export class InsightsService {
  constructor(private readonly logs: LogService) {}

  /**
   * Analyses a posted body (any upload form), after the same parsing and filters an upload
   * passes; nothing is stored. The main log is analysed (in a body of files only, the first file).
   */
  async analyseBody(body: UploadBody, includeEntries = false): Promise<InsightsBody> {
    const { main } = await this.logs.filterBody(body);
    // The engine loads with the first analysis, not with the server (its rules weigh ~15 MiB).
    const { analyseLog } = await import("../analysis/index.ts");
    return shape(analyseLog(main.content), includeEntries);
  }

  /**
   * Insights of a stored log. Attached files are analysed too: their problems are added after the
   * main log's, each with `file` naming the file it is in (its entry's line numbers are that file's).
   */
  async ofLog(log: LogDocument, includeEntries = false): Promise<InsightsBody> {
    const main = await log.insights();
    const problems: FileProblem[] = [...main.analysis.problems];
    for (const file of log.attached) {
      const insights = await log.insights(file);
      for (const problem of insights.analysis.problems) problems.push({ ...problem, file: file.name });
    }
    const body = shape(main, includeEntries);
    return { ...body, analysis: { ...body.analysis, problems } };
  }
}

function shape(insights: Insights, includeEntries: boolean): InsightsBody {
  if (includeEntries) return insights;
  const { entries: _entries, ...rest } = insights;
  return rest;
}
