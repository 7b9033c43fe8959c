/**
 * What the agent learns from the local engine before it spends a round: the detected software,
 * the problems with the lines they point at and their suggested fixes, and the information
 * (versions, counts). Rendered as compact text, bounded, because it goes into every model call.
 */
import type { Insights, LogEntry } from "../analysis/model.ts";

const briefLimits = {
  problems: 12,
  information: 20,
  entryLines: 8,
  lineChars: 300,
} as const;

/** The engine loads with the first analysis that needs it, not with the server (its rules weigh ~15 MiB). */
export async function engineInsights(text: string): Promise<Insights> {
  const { analyseLog } = await import("../analysis/index.ts");
  return analyseLog(text);
}

function lineRange(entry: LogEntry): string {
  const first = entry.lines[0]?.number;
  const last = entry.lines[entry.lines.length - 1]?.number;
  if (first === undefined) return "?";
  return first === last ? `line ${first}` : `lines ${first}-${last}`;
}

function entryExcerpt(entry: LogEntry): string {
  const shown = entry.lines.slice(0, briefLimits.entryLines).map((line) => {
    const content = line.content.length > briefLimits.lineChars ? `${line.content.slice(0, briefLimits.lineChars)}…` : line.content;
    return `    ${line.number}| ${content}`;
  });
  const hidden = entry.lines.length - shown.length;
  if (hidden > 0) shown.push(`    … ${hidden} more lines`);
  return shown.join("\n");
}

export function renderInsights(insights: Insights): string {
  const out: string[] = [];
  const software = [insights.name, insights.version].filter(Boolean).join(" ");
  out.push(`Detected: ${insights.title || software || insights.id} (type ${insights.type}, id ${insights.id})`);

  const { problems, information } = insights.analysis;
  if (problems.length === 0) out.push("Problems found by the engine: none.");
  else out.push(`Problems found by the engine (${problems.length}):`);
  for (const problem of problems.slice(0, briefLimits.problems)) {
    out.push(`- [${problem.category}] ${problem.message} (seen ${problem.counter}x, first at ${lineRange(problem.entry)})`);
    out.push(entryExcerpt(problem.entry));
    for (const solution of problem.solutions) out.push(`    suggested fix: ${solution.message}`);
  }
  if (problems.length > briefLimits.problems) out.push(`- … ${problems.length - briefLimits.problems} more problems`);

  if (information.length > 0) {
    out.push("Information:");
    for (const info of information.slice(0, briefLimits.information)) out.push(`- ${info.label}: ${info.value}`);
  }
  return out.join("\n");
}
