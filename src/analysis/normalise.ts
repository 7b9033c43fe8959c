/**
 * Input normalisation: the engine matches against clean text, whatever the upload looked like.
 * Every step keeps the line structure, so line numbers stay those a reader sees in the file.
 */

const BOM = "\uFEFF";
/** CSI sequences such as `ESC[0;32;1m` (colours) and `ESC[K` (erase line) from coloured consoles. */
const ANSI_ESCAPE = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;
/** CRLF (Windows), lone CR (old Mac) and LF all end a line. */
const LINE_BREAK = /\r\n?|\n/;

/**
 * Bytes -> text. Invalid UTF-8 becomes U+FFFD instead of failing the whole analysis.
 * A UTF-16 byte order mark (what PowerShell's `>` redirect writes) selects UTF-16.
 */
export function decodeLog(input: string | Uint8Array): string {
  const text = typeof input === "string" ? input : decodeBytes(input);
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

function decodeBytes(bytes: Uint8Array): string {
  const encoding = encodingOf(bytes);
  // Buffer's UTF-8 decoding gives the same text as TextDecoder (U+FFFD for invalid bytes, the
  // BOM kept) at about 6x the speed in Bun: it was a tenth of the engine's time on the corpus.
  if (encoding === "utf-8") return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  return UTF16_DECODERS[encoding].decode(bytes);
}

/**
 * One decoder per encoding, shared: building a TextDecoder cost more than decoding a typical log.
 * Sharing is safe because `decode` without `{ stream: true }` keeps no state between calls.
 */
const UTF16_DECODERS = {
  "utf-16le": new TextDecoder("utf-16le", { fatal: false, ignoreBOM: true }),
  "utf-16be": new TextDecoder("utf-16be", { fatal: false, ignoreBOM: true }),
};

function encodingOf(bytes: Uint8Array): "utf-8" | "utf-16le" | "utf-16be" {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return "utf-8";
}

/** The lines of a log as the engine sees them: no line terminators, no ANSI escapes. */
export function splitLines(text: string): string[] {
  const lines = text.split(LINE_BREAK);
  if (text.includes("\x1b")) {
    for (let i = 0; i < lines.length; i++) lines[i] = lines[i].replace(ANSI_ESCAPE, "");
  }
  return lines;
}

export interface NormalisedLog {
  /** The lines joined with "\n": what whole-log patterns and problem rules read. */
  text: string;
  lines: string[];
  /**
   * The text's UTF-8 bytes when the upload was exactly those (ASCII, no CR, escapes or BOM), so
   * that byte searches (detectors.ts, HintLookup) need not encode the text again.
   */
  utf8?: Uint8Array;
}

export function normaliseLog(input: string | Uint8Array): NormalisedLog {
  const decoded = decodeLog(input);
  // Fast path: plain LF text without escapes is already normal (two character searches cost
  // less than a regex's pass).
  if (!decoded.includes("\r") && !decoded.includes("\x1b")) {
    // As many characters as bytes: every byte was ASCII, and no BOM was dropped.
    const utf8 = typeof input !== "string" && input.length === decoded.length ? input : undefined;
    return { text: decoded, lines: decoded.split("\n"), utf8 };
  }
  const lines = splitLines(decoded);
  return { text: lines.join("\n"), lines };
}
