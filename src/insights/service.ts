/**
 * Insights of logs as the API and the page give them: a stored log's findings with its attached
 * files' problems added, or a posted body's, analysed after the upload's filters. The findings of
 * stored texts are the ones every reader shares (logs/analyses.ts, through the log's document).
 */
import type { LogDocument } from "../logs/log-document.ts";
import type { LogService } from "../logs/service.ts";
import type { UploadBody } from "../logs/upload-input.ts";
import { shape, type FileProblem, type InsightsBody } from "../logs/insights-answer.ts";

export type { FileProblem, InsightsBody } from "../logs/insights-answer.ts";

export class InsightsService {
  constructor(private readonly logs: LogService) {}

  /**
   * Analyses a posted body (any upload form), after the same parsing and filters an upload
   * passes; nothing is stored. The main log is analysed (in a body of files only, the first file).
   * The answer comes as JSON text, made where the body was analysed (an intake worker: see
   * LogService.analyseBody).
   */
  analyseBody(body: UploadBody, includeEntries = false): Promise<string> {
    return this.logs.analyseBody(body, includeEntries);
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
