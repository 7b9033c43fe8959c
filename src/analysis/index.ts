/**
 * The analysis engine's public surface; other modules import only from here.
 * Pure: no HTTP, no storage.
 */
import { detectLogType } from "./detect";
import { FORMATS } from "./formats";
import { Level } from "./model";
import { normaliseLog } from "./normalise";
import { countEntriesAtLeast } from "./parse";

export { analyseLog, type AnalyseOptions } from "./analyse-log";
export type * from "./model";
export { Level } from "./model";
/** Every problem rule with what it detects and where it applies (for lookups by code). */
export { problemCatalog } from "./problems";

/** Line count and error-or-worse entry count for the upload response; no analysis runs. */
export function logStats(input: string): { lines: number; errors: number } {
  const log = normaliseLog(input);
  const format = FORMATS[detectLogType(log).format];
  return { lines: log.lines.length, errors: countEntriesAtLeast(log.lines, format, Level.error) };
}
