/**
 * The log text as HTML: one element per line with a stable anchor (`id="L120"`), a class for its
 * level, long stack traces folded in <details>, runs of identical entries collapsed into one
 * <details> row with a count (both readable without JavaScript), Minecraft's `§` codes shown as
 * colours (minecraft-format.ts), and lines grouped in chunks that the stylesheet marks
 * `content-visibility: auto`, so the browser lays out only what is on screen.
 *
 * Big logs: after the first EAGER_LINES lines, each chunk's lines are written inside a
 * <noscript>. A browser running scripts reads a <noscript> as one piece of text, not as elements,
 * so a 100,000-line log costs the first view a few thousand elements instead of 200,000; log.js
 * turns those chunks into lines as they near the screen, when a tool or an anchor needs them, and
 * in idle time. Without JavaScript the <noscript> is ordinary HTML: the whole log reads as before.
 *
 * Every chunk carries `data-cells`, the width of each of its lines in monospace cells, so log.js
 * can give a chunk its height before its lines exist (and without reading their text).
 *
 * Classes the stylesheet and log.js read: `e`, `w`, `d` on lines, folds and repeats of error,
 * warning and debug entries (plain information has none); `c` on the continuation lines of an
 * error, so that "Next error" steps from error to error, not from stack frame to frame.
 */
import { Level, type LogEntry } from "../analysis/model.ts";
import { formatCount } from "./html.ts";
import { formatRuns, formattedHtml } from "./minecraft-format.ts";

/** Lines per chunk: small enough to skip most of the layout, large enough to keep the DOM flat. */
const CHUNK_LINES = 200;
/** Lines written as elements up front: more than the tallest first screen shows. */
export const EAGER_LINES = 1_000;
/** Entries longer than this are folded after their first FOLD_KEEP lines. */
const FOLD_OVER = 24;
const FOLD_KEEP = 8;
/** A run of at least this many identical entries shows the first and collapses the rest. */
const REPEAT_MIN = 3;

export type LevelClass = "e" | "w" | "d" | "";

/** Engine level number -> CSS class ("" for plain information). Stack traces count as errors. */
export function levelClass(level: number): LevelClass {
  if (level <= 3 || level === 10) return "e";
  if (level === 4) return "w";
  if (level === 7 || level === 9) return "d";
  return "";
}

export interface RenderedLog {
  /** Entries coloured as errors, collapsed repeats included: the page's error count. */
  errorEntries: number;
  /** The line number of the first error entry, or null when there is none. */
  firstError: number | null;
  /**
   * The HTML of the lines, in pieces of about PIECE_CHARS, made as they are asked for: the page
   * is sent while it is made (a 100,000-line log is 15 MB of HTML), and its figures above come
   * first from the counting pass.
   */
  pieces: Iterable<string>;
}

/** Characters of HTML per piece handed to the response: a few round trips' worth. */
const PIECE_CHARS = 64 * 1024;

/**
 * Whether an entry repeats the one before it, for collapsing: the same level and text, with the
 * digits of the prefix ignored, so a warning repeated every second collapses although its
 * timestamps differ. Compared field by field, cheapest first: most neighbours differ at once.
 */
function repeats(entry: LogEntry, previous: LogEntry): boolean {
  if (entry.level !== previous.level || entry.lines.length !== previous.lines.length) return false;
  const n = entry.lines.length;
  if (n === 0) return true;
  const prefix = entry.prefix ?? "";
  const previousPrefix = previous.prefix ?? "";
  if (entry.lines[0].content.slice(prefix.length) !== previous.lines[0].content.slice(previousPrefix.length)) return false;
  for (let i = 1; i < n; i++) if (entry.lines[i].content !== previous.lines[i].content) return false;
  return prefix === previousPrefix || prefix.replace(/\d+/g, "#") === previousPrefix.replace(/\d+/g, "#");
}

/**
 * Cells a text takes in the log's monospace grid (style.css: tab-size 4): a tab goes to the next
 * multiple of 4, a wide (East Asian) character takes two, the second half of a surrogate pair none.
 */
export function cellsOf(text: string): number {
  if (!/[^\x20-\x7e]/.test(text)) return text.length;
  let cells = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 9) cells += 4 - (cells % 4);
    else if (code >= 0xdc00 && code <= 0xdfff) continue;
    else if ((code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) || (code >= 0xd800 && code <= 0xdbff)) cells += 2;
    else cells += 1;
  }
  return cells;
}

/**
 * Writes lines into chunks, closing the chunk at every <details> boundary (its height would be
 * wrong with the <details> closed). A chunk is written once complete, as its `data-cells` list
 * opens it; chunks after the first EAGER_LINES lines go inside a <noscript> (see above).
 */
class LinesWriter {
  private readonly out: string[] = [];
  private outChars = 0;
  private lines: string[] = [];
  private cells: number[] = [];
  private firstLine = 0;
  private written = 0;

