/**
 * Names of attached files: relative paths with `/`, any Unicode. Refused, with a clear 400:
 * absolute paths, `..` and `.` segments, empty segments, control characters, over-long names,
 * and duplicates within one log.
 */
import { ApiError } from "../errors.ts";

export const MAX_FILE_NAME_BYTES = 255;

/**
 * C0 and C1 controls, and the bidirectional controls (LRM/RLM, embeddings and overrides such
 * as U+202E, isolates): those make `evil\u202Etxt.exe` read as `evilexe.txt` on the page.
 */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const WINDOWS_DRIVE = /^[A-Za-z]:/;

/** Checks one name; returns it unchanged when valid. */
export function validateFileName(name: string): string {
  const refuse = (why: string) =>
    new ApiError("invalid_file_name", `File name '${printable(name)}' is not accepted: ${why}.`);
  if (name.length === 0) throw refuse("it is empty");
  if (Buffer.byteLength(name) > MAX_FILE_NAME_BYTES) throw refuse(`it is longer than ${MAX_FILE_NAME_BYTES} bytes`);
  if (CONTROL_CHARACTERS.test(name)) throw refuse("it contains control characters");
  if (name.includes("\\")) throw refuse("use '/' to separate folders");
  if (name.startsWith("/") || WINDOWS_DRIVE.test(name)) throw refuse("it must be a relative path");
  for (const segment of name.split("/")) {
    if (segment === "") throw refuse("it has an empty path segment");
    if (segment === "." || segment === "..") throw refuse("'.' and '..' segments are not allowed");
  }
  return name;
}

/** Validates every name and refuses duplicates. */
export function validateFileNames(names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    validateFileName(name);
    if (seen.has(name)) {
      throw new ApiError("invalid_file_name", `File name '${printable(name)}' appears twice; names must be unique.`);
    }
    seen.add(name);
  }
}

/** A name as it can be shown in an error message: control characters escaped, bounded length. */
function printable(name: string): string {
  const shown = name.replace(new RegExp(CONTROL_CHARACTERS.source, "g"), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return shown.length > 120 ? `${shown.slice(0, 120)}…` : shown;
}
