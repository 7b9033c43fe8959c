/**
 * A cue: the few words without which no rule of a group can match a line. Rules that run on every
 * log (the `jvm` group) would otherwise each test each line; with a cue, the log is scanned once
 * for all the rules that share it, finding the entries and lines worth looking at and the cue
 * words on each. A shape then only looks at lines carrying a word of its hint.
 *
 * The scan's cost grows with the number of different first letters among the words, so it is
 * done in two parts: the `common` words (Error, Exception...) in one pass over the whole text,
 * and all the words only on the lines of entries at warning level or worse and of entries without
 * a log prefix (launcher output, crash reports, excerpts): the bulk of a log, its info lines,
 * never sees the long list.
 */
import { Level, type EntryGate, type LogContext, type LogEntry } from "../model";

export interface CueLines {
  /** Indexes of the entry's lines that carry a cue word, in order. */
  lines: number[];
  /** For each of those lines, its cue words as bits (word i is 1 << i % 31: a shared bit only lets a shape try one line more). */
  words: number[];
  /** The cue words of all those lines. */
  all: number;
}

const NONE: CueLines = Object.freeze({ lines: [], words: [], all: 0 }) as unknown as CueLines;
/** Bits of a 32-bit integer; more words than bits share them. */
const BITS = 31;

/**
 * The cue lines of one log's entries, by entry index (holes where an entry has none); null when
 * the log's text is not its entries' lines.
 */
interface LogCues {
  entries: readonly LogEntry[];
  byEntry: CueLines[] | null;
  /** The index of the entry asked about last: the next one asked is usually the one after it. */
  cursor: number;
}

export interface CueWords {
  /** Looked for on every line. */
  common: readonly string[];
  /** Looked for only on the lines of warnings, errors and entries without a log prefix. */
  severe: readonly string[];
}

/**
 * Entries read for every word: warnings and worse, entries without a log's own header
 * (`[12:00:00] [main/INFO]:`, `2024-01-01 12:00:00 [INFO]`): launcher lines, crash report lines
 * (whose `Key:` prefix is no log level), excerpts; and info entries that carry unindented text.
 */
function readInFull({ level, prefix, lines }: LogEntry): boolean {
  if (level <= Level.warning || prefix === null) return true;
  const first = prefix.charCodeAt(0);
  if (first !== 91 /* [ */ && (first < 48 || first > 57) /* a digit */) return true;
  // Text the game printed without a header of its own lands under the last info line: an
  // uncaught `Exception in thread "main"`, the JVM's `# There is insufficient memory...`.
  // Indented lines (mod lists, stack frames) are the entry's own and stay unread.
  for (let i = 1; i < lines.length; i++) {
    const start = lines[i].content.charCodeAt(0);
    if (start !== 9 /* tab */ && start !== 32 /* space */ && lines[i].content.length > 0) return true;
  }
  return false;
}

export class LineCue implements EntryGate {
  readonly words: readonly string[];
  /** All the words, for the lines read in full (and for hints). */
  private readonly scanner: RegExp;
  /** The common words, over the whole text. */
  private readonly commonScanner: RegExp;
  private readonly bits: Map<string, number>;
  private log: LogCues | null = null;
  /** The context the cues were last asked for: the same object for a whole analysis pass. */
  private lastContext: LogContext | null = null;
  private lastEntry: LogEntry | null = null;
  private lastFound: CueLines = NONE;

  constructor({ common, severe }: CueWords) {
    this.words = [...common, ...severe];
    this.scanner = new RegExp(groupedByFirstCharacter(this.words), "g");
    this.commonScanner = new RegExp(groupedByFirstCharacter(common), "g");
    this.bits = new Map(this.words.map((word, i) => [word, 1 << i % BITS]));
  }

  /** The cue words of all the entry's lines: the collector skips the rules they cannot satisfy. */
  wordsOf(entry: LogEntry, log: LogContext): number {
    return this.linesOf(entry, log).all;
  }

  /**
   * The entry's cue lines. The analysis runs every rule on one entry before the next, so
   * remembering the last entry answers all but the first rule that asks.
   */
  linesOf(entry: LogEntry, log: LogContext): CueLines {
    if (entry === this.lastEntry) return this.lastFound;
    const cues = log === this.lastContext ? this.log! : this.cuesOf(log);
    this.lastEntry = entry;
    this.lastFound = cues.byEntry ? (cues.byEntry[indexOf(cues, entry)] ?? NONE) : this.readLines(entry);
    return this.lastFound;
  }

