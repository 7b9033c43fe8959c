/**
 * The privacy filters: applied to every upload before it is stored, and published at
 * `GET /v1/filters` so clients can apply the same list before uploading.
 */
import { applyFilters } from "./apply.ts";
import { publishedFilters, serverFilters } from "./list.ts";
import type { FilterLimits, FilterResult } from "./model.ts";

export type { FilterLimits, FilterResult, PublishedFilter, RegexFilterData } from "./model.ts";
export { FiltersResponse } from "./model.ts";
export { placeholder } from "./placeholders.ts";
export { publishedFilters };

export function filterLog(content: string, limits: FilterLimits): FilterResult {
  return applyFilters(serverFilters(limits), content);
}

const redactionsOnly = serverFilters({ maxBytes: Number.MAX_SAFE_INTEGER, maxLines: Number.MAX_SAFE_INTEGER }).filter(
  (filter) => filter.type === "regex",
);

/**
 * The redactions alone (no trim, no limits), for what an uploader sends beside the log and we
 * show back: `source`, metadata, attached-file names. An address or a home path there leaks as
 * much as in the log.
 */
export function redactText(text: string): string {
  return applyFilters(redactionsOnly, text).content;
}
