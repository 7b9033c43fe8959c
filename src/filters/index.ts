/**
 * The privacy filters: applied to every upload before it is stored, and published at
 * `GET /v1/filters` so clients can apply the same list before uploading.
 */
import { applyFilters } from "./apply.ts";
import { limitBytes } from "./limits.ts";
import { publishedFilters, serverFilters } from "./list.ts";
import type { FilterLimits, FilterResult } from "./model.ts";

export type { FilterLimits, FilterResult, PublishedFilter, RegexFilterData } from "./model.ts";
export { FiltersResponse } from "./model.ts";
export { placeholder } from "./placeholders.ts";
export { publishedFilters };

/**
 * The published list, then the byte limit once more: a placeholder can be longer than what it
 * hides (`1::2` becomes 39 characters), and 10 MiB of short IPv6 addresses (36 KB gzipped) was
 * stored as 83 MB, 7.9 times `maxLength`, and served as an 84 MB page. What is stored stays
 * within the limit whatever the client filtered before.
 */
export function filterLog(content: string, limits: FilterLimits): FilterResult {
  const filtered = applyFilters(serverFilters(limits), content);
  const kept = limitBytes(filtered.content, limits.maxBytes);
  return kept === filtered.content ? filtered : { content: kept, truncated: true };
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
