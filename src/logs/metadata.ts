/**
 * What an uploader says about its log (`source` and `metadata`), taken as leniently as mclo.gs
 * takes it: what can be stored is stored, cut to the limits; what cannot is dropped, so a sloppy
 * client never loses its upload. The same rules serve JSON bodies and both form bodies.
 */
import { ApiError } from "../errors.ts";
import { redactText } from "../filters/index.ts";
import type { MetadataEntry } from "../storage/schema.ts";
import { MAX_METADATA_ENTRIES, MAX_METADATA_KEY, MAX_METADATA_LABEL, MAX_METADATA_TEXT, MAX_SOURCE_LENGTH } from "./model.ts";
import { fieldOf, listValues } from "./php-form.ts";

/** `source`: text cut to its limit; "" or null is no source. */
export function uploadSource(value: string | null | undefined): string | null {
  return value ? storableText(value, MAX_SOURCE_LENGTH) || null : null;
}

/**
 * `metadata`: a list of entries (a JSON array, or the map PHP-style form fields build). Entries
 * without a key, or whose value is absent or null, are dropped; the first 100 that remain are kept.
 */
export function uploadMetadata(value: unknown): MetadataEntry[] {
  if (value === undefined || value === null) return [];
  const items = listValues(value);
  // A scalar where the list belongs is a client that builds another shape altogether: there is no
  // entry to salvage, and answering 200 would hide that every upload of it loses its metadata.
  if (!items) throw new ApiError("invalid_body", "Invalid field 'metadata': expected a list of {key, value, label?, visible?}.");
  const entries: MetadataEntry[] = [];
  for (const item of items) {
    const entry = metadataEntry(item);
    if (entry) entries.push(entry);
    if (entries.length === MAX_METADATA_ENTRIES) break;
  }
  return entries;
}

function metadataEntry(item: unknown): MetadataEntry | null {
  const key = entryText(fieldOf(item, "key"), MAX_METADATA_KEY);
  const value = entryValue(fieldOf(item, "value"));
  if (!key || value === null) return null;
  const entry: MetadataEntry = { key, value };
  const label = entryText(fieldOf(item, "label"), MAX_METADATA_LABEL);
  if (label !== null) entry.label = label;
  const visible = visibility(fieldOf(item, "visible"));
  if (visible !== null) entry.visible = visible;
  return entry;
}

/**
 * Numbers and booleans stay as sent (JSON types survive the round trip); the rest becomes text.
 * A number JSON cannot write (`1e400` parses as Infinity) is no value: stored, it became null in
 * the database and failed the upload's answer after the log was in (a 500, and no token).
 */
function entryValue(value: unknown): MetadataEntry["value"] {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value;
  return entryText(value, MAX_METADATA_TEXT);
}

/** Text of a key, label or value: objects and arrays JSON-encoded (as mclo.gs does), scalars as text. */
function entryText(value: unknown, maxChars: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return storableText(value, maxChars);
  if (typeof value === "object") return storableText(JSON.stringify(jsonOf(value)), maxChars);
  return storableText(String(value), maxChars);
}

/** PHP-style form maps encode as JSON objects, like the arrays PHP would encode. */
function jsonOf(value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries([...value].map(([key, inner]) => [key, jsonOf(inner)]));
  return value;
}

/** JSON booleans as they are; form text as PHP reads a checkbox ("", "0", "false", "off", "no" are false). */
function visibility(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") return !["", "0", "false", "off", "no"].includes(value.trim().toLowerCase());
  return null;
}

/**
 * Text Postgres can store, through the privacy redactions, cut to `maxLength` UTF-16 units
 * (JavaScript's and the schemas' length; a surrogate pair at the cut goes whole). NUL is dropped
 * (text and jsonb columns refuse it) and lone surrogates become U+FFFD. Only the start the cut
 * can keep is redacted: the limit and room for any secret that begins inside it (a value may be
 * most of a 64 MiB body, and all of it was redacted to keep 1,024 characters).
 */
function storableText(text: string, maxLength: number): string {
  const clean = redactText(text.slice(0, maxLength + REDACTION_ROOM).replaceAll("\0", "").toWellFormed());
  if (clean.length <= maxLength) return clean;
  const lastKept = clean.charCodeAt(maxLength - 1);
  return clean.slice(0, lastKept >= 0xd800 && lastKept <= 0xdbff ? maxLength - 1 : maxLength);
}

/** Characters read past a limit so that a secret starting before it is still recognised whole. */
const REDACTION_ROOM = 64 * 1024;
