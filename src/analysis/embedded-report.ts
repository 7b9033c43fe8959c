/**
 * Crash reports pasted inside an ordinary log. Detection picks one type for the whole file,
 * so a Paper or Fabric log keeps its server type and its report lines become continuation
 * lines; the reference then never ran the crash-report rules (ticking entity / block entity).
 * Here the report segment, from its header line on, is parsed as a report and those rules run
 * on it too.
 */
import { FORMATS } from "./formats";
import type { AnalysisCollector } from "./insights";
import { logLiterals } from "./literal-index";
import type { LogContext } from "./model";
import { parseEntries } from "./parse";
import { problemRulesFor } from "./problems";

const REPORT_HEADER = "---- Minecraft Crash Report ----";
/** Most logs hold no report: the log's literal scan says so without a look at each line. */
const REPORT_HEADER_LITERAL = logLiterals.idOf(REPORT_HEADER);

/** `log` is the whole log's context: the segment is read as the same client or server. */
export function analyseEmbeddedCrashReport(lines: readonly string[], collector: AnalysisCollector, log: LogContext): void {
  if (logLiterals.startsIn(log.text, REPORT_HEADER_LITERAL).length === 0) return;
  const start = lines.findIndex((line) => line.includes(REPORT_HEADER));
  if (start < 0) return;
  const rules = problemRulesFor(["crash-report"]);
  if (rules.length === 0) return;
  const segment = lines.slice(start);
  const entries = parseEntries(segment, FORMATS.report, start + 1);
  collector.runRules(rules, entries, { ...log, text: segment.join("\n"), entries });
}
