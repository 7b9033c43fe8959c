/**
 * Crash reports pasted inside an ordinary log. Detection picks one type for the whole file,
 * so a Paper or Fabric log keeps its server type and its report lines become continuation
 * lines; the reference then never ran the crash-report rules (ticking entity / block entity).
 * Here the report segment, from its header line on, is parsed as a report and those rules run
 * on it too.
 */
import { FORMATS } from "./formats";
import type { AnalysisCollector } from "./insights";
import type { LogContext } from "./model";
import { parseEntries } from "./parse";
import { problemRulesFor } from "./problems";

const REPORT_HEADER = "---- Minecraft Crash Report ----";

/** `log` is the whole log's context: the segment is read as the same client or server. */
export function analyseEmbeddedCrashReport(lines: readonly string[], collector: AnalysisCollector, log: Omit<LogContext, "text" | "entries">): void {
  const start = lines.findIndex((line) => line.includes(REPORT_HEADER));
  if (start < 0) return;
  const rules = problemRulesFor(["crash-report"]);
  if (rules.length === 0) return;
  const segment = lines.slice(start);
  const entries = parseEntries(segment, FORMATS.report, start + 1);
  collector.runRules(rules, entries, { ...log, text: segment.join("\n"), entries });
}
