/**
 * The engine's problem catalog as the agent's lookup tool searches it: by the words of a known
 * error message or a rule code. Loaded with the agent's tools (tools.ts), not with the server.
 */
import { problemCatalog } from "../analysis/index.ts";

const CATALOG_RESULTS = 5;

export interface CatalogMatch {
  code: string;
  summary: string;
}

/** The engine's problem catalog, searched by the words of a known error message or a rule code. */
export function lookupProblemCatalog(query: string): CatalogMatch[] {
  const words = query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 2);
  if (words.length === 0) throw new Error("query needs at least one word of three or more letters");

  const scored = problemCatalog()
    .map((rule) => {
      const haystack = `${rule.code} ${rule.summary}`.toLowerCase();
      const score = words.filter((word) => haystack.includes(word)).length;
      return { rule, score };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score);
  return scored.slice(0, CATALOG_RESULTS).map(({ rule }) => ({ code: rule.code, summary: rule.summary }));
}
