/**
 * The filter list's shape. `GET /v1/filters` serves a `PublishedFilter[]` as JSON and
 * `filterLog` runs the very same list, so a client that applies it before uploading gets
 * what the server would store.
 */

export interface FilterLimits {
  /** Largest stored content in UTF-8 bytes. */
  maxBytes: number;
  /** Largest stored content in lines. */
  maxLines: number;
}

export interface FilterResult {
  content: string;
  /** True when limit-bytes or limit-lines cut anything off. */
  truncated: boolean;
}

/**
 * A redaction. Every match of `new RegExp(pattern, flags)` (flags always hold `g`) is
 * replaced by `replacement`, in which `$1`..`$9` stand for capture groups as in
 * String.prototype.replace and PCRE's preg_replace; other `$` sequences never occur.
 * A match is left alone when one of the `exemptions` finds something in the matched
 * text; exemptions are compiled with the filter's flags minus `g`. A filter that has
 * exemptions always has a literal replacement, so a client can use a replace callback
 * there and plain String.prototype.replace everywhere else.
 */
export interface RegexFilterData {
  pattern: string;
  flags: string;
  replacement: string;
  exemptions: string[];
}

export type PublishedFilter =
  /** String.prototype.trim on the whole content. */
  | { type: "trim"; data: null }
  /** Keep at most `limit` UTF-8 bytes; see limits.ts for where the cut falls. */
  | { type: "limit-bytes"; data: { limit: number } }
  /** Keep at most `limit` lines. */
  | { type: "limit-lines"; data: { limit: number } }
  | { type: "regex"; data: RegexFilterData };
