/** Public face of the problem rules: the rules for a log type's groups, and the catalog listing. */
import type { ProblemRule, RuleGroup } from "../model.ts";
import { allRules, analyserOrder } from "./catalog.ts";

const byCode = new Map(allRules.map((rule) => [rule.code, rule]));
const groupOrder = Object.keys(analyserOrder) as RuleGroup[];

/** The lists already worked out, by their groups: every log asks, and logs share a few sets of groups. */
const rulesByGroups = new Map<string, readonly ProblemRule[]>();

/** The rules of the given groups, in the order the analyser runs them; a rule of two groups runs once. */
export function problemRulesFor(groups: readonly RuleGroup[]): ProblemRule[] {
  const key = groups.join(",");
  let rules = rulesByGroups.get(key);
  if (!rules) {
    const wanted = new Set(groups);
    const codes = groupOrder.filter((group) => wanted.has(group)).flatMap((group) => analyserOrder[group]);
    rules = [...new Set(codes)].map((code) => byCode.get(code)!);
    rulesByGroups.set(key, rules);
  }
  return [...rules];
}

/** Every problem the engine knows, for documentation and the AI's catalog lookup. */
export function problemCatalog(): { code: string; summary: string; groups: RuleGroup[] }[] {
  return allRules.map(({ code, summary, groups }) => ({ code, summary, groups: [...groups] }));
}

export { defineRule } from "./define-rule.ts";
