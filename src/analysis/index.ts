/**
 * The analysis engine's public surface; other modules import only from here.
 * Pure: no HTTP, no storage.
 */
import { detectLog } from "./analyse-log.ts";
import { FORMATS } from "./formats.ts";
import { Level } from "./model.ts";
import { countEntriesAtLeast } from "./parse.ts";

export { analyseLog, type AnalyseOptions } from "./analyse-log.ts";
export type * from "./model.ts";
export { Level } from "./model.ts";
/** Every problem rule with what it detects and where it applies (for lookups by code). */
export { problemCatalog } from "./problems/index.ts";
export { logLines, packInsights, unpackInsights, type PackedInsights } from "./packed-insights.ts";

/** Line count and error-or-worse entry count for the upload response; no analysis runs. */
export function logStats(input: string): { lines: number; errors: number } {
  // No analysis follows, so no rule shares a literal scan: the hints are searched for on their own.
  const log = detectLog(input, "own searches");
  return { lines: log.lines.length, errors: countEntriesAtLeast(log.lines, FORMATS[log.type.format], Level.error) };
}
