/**
 * The analysis engine's public surface; other modules import only from here.
 * Pure: no HTTP, no storage.
 */
import { parseLog } from "./analyse-log";
import { Level } from "./model";

export { analyseLog, type AnalyseOptions } from "./analyse-log";
export type * from "./model";
export { Level } from "./model";
/** Every problem rule with what it detects and where it applies (for lookups by code). */
export { problemCatalog } from "./problems";

/** Line count and error-or-worse entry count for the upload response; no analysis runs. */
export function logStats(input: string): { lines: number; errors: number } {
  const log = parseLog(input);
  let errors = 0;
  for (const entry of log.entries) if (entry.level <= Level.error) errors++;
  return { lines: log.lines.length, errors };
}
