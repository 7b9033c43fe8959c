/**
 * Insights as the API answers them: the engine's findings, with or without the (large) entries
 * list, in mclo.gs's envelope. Shared by the stored logs' insights (insights/service.ts) and the
 * analyses of posted bodies, which the intake answers whole (preparation.ts). No engine here:
 * the request thread loads it with its first analysis, not at start.
 */
import type { Information, Insights, LogEntry, Problem } from "../analysis/index.ts";

/** A problem, and for problems found in an attached file, that file's name. */
export type FileProblem = Problem & { file?: string };

/** Insights as the API returns them: the engine's shape without the (large) entries list. */
export type InsightsBody = Omit<Insights, "entries" | "analysis"> & {
  entries?: LogEntry[];
  analysis: { problems: FileProblem[]; information: Insights["analysis"]["information"] };
};

export function shape(insights: Insights, includeEntries: boolean): InsightsBody {
  if (includeEntries) return insights;
  const { entries: _entries, ...rest } = insights;
  return rest;
}

/** The answer's envelope, as mclo.gs wraps it. */
export function answer<Body extends object>(body: Body): { success: true } & Body {
  return { success: true, ...body };
}

/**
 * POST /analyse's answer as JSON text. Its problems and information are written with their keys
 * in the documented order (insights/model.ts), as Elysia's schema-driven writer put them for the
 * answers it writes (GET /insights/{id}): the engine builds a problem's wording last.
 */
export function answerJson(insights: Insights, includeEntries: boolean): string {
  const body = shape(insights, includeEntries);
  const analysis = { problems: body.analysis.problems.map(problemInOrder), information: body.analysis.information.map(informationInOrder) };
  return JSON.stringify(answer({ ...body, analysis }));
}

function problemInOrder({ message, counter, entry, solutions, code, category, file }: FileProblem): FileProblem {
  return file === undefined ? { message, counter, entry, solutions, code, category } : { message, counter, entry, solutions, code, category, file };
}

function informationInOrder({ message, counter, entry, label, value }: Information): Information {
  return { message, counter, entry, label, value };
}