  /** The cue words in a text (a line, or a hint: a line containing the hint carries them too). */
  wordsIn(text: string): number {
    let words = 0;
    this.scanner.lastIndex = 0;
    for (let match = this.scanner.exec(text); match !== null; match = this.scanner.exec(text)) words |= this.bits.get(match[0])!;
    return words;
  }

  /** An entry's cue lines read line by line, with every word; stack frames are no anchors. */
  private readLines(entry: LogEntry): CueLines {
    let found = NONE;
    for (let i = 0; i < entry.lines.length; i++) {
      if (isFrame(entry.lines[i].content)) continue;
      const words = this.wordsIn(entry.lines[i].content);
      if (words !== 0) found = addLine(found, i, words);
    }
    return found;
  }

  /**
   * The log's cue lines, remembered for the log being analysed: the common words in one pass over
   * the text, each match placed on its line by walking the entries' lines along (the text is those
   * lines joined with "\n"); the entries read in full, line by line. A log that is mostly read in
   * full (a crash report, a launcher's output) gets one pass with every word instead: a word more
   * on an info line only lets a shape look at it.
   */
  private cuesOf(log: LogContext): LogCues {
    this.lastContext = log;
    if (this.log?.entries === log.entries) return this.log;
    const { text, entries } = log;
    let length = -1;
    let fullLength = 0;
    const inFull = new Uint8Array(entries.length);
    for (let i = 0; i < entries.length; i++) {
      const before = length;
      for (const line of entries[i].lines) length += line.content.length + 1;
      if (readInFull(entries[i])) {
        inFull[i] = 1;
        fullLength += length - before;
      }
    }
    if (length !== text.length) return (this.log = { entries, byEntry: null, cursor: 0 });
    const onePass = fullLength * 2 > text.length;
    // Dense, so that lookups stay array reads however few entries have cue lines.
    const byEntry: CueLines[] = new Array<CueLines>(entries.length).fill(NONE);
    let entry = 0;
    let inEntry = -1;
    // Where the current line ends in the text (before the first line: -1).
    let end = -1;
    const scanner = onePass ? this.scanner : this.commonScanner;
    scanner.lastIndex = 0;
    for (let match = scanner.exec(text); match !== null; match = scanner.exec(text)) {
      while (end < match.index) {
        while (++inEntry === entries[entry].lines.length) {
          inEntry = -1;
          entry++;
        }
        end += entries[entry].lines[inEntry].content.length + 1;
      }
      if (onePass || inFull[entry] === 0) byEntry[entry] = addLine(byEntry[entry], inEntry, this.bits.get(match[0])!);
    }
    if (onePass) return (this.log = { entries, byEntry, cursor: 0 });
    for (let i = 0; i < entries.length; i++) if (inFull[i] === 1) byEntry[i] = this.readLines(entries[i]);
    return (this.log = { entries, byEntry, cursor: 0 });
  }
}

/** `\tat net.minecraft.Foo.bar(Foo.java:1)`, as the JVM prints it: tabs, then `at `. */
function isFrame(line: string): boolean {
  let i = 0;
  while (line.charCodeAt(i) === 9) i++;
  return i > 0 && line.charCodeAt(i) === 97 /* a */ && line.charCodeAt(i + 1) === 116 /* t */ && line.charCodeAt(i + 2) === 32;
}

/** The entry's index in the log, found from where the last one was. */
function indexOf(cues: LogCues, entry: LogEntry): number {
  const { entries } = cues;
  if (entries[cues.cursor] !== entry) cues.cursor = entries[cues.cursor + 1] === entry ? cues.cursor + 1 : entries.indexOf(entry);
  return cues.cursor;
}

/** Adds a line's words (merged when the line is the last one recorded). */
function addLine(found: CueLines, line: number, words: number): CueLines {
  const cue = found === NONE ? { lines: [], words: [], all: 0 } : found;
  const last = cue.lines.length - 1;
  if (last >= 0 && cue.lines[last] === line) cue.words[last] |= words;
  else {
    cue.lines.push(line);
    cue.words.push(words);
  }
  cue.all |= words;
  return cue;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function groupedByFirstCharacter(words: readonly string[]): string {
  const byFirst = new Map<string, string[]>();
  for (const word of words) {
    const rests = byFirst.get(word[0]) ?? [];
    rests.push(word.slice(1));
    byFirst.set(word[0], rests);
  }
  return [...byFirst].map(([first, rests]) => `${escape(first)}(?:${rests.map(escape).join("|")})`).join("|");
}