  line(number: number, content: string, cls: string): void {
    if (this.lines.length === CHUNK_LINES) this.flush();
    if (this.lines.length === 0) this.firstLine = number;
    const runs = formatRuns(content);
    this.cells.push(runs.length === 1 ? cellsOf(runs[0].text) : cellsOf(runs.map((run) => run.text).join("")));
    this.lines.push(`<div id="L${number}"${cls ? ` class="${cls}"` : ""}><a href="#L${number}" tabindex="-1">${number}</a>${formattedHtml(runs)}</div>`);
  }

  openDetails(cls: string, summary: string): void {
    this.flush();
    this.push(`<details class="${cls}"><summary>${summary}</summary>`);
  }

  closeDetails(): void {
    this.flush();
    this.push("</details>");
  }

  private push(html: string): void {
    this.out.push(html);
    this.outChars += html.length;
  }

  private flush(): void {
    if (this.lines.length === 0) return;
    const cells = `data-cells="${this.cells.join(" ")}"`;
    const body = this.lines.join("");
    this.push(
      this.written < EAGER_LINES
        ? `<div class="chunk" ${cells}>${body}</div>`
        : `<div class="chunk lazy" data-first="${this.firstLine}" ${cells}><noscript>${body}</noscript></div>`,
    );
    this.written += this.lines.length;
    this.lines = [];
    this.cells = [];
  }

  /** What is written so far, in characters (lines of the open chunk not counted). */
  get pending(): number {
    return this.outChars;
  }

  /** Takes what is written so far; `end` also closes the open chunk. */
  take(end = false): string {
    if (end) this.flush();
    const html = this.out.join("");
    this.out.length = 0;
    this.outChars = 0;
    return html;
  }
}

/**
 * A stack-trace entry right after an error continues that error: crash reports give every frame
 * an entry of its own, and one trace must count (and be stepped through) as one error.
 */
function continuesError(entry: LogEntry, previous: LogEntry | undefined): boolean {
  return entry.level === Level.stacktrace && previous !== undefined && levelClass(previous.level) === "e";
}

function writeEntry(writer: LinesWriter, entry: LogEntry, continues: boolean): void {
  const level = levelClass(entry.level);
  const continuation = level === "e" ? "e c" : level;
  const lines = entry.lines;
  const foldAt = lines.length > FOLD_OVER ? FOLD_KEEP : lines.length;
  for (let i = 0; i < foldAt; i++) writer.line(lines[i].number, lines[i].content, i === 0 && !continues ? level : continuation);
  if (foldAt === lines.length) return;
  writer.openDetails(`fold ${level}`.trim(), `${formatCount(lines.length - foldAt)} more lines of this entry`);
  for (let i = foldAt; i < lines.length; i++) writer.line(lines[i].number, lines[i].content, continuation);
  writer.closeDetails();
}

/** A run of entries that repeat its first (see repeats), `start` to `end` exclusive; most runs are one entry. */
interface Run {
  start: number;
  end: number;
}

export function renderLogLines(entries: readonly LogEntry[]): RenderedLog {
  // First pass: the runs and the error figures, which the page shows above the lines.
  const runs: Run[] = [];
  let errorEntries = 0;
  let firstError: number | null = null;
  for (let start = 0; start < entries.length; ) {
    const entry = entries[start];
    let end = start + 1;
    while (end < entries.length && repeats(entries[end], entry)) end++;
    if (levelClass(entry.level) === "e") {
      // In a run, every entry after the first follows an identical one: it continues an error
      // exactly when the first stack-trace entry does not start one.
      const continues = continuesError(entry, entries[start - 1]);
      errorEntries += (continues ? 0 : 1) + (continuesError(entry, entry) ? 0 : end - start - 1);
      if (!continues) firstError ??= entry.lines[0]?.number ?? null;
    }
    runs.push({ start, end });
    start = end;
  }
  return { errorEntries, firstError, pieces: writeRuns(entries, runs) };
}

/** Second pass, as the response asks for it: the HTML of the runs, a piece at a time. */
function* writeRuns(entries: readonly LogEntry[], runs: readonly Run[]): Generator<string> {
  const writer = new LinesWriter();
  for (const { start, end } of runs) {
    const entry = entries[start];
    const level = levelClass(entry.level);
    const repeatsContinue = continuesError(entry, entry);
    writeEntry(writer, entry, continuesError(entry, entries[start - 1]));
    if (end - start >= REPEAT_MIN) {
      const first = entries[start + 1].lines[0]?.number ?? 0;
      const lastEntry = entries[end - 1];
      const last = lastEntry.lines[lastEntry.lines.length - 1]?.number ?? first;
      const times = end - start - 1;
      writer.openDetails(`repeat ${level}`.trim(), `Repeated ${formatCount(times)} more times <span class="lines">(lines ${first}–${last})</span>`);
      for (let i = start + 1; i < end; i++) writeEntry(writer, entries[i], repeatsContinue);
      writer.closeDetails();
    } else {
      for (let i = start + 1; i < end; i++) writeEntry(writer, entries[i], repeatsContinue);
    }
    if (writer.pending >= PIECE_CHARS) yield writer.take();
  }
  const rest = writer.take(true);
  if (rest !== "") yield rest;
}
