/**
 * Test support: turns a short log snippet into LogEntry values (a header line plus its
 * continuation lines) and runs the problem rules over them the way the pipeline does,
 * merging findings of the same rule and key. Independent of the real parser on purpose.
 */
import type { LogEntry, RuleGroup } from "../../../src/analysis/model.ts";
import { problemRulesFor } from "../../../src/analysis/problems/index.ts";

/** A line that starts a new entry: `[12:00:00]`, `[14Jun2024 ...]`, `12:00:00 [`, `2024-01-01 ...`, `[2024-...`. */
const HEADER = /^(?:\[\d|\d\d:\d\d:\d\d \[|\d{4}-\d\d-\d\d)/;

export function entriesOf(text: string, startLine = 1): LogEntry[] {
  const entries: LogEntry[] = [];
  text.split("\n").forEach((content, index) => {
    const line = { number: startLine + index, content };
    const last = entries[entries.length - 1];
    if (last && !HEADER.test(content)) last.lines.push(line);
    else entries.push({ level: 6, time: null, prefix: null, lines: [line] });
  });
  return entries;
}

/** Crash reports are parsed one line per entry. */
export function reportEntriesOf(text: string): LogEntry[] {
  return text.split("\n").map((content, index) => ({ level: 6, time: null, prefix: null, lines: [{ number: index + 1, content }] }));
}

export interface FoundProblem {
  code: string;
  message: string;
  counter: number;
  line: number;
  solutions: string[];
}

/** `side`: what the log's type would say (analyse-log.ts); unset, rules that ask for it find none. */
export function analyse(groups: readonly RuleGroup[], text: string, entries = entriesOf(text), side?: "client" | "server"): FoundProblem[] {
  const rules = problemRulesFor(groups);
  const log = { text, entries, side };
  const problems: (FoundProblem & { key: string })[] = [];
  for (const entry of entries) {
    for (const rule of rules) {
      for (const finding of rule.find(entry, log)) {
        const same = problems.find((p) => p.code === rule.code && p.key === finding.key);
        if (same) same.counter++;
        else
          problems.push({
            code: rule.code,
            key: finding.key,
            message: finding.message,
            counter: 1,
            line: entry.lines[0].number,
            solutions: finding.solutions.map((s) => s.message),
          });
      }
    }
  }
  return problems.map(({ key: _key, ...problem }) => problem);
}

export const ALL_GROUPS: readonly RuleGroup[] = ["jvm", "vanilla", "forge", "bukkit", "paper", "folia", "fabric", "crash-report", "pocketmine", "bedrock"];
