/**
 * Insights of stored logs as the API and the page give them: a log's findings with its attached
 * files' problems added. The findings of stored texts are the ones every reader shares
 * (logs/analyses.ts, through the log's document). A posted body's are answered whole by the
 * upload intake (LogService.analyseBody), in the shape logs/insights-answer.ts gives both.
 */
import type { LogDocument } from "../logs/log-document.ts";
import { shape, type FileProblem, type InsightsBody } from "../logs/insights-answer.ts";

export class InsightsService {
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
