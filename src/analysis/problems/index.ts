/** Public face of the problem rules: the rules for a log type's groups, and the catalog listing. */
import type { ProblemRule, RuleGroup } from "../model.ts";
import { allRules, analyserOrder } from "./catalog.ts";

const byCode = new Map(allRules.map((rule) => [rule.code, rule]));
const groupOrder = Object.keys(analyserOrder) as RuleGroup[];

/** The rules of the given groups, in the order the analyser runs them; a rule of two groups runs once. */
export function problemRulesFor(groups: readonly RuleGroup[]): ProblemRule[] {
  return [...rulePhasesFor(groups).all];
}

/**
 * A log's rules split by when they run (analyse-log.ts): the same arrays for every log of the
 * same groups, so the collector works out what it needs of a list once (insights.ts).
 */
export interface RulePhases {
  all: readonly ProblemRule[];
  /** Run first, on every entry. */
  main: readonly ProblemRule[];
  /** Run next, on the entries `main` found nothing in. */
  deferred: readonly ProblemRule[];
  /** The last resorts, in order, each alone in its list. */
  lastResorts: readonly (readonly [ProblemRule])[];
}

/** The phases already worked out, by their groups: every log asks, and logs share a few sets of groups. */
const phasesByGroups = new Map<string, RulePhases>();

export function rulePhasesFor(groups: readonly RuleGroup[]): RulePhases {
  const key = groups.join(",");
  let phases = phasesByGroups.get(key);
  if (!phases) {
    const wanted = new Set(groups);
    const codes = groupOrder.filter((group) => wanted.has(group)).flatMap((group) => analyserOrder[group]);
    const all = [...new Set(codes)].map((code) => byCode.get(code)!);
    phases = {
      all,
      main: all.filter((rule) => !rule.fallback && !rule.deferred),
      deferred: all.filter((rule) => rule.deferred),
      lastResorts: all.filter((rule) => rule.fallback).map((rule) => [rule] as const),
    };
    phasesByGroups.set(key, phases);
  }
  return phases;
}

/** Every problem the engine knows, for documentation and the AI's catalog lookup. */
export function problemCatalog(): { code: string; summary: string; groups: RuleGroup[] }[] {
  return allRules.map(({ code, summary, groups }) => ({ code, summary, groups: [...groups] }));
}

export { defineRule } from "./define-rule.ts";
