/**
 * The analysis engine's public surface; other modules import only from here.
 * Pure: no HTTP, no storage.
 */
import { detectLog } from "./analyse-log";
import { FORMATS } from "./formats";
import { Level } from "./model";
import { countEntriesAtLeast } from "./parse";

export { analyseLog, type AnalyseOptions } from "./analyse-log";
export type * from "./model";
export { Level } from "./model";
/** Every problem rule with what it detects and where it applies (for lookups by code). */
export { problemCatalog } from "./problems";

/** Line count and error-or-worse entry count for the upload response; no analysis runs. */
export function logStats(input: string): { lines: number; errors: number } {
  const log = detectLog(input);
  return { lines: log.lines.length, errors: countEntriesAtLeast(log.lines, FORMATS[log.type.format], Level.error) };
}
