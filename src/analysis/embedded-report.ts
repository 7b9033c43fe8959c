/**
 * Crash reports pasted inside an ordinary log. Detection picks one type for the whole file,
 * so a Paper or Fabric log keeps its server type and its report lines become continuation
 * lines; the reference then never ran the crash-report rules (ticking entity / block entity).
 * Here the report segment, from its header line on, is parsed as a report and those rules run
 * on it too.
 */
import { FORMATS } from "./formats.ts";
import type { AnalysisCollector } from "./insights.ts";
import { linesHolding, logLiterals } from "./literal-index.ts";
import type { LogContext } from "./model.ts";
import { parseEntries } from "./parse.ts";
import { rulePhasesFor } from "./problems/index.ts";

const REPORT_HEADER = "---- Minecraft Crash Report ----";
/** Most logs hold no report: the log's literal scan says so without a look at each line. */
const REPORT_HEADER_LITERAL = logLiterals.idOf(REPORT_HEADER);

/** `log` is the whole log's context: the segment is read as the same client or server. */
export function analyseEmbeddedCrashReport(lines: readonly string[], collector: AnalysisCollector, log: LogContext): void {
  const start = firstLineHolding(lines, log);
  if (start < 0) return;
  const rules = rulePhasesFor(["crash-report"]).all;
  if (rules.length === 0) return;
  const segment = lines.slice(start);
  const entries = parseEntries(segment, FORMATS.report, start + 1);
  collector.runRules(rules, entries, { ...log, text: segment.join("\n"), entries });
}

/**
 * Index in `lines` of the first line holding the report header, or -1. The log's literal scan
 * knows the entry and line already (line numbers count from 1 in `lines`); only a log it cannot
 * answer for is read line by line.
 */
function firstLineHolding(lines: readonly string[], log: LogContext): number {
  const hitsByEntry = logLiterals.entryHitsOf(log);
  if (hitsByEntry !== null) {
    // Entries come in text order: the first that holds the header holds its first line.
    for (const [entry, hits] of hitsByEntry) {
      const found = linesHolding(hits, REPORT_HEADER_LITERAL);
      if (found.length === 0) continue;
      const index = entry.lines[found[0]].number - 1;
      if (lines[index]?.includes(REPORT_HEADER)) return index;
      break;
    }
    if (logLiterals.startsIn(log.text, REPORT_HEADER_LITERAL).length === 0) return -1;
  }
  return lines.findIndex((line) => line.includes(REPORT_HEADER));
}
