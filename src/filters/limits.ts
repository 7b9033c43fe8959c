/**
 * The two cuts. Both leave content within the limit unchanged (same string), which is
 * how the caller knows whether anything was truncated.
 */

const encoder = new TextEncoder();

/**
 * Keep at most `limit` UTF-8 bytes, never splitting a character (encodeInto stops before
 * a character that would not fit). Then, if the kept text has a line break in its second
 * half, drop the partial last line: a clean end is worth up to half the budget, not more
 * (a log that is one huge line keeps its bytes).
 */
export function limitBytes(content: string, limit: number): string {
  // Each UTF-16 unit is at most 3 UTF-8 bytes: short content needs no encoding at all.
  if (content.length * 3 <= limit || Buffer.byteLength(content, "utf8") <= limit) return content;
  const { read } = encoder.encodeInto(content, new Uint8Array(limit));
  const kept = content.slice(0, read);
  const lineBreak = kept.lastIndexOf("\n");
  if (lineBreak < kept.length / 2) return kept;
  return withoutCarriageReturn(kept.slice(0, lineBreak));
}

/** Keep the first `limit` lines (split on `\n`; a `\r` before it goes too). */
export function limitLines(content: string, limit: number): string {
  if (limit < 1) return "";
  let lineBreak = -1;
  for (let line = 0; line < limit; line++) {
    lineBreak = content.indexOf("\n", lineBreak + 1);
    if (lineBreak === -1) return content;
  }
  return withoutCarriageReturn(content.slice(0, lineBreak));
}

function withoutCarriageReturn(text: string): string {
  return text.endsWith("\r") ? text.slice(0, -1) : text;
}
