/**
 * Bounded, linear-time views of a log's text for the agent's tools: numbered line ranges and
 * grep-like search. Every limit lives in `toolLimits`; a tool call never returns more than
 * about `maxOutputChars` characters, however large the log or the request.
 */

import { compileLineRegex, type LineRegex } from "./line-regex.ts";
import { nextTurn } from "./next-turn.ts";

export const toolLimits = {
  /** Lines one read_file call returns at most. */
  readMaxLines: 200,
  /** Characters of output one tool call returns at most. */
  maxOutputChars: 16_000,
  /** A longer line is shown cut (the model can still search inside it). */
  shownLineChars: 400,
  /** Only this many characters of each line are matched, which bounds a regex's work per line. */
  matchedLineChars: 2_000,
  searchMaxMatches: 30,
  searchMaxContext: 5,
  patternMaxChars: 200,
  /** Working time of one search: matching is linear, but a huge log times a complex pattern still adds up. */
  searchBudgetMs: 250,
  /** A search works in slices of about this long and lets the event loop in between (other requests wait at most this). */
  searchSliceMs: 5,
} as const;

export interface LogFileText {
  name: string;
  lines: string[];
  bytes: number;
}

export function toLogFileText(name: string, content: string): LogFileText {
  const lines = content.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return { name, lines, bytes: Buffer.byteLength(content) };
}

function shown(line: string): string {
  return line.length <= toolLimits.shownLineChars ? line : `${line.slice(0, toolLimits.shownLineChars)}… [line cut, ${line.length} chars]`;
}

/** Lines `start`..`end` (1-based, inclusive), numbered, within the per-call bounds. */
export function readLines(file: LogFileText, start = 1, end?: number): string {
  const total = file.lines.length;
  if (!Number.isInteger(start) || start < 1) throw new Error(`startLine must be a positive integer`);
  if (start > total) throw new Error(`${file.name} has ${total} lines; startLine ${start} is past the end`);
  const last = Math.min(end ?? start + toolLimits.readMaxLines - 1, start + toolLimits.readMaxLines - 1, total);
  if (last < start) throw new Error(`endLine must not be before startLine`);

  const out: string[] = [];
  let chars = 0;
  let lineNo = start;
  for (; lineNo <= last; lineNo++) {
    const row = `${lineNo}| ${shown(file.lines[lineNo - 1])}`;
    if (chars + row.length > toolLimits.maxOutputChars && out.length > 0) break;
    out.push(row);
    chars += row.length + 1;
  }
  const shownLast = lineNo - 1;
  const more = shownLast < total ? `; call again with startLine=${shownLast + 1} for more` : "";
  out.push(`(${file.name}: lines ${start}-${shownLast} of ${total}${more})`);
  return out.join("\n");
}

export interface SearchRequest {
  query: string;
  regex: boolean;
  caseSensitive: boolean;
  context: number;
}

/** Builds the line matcher; invalid or oversized patterns are refused with a message for the model. */
export function lineMatcher(request: SearchRequest): (line: string) => boolean {
  const { query } = request;
  if (query.length === 0) throw new Error("query must not be empty");
  if (query.length > toolLimits.patternMaxChars) throw new Error(`query is longer than ${toolLimits.patternMaxChars} characters`);
  if (request.regex) {
    let pattern: LineRegex;
    try {
      pattern = compileLineRegex(query, request.caseSensitive);
    } catch (error) {
      throw new Error(`invalid regular expression: ${(error as Error).message}`);
    }
    return (line) => pattern.test(line.length <= toolLimits.matchedLineChars ? line : line.slice(0, toolLimits.matchedLineChars));
  }
  if (request.caseSensitive) return (line) => line.slice(0, toolLimits.matchedLineChars).includes(query);
  const needle = query.toLowerCase();
  return (line) => line.slice(0, toolLimits.matchedLineChars).toLowerCase().includes(needle);
}

/**
 * grep -n -C<context> over the files: one pass per file collects matching line numbers (stopping
 * at the match cap), then the matches are printed with their context, overlapping ranges merged.
 * Output: `file:line: text` for matches, `file-line- text` for context, `--` between groups.
 */
export async function searchLines(files: readonly LogFileText[], request: SearchRequest): Promise<string> {
  const matches = lineMatcher(request);
  const context = Math.max(0, Math.min(toolLimits.searchMaxContext, Math.floor(request.context)));
  const out: string[] = [];
  let found = 0;
  let chars = 0;
  let truncated = false; // the match cap was reached
  let cut = false; // the output cap was reached

  let worked = 0;
  let sliceStart = performance.now();
  let slow = false;

  for (const file of files) {
    const hits = new Set<number>();
    for (let index = 0; index < file.lines.length; index++) {
      if ((index & 15) === 0) {
        const now = performance.now();
        if (worked + (now - sliceStart) > toolLimits.searchBudgetMs) {
          slow = true;
          break;
        }
        if (now - sliceStart > toolLimits.searchSliceMs) {
          worked += now - sliceStart;
          await nextTurn();
          sliceStart = performance.now();
        }
      }
      if (!matches(file.lines[index])) continue;
      if (found === toolLimits.searchMaxMatches) {
        truncated = true;
        break;
      }
      hits.add(index);
      found++;
    }

    let printedUpTo = -1; // last line index printed for this file, so context never repeats
    for (const index of hits) {
      const from = Math.max(index - context, printedUpTo + 1);
      const to = Math.min(index + context, file.lines.length - 1);
      if (out.length > 0 && from > printedUpTo + 1) out.push("--");
      for (let at = from; at <= to; at++) {
        const mark = hits.has(at) ? ":" : "-";
        const row = `${file.name}${mark}${at + 1}${mark} ${shown(file.lines[at])}`;
        if (chars + row.length > toolLimits.maxOutputChars) {
          cut = true;
          break;
        }
        out.push(row);
        chars += row.length + 1;
      }
      printedUpTo = Math.max(printedUpTo, to);
      if (cut) break;
    }
    if (truncated || cut || slow) break;
  }
  if (slow && found === 0) throw new Error(`the search took longer than ${toolLimits.searchBudgetMs} ms and was stopped; use a simpler pattern`);

  if (found === 0) return `No line matches ${request.regex ? "the regular expression" : "the text"} ${JSON.stringify(request.query)}.`;
  const header = slow
    ? `${found} matches in the part searched before the time limit; use a simpler pattern to search everything:`
    : truncated || cut
    ? `${found} matches shown, more exist or the output was cut; narrow the query:`
    : `${found} match${found === 1 ? "" : "es"}:`;
  return `${header}\n${out.join("\n")}`;
}
