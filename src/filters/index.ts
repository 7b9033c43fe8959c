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
