/**
 * A JSON text's shape, checked before JSON.parse builds it: the values it holds (array elements
 * and object members) and how deep it nests. Parsing costs far more memory than the text when
 * the text is all structure: `{"x":[{},{},...]}` of 60 MiB (61 KB gzipped) parsed into 2 GiB of
 * objects, and 100,000 nested arrays parsed, then overflowed the stack where metadata is encoded.
 * A log's text is one string, however long, so real uploads are far inside both bounds.
 */
import { ApiError } from "../errors.ts";

/** Deeper than any body we read needs (an upload's metadata value is at depth 4). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Throws 413 when `text` holds more than `maxValues` values (counted by their commas and
 * containers, an upper bound), 400 when it nests deeper than MAX_JSON_DEPTH. Malformed JSON is
 * left to JSON.parse. One pass: a string's characters are skipped by a search for its closing
 * quote, so a log sent as `content` costs a few searches, not a look at each character.
 */
export function checkJsonShape(text: string, maxValues: number, what = "The JSON body"): void {
  let values = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i);
      if (i < 0) return;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > MAX_JSON_DEPTH) throw new ApiError("invalid_body", `${what} nests deeper than ${MAX_JSON_DEPTH} levels.`);
      values++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    } else if (c === 0x2c /* , */) {
      values++;
    } else {
      continue;
    }
    if (values > maxValues) throw new ApiError("payload_too_large", `${what} holds more than ${maxValues} values.`);
  }
}

/**
 * JSON.parse after the shape check: every JSON text a request sends is parsed here. `invalid` is
 * the error for text that is not JSON, in the terms of where it was sent.
 */
export function parseCheckedJson(text: string, maxValues: number, invalid: () => ApiError, what?: string): unknown {
  checkJsonShape(text, maxValues, what);
  try {
    return JSON.parse(text);
  } catch {
    throw invalid();
  }
}

/** Where the string opened at `open` ends: the next quote not escaped by a backslash; -1 if none. */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at >= 0; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}
