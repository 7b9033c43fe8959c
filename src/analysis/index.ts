/**
 * The analysis engine's public surface; other modules import only from here.
 * Pure: no HTTP, no storage.
 */
import { parseLog } from "./analyse-log";
import { Level, type RuleGroup } from "./model";
import { problemRulesFor } from "./problems";

export { analyseLog, type AnalyseOptions } from "./analyse-log";
export type * from "./model";
export { Level } from "./model";

/** Line count and error-or-worse entry count for the upload response; no analysis runs. */
export function logStats(input: string): { lines: number; errors: number } {
  const log = parseLog(input);
  let errors = 0;
  for (const entry of log.entries) if (entry.level <= Level.error) errors++;
  return { lines: log.lines.length, errors };
}

const ALL_GROUPS: readonly RuleGroup[] = [
  "vanilla",
  "bukkit",
  "paper",
  "folia",
  "fabric",
  "forge",
  "crash-report",
  "pocketmine",
  "bedrock",
];

/** Every problem rule with what it detects and where it applies (for lookups by code). */
export function problemCatalog(): { code: string; summary: string; groups: RuleGroup[] }[] {
  const seen = new Set<string>();
  const catalog: { code: string; summary: string; groups: RuleGroup[] }[] = [];
  for (const rule of problemRulesFor(ALL_GROUPS)) {
    if (seen.has(rule.code)) continue;
    seen.add(rule.code);
    catalog.push({ code: rule.code, summary: rule.summary, groups: [...rule.groups] });
  }
  return catalog;
}
