/**
 * The forms a decoded request body comes in, told apart by Content-Type: plain text, JSON, or
 * form fields (urlencoded or multipart). Uploads and bulk delete read their bodies through here,
 * after src/edge/body.ts has read and decoded the bytes.
 */
import { ApiError } from "../errors.ts";
import { parseCheckedJson } from "./json-shape.ts";
import type { FormEntry } from "./php-form.ts";

export type BodyForm =
  | { type: "text"; text: string }
  | { type: "json"; value: unknown }
  | { type: "form"; entries: FormEntry[] };

export type BodyFormType = BodyForm["type"];

const MEDIA_TYPES: Record<string, BodyFormType> = {
  "text/plain": "text",
  "application/json": "json",
  "application/x-www-form-urlencoded": "form",
  "multipart/form-data": "form",
};

/**
 * Lenient UTF-8: invalid bytes become U+FFFD instead of failing the request, and a BOM is kept.
 * Buffer's decoder gives the same text as TextDecoder("utf-8", { fatal: false, ignoreBOM: true })
 * (body-forms.test.ts compares them on random bytes) at 4-10x its speed in Bun: 0.15 ms of a
 * 200 KB upload's intake became 0.02-0.04.
 */
export function decodeText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}

/** The media type of a Content-Type value, lower-cased, without its parameters ("" when absent). */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * Parses a body by its media type; a body without one is read as `whenUntyped`. A media type
 * outside `accepted` is a 415 naming the accepted ones; a form of more than `maxFields` fields
 * or parts is a 413, found by counting separators on the bytes before anything is parsed, and so
 * is a JSON body of more than `maxJsonValues` values (json-shape.ts).
 */
export async function parseBodyForm(
  bytes: Uint8Array,
  contentType: string | null,
  accepted: readonly BodyFormType[],
  whenUntyped: BodyFormType,
  maxFields: number,
  maxJsonValues = maxFields,
): Promise<BodyForm> {
  const mediaType = mediaTypeOf(contentType);
  const type = mediaType === "" ? whenUntyped : MEDIA_TYPES[mediaType];
  if (!type || !accepted.includes(type)) {
    const names = Object.keys(MEDIA_TYPES).filter((name) => accepted.includes(MEDIA_TYPES[name]));
    throw new ApiError("unsupported_media_type", `Content-Type '${mediaType.slice(0, 80)}' is not accepted; send ${names.join(", ")}.`);
  }
  switch (type) {
    case "text":
      return { type, text: decodeText(bytes) };
    case "json":
      return { type, value: parseCheckedJson(decodeText(bytes), maxJsonValues, () => new ApiError("invalid_json", "The request body is not valid JSON.")) };
    case "form": {
      const multipart = mediaType === "multipart/form-data";
      const separator = multipart ? `--${boundaryOf(contentType!)}` : "&";
      if (occurrences(bytes, separator, maxFields + 1) > maxFields) {
        throw new ApiError("payload_too_large", `The form holds more than ${maxFields} ${multipart ? "parts" : "fields"} (MAX_FORM_FIELDS).`);
      }
      return { type, entries: multipart ? await multipartEntries(bytes, separator.slice(2)) : [...new URLSearchParams(decodeText(bytes))] };
    }
  }
}

/**
 * The `boundary` parameter of a multipart Content-Type, read parameter by parameter (a quoted
 * value may hold `;` or `boundary=`), and checked against RFC 2046's boundary characters. A search
 * for `boundary=` anywhere took `xboundary=ZZ; boundary=BBB` or `charset="boundary=ZZ"` for ZZ:
 * the parts were counted by one boundary and parsed by another, past MAX_FORM_FIELDS.
 */
function boundaryOf(contentType: string): string {
  const parameter = /\s*;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.){0,256})"|([^;\s"]{0,256}))/y;
  parameter.lastIndex = Math.max(0, contentType.indexOf(";"));
  for (let match = parameter.exec(contentType); match; match = parameter.exec(contentType)) {
    if (match[1].toLowerCase() !== "boundary") continue;
    const boundary = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : match[3];
    if (!BOUNDARY.test(boundary)) break;
    return boundary;
  }
  throw new ApiError("invalid_body", "The multipart body has no valid boundary in its Content-Type.");
}

/** RFC 2046: 1 to 70 of these characters, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** How often `separator` occurs in `bytes`, counting no further than `stopAt` (a native scan). */
function occurrences(bytes: Uint8Array, separator: string, stopAt: number): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(separator); at !== -1 && count < stopAt; at = buffer.indexOf(separator, at + separator.length)) count++;
  return count;
}

/** The parts, parsed by the boundary they were counted by (boundaryOf), and no other parameter. */
async function multipartEntries(bytes: Uint8Array, boundary: string): Promise<FormEntry[]> {
  try {
    const contentType = `multipart/form-data; boundary="${boundary}"`;
    const form = await new Response(bytes as BodyInit, { headers: { "content-type": contentType } }).formData();
    return [...form.entries()] as FormEntry[];
  } catch {
    throw new ApiError("invalid_body", "The multipart body is malformed.");
  }
}
