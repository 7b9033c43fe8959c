/**
 * The filter list's shape. `GET /v1/filters` serves a `PublishedFilter[]` as JSON in the exact
 * shape mclo.gs serves (its client libraries parse it and run it before uploading), and
 * `filterLog` runs the very same entries, so a client that applies the list gets what the
 * server would store for everything the list covers. docs/API.md ("Filters") is the contract.
 */
import { Type, type Static } from "@sinclair/typebox";

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
 * Pattern modifiers, one letter each, as PCRE writes them and Java maps them to flags
 * (i: CASE_INSENSITIVE). Never `g`: every filter replaces every match. Only `i` is used, so a
 * client that knows no other modifier still runs every filter.
 */
export type Modifier = "i";

/**
 * One pattern of a regex filter. Every match is replaced by `replacement`, taken literally
 * (no `$1`: clients insert it as it is). Patterns are written in the common ground of
 * JavaScript, Java's java.util.regex and PCRE: ASCII classes spelled out (no `\s`, `\b`),
 * lookbehinds of fixed length per alternative, no named groups or possessive quantifiers.
 */
export interface RegexPattern {
  pattern: string;
  modifiers: Modifier[];
  replacement: string;
}

/** A match is kept as it is when an exemption finds something in the matched text. Anchored with ^...$, so "finds" and "matches the whole" agree. */
export interface RegexExemption {
  pattern: string;
  modifiers: Modifier[];
}

export interface RegexFilterData {
  /** Applied in order, each over the whole text. */
  patterns: RegexPattern[];
  /** Shared by all the filter's patterns. */
  exemptions: RegexExemption[];
}

/**
 * A redaction as the server holds it. `data` is what GET /v1/filters serves for it. A
 * redaction that needs context a portable pattern cannot express (a player name of any length
 * before a UUID) is `published: false`: the server runs it, clients never see it, and its
 * replacement may use `$1` as String.prototype.replace reads it.
 */
export interface Redaction {
  /** What it hides, for people (docs and test names). */
  name: string;
  published: boolean;
  data: RegexFilterData;
  /**
   * Server side only, never published: a cheap pattern that finds something in every line a
   * pattern of this redaction can match, so the server runs the patterns on those lines only.
   */
  gate?: RegExp;
  /**
   * Server side only: the same patterns written for JavaScript's engine, where the portable
   * form is slow (JavaScriptCore runs a lookbehind of many alternatives at every position).
   * They must replace exactly what `data.patterns` replace (test/filters holds both over the
   * samples); here `$1` may stand for a kept prefix.
   */
  serverPatterns?: RegexPattern[];
}

export type PublishedFilter =
  /** String.prototype.trim on the whole content. `data` is an object, never null: clients read it as one. */
  | { type: "trim"; data: Record<string, never> }
  /** Keep at most `limit` UTF-8 bytes, never splitting a character. */
  | { type: "limit-bytes"; data: { limit: number } }
  /** Keep at most `limit` lines. */
  | { type: "limit-lines"; data: { limit: number } }
  | { type: "regex"; data: RegexFilterData };

const modifiers = Type.Array(Type.Literal("i"), { description: "Single-letter modifiers as PCRE writes them; never `g`." });

/** The schema of `GET /v1/filters`, for the OpenAPI document. */
export const FiltersResponse = Type.Array(
  Type.Union([
    Type.Object({ type: Type.Literal("trim"), data: Type.Object({}, { additionalProperties: false }) }),
    Type.Object({ type: Type.Literal("limit-bytes"), data: Type.Object({ limit: Type.Integer({ minimum: 0 }) }) }),
    Type.Object({ type: Type.Literal("limit-lines"), data: Type.Object({ limit: Type.Integer({ minimum: 0 }) }) }),
    Type.Object({
      type: Type.Literal("regex"),
      data: Type.Object({
        patterns: Type.Array(
          Type.Object({
            pattern: Type.String({ description: "Compiles in JavaScript, Java (java.util.regex) and PCRE alike." }),
            modifiers,
            replacement: Type.String({ description: "Literal text: no group references." }),
          }),
        ),
        exemptions: Type.Array(Type.Object({ pattern: Type.String(), modifiers }), {
          description: "A match in which one of these finds something is kept as it is.",
        }),
      }),
    }),
  ]),
  { description: "The privacy filters, in the order they run (the mclo.gs shape)." },
);
export type FiltersResponse = Static<typeof FiltersResponse>;
