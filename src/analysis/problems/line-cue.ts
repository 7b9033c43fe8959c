/**
 * A cue: the few words without which no rule of a group can match a line. Rules that run on every
 * log (the `jvm` group) would otherwise each test each line; with a cue, the log is read once
 * for all the rules that share it, finding the entries and lines worth looking at and the cue
 * words on each. A shape then only looks at lines carrying a word of its hint.
 *
 * The words are found by the log's one literal scan (../literal-index.ts), and kept in two parts:
 * the `common` words (Error, Exception...) on every line, and all the words only on the lines of
 * entries at warning level or worse and of entries without a log prefix (launcher output, crash
 * reports, excerpts): the bulk of a log, its info lines, only lets the common words through.
 */
import { indented } from "../formats.ts";
import { logLiterals } from "../literal-index.ts";
import { Level, type EntryGate, type LogContext, type LogEntry } from "../model.ts";

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

/** The cue lines of one log's entries (absent: none); null when the log's text is not its entries' lines. */
interface LogCues {
  entries: readonly LogEntry[];
  byEntry: Map<LogEntry, CueLines> | null;
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
function readInFull(entry: LogEntry): boolean {
  if (entry.level <= Level.warning || entry.prefix === null) return true;
  const lines = entry.lines;
  // The prefix's first character, read off the first line, which the prefix starts (model.ts).
  // The prefix is a piece of that line not yet copied out: its first read copies it, and on a
  // text built by concatenation (what the service analyses) that read cost more than the rest of
  // this check; analyse requests went from 130 to 193 a second without it.
  const first = lines[0].content.charCodeAt(0);
  if (first !== 91 /* [ */ && (first < 48 || first > 57) /* a digit */) return true;
  // Text the game printed without a header of its own lands under the last info line: an
  // uncaught `Exception in thread "main"`, the JVM's `# There is insufficient memory...`.
  // Indented lines (mod lists, stack frames) are the entry's own and stay unread.
  for (let i = 1; i < lines.length; i++) {
    const content = lines[i].content;
    if (content.length > 0 && !indented(content)) return true;
  }
  return false;
}

export class LineCue implements EntryGate {
  readonly words: readonly string[];
  /** All the words, for hints and for lines read one by one (a log the literal index cannot answer for). */
  private readonly scanner: RegExp;
  private readonly bits: Map<string, number>;
  /** The words' bits by their literal id in the log's literal index (0: not a word of this cue). */
  private readonly bitOfLiteral: number[] = [];
  /** Which literal ids are common words. */
  private readonly commonLiteral: boolean[] = [];
  private log: LogCues | null = null;
  /** The context the cues were last asked for: the same object for a whole analysis pass. */
  private lastContext: LogContext | null = null;
  private lastEntry: LogEntry | null = null;
  private lastFound: CueLines = NONE;

  constructor({ common, severe }: CueWords) {
    this.words = [...common, ...severe];
    this.scanner = new RegExp(groupedByFirstCharacter(this.words), "g");
    this.bits = new Map(this.words.map((word, i) => [word, 1 << i % BITS]));
    for (const word of this.words) {
      const id = logLiterals.idOf(word);
      this.bitOfLiteral[id] = this.bits.get(word)!;
      this.commonLiteral[id] = common.includes(word);
    }
  }

  /** Cue words are filed literals: an entry carries one only if it holds a literal. */
  entriesOpening(log: LogContext): readonly LogEntry[] | null {
    return logLiterals.entriesOpening(log);
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
    this.lastFound = cues.byEntry ? (cues.byEntry.get(entry) ?? NONE) : this.readLines(entry);
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
   * The log's cue lines, remembered for the log being analysed, from the literal index's hits:
   * the common words on every line; every word on the lines of the entries read in full, stack
   * frames excepted. A log that is mostly read in full (a crash report, a launcher's output) takes
   * every word on every line instead: a word more on an info line only lets a shape look at it.
   */
  private cuesOf(log: LogContext): LogCues {
    this.lastContext = log;
    if (this.log?.entries === log.entries) return this.log;
    const { entries } = log;
    const hitsByEntry = logLiterals.entryHitsOf(log);
    if (hitsByEntry === null) return (this.log = { entries, byEntry: null });
    // The index answered: the text is the entries' lines joined, and its length theirs.
    let fullLength = 0;
    for (const entry of entries) {
      if (!readInFull(entry)) continue;
      for (const line of entry.lines) fullLength += line.content.length + 1;
    }
    const onePass = fullLength * 2 > log.text.length;
    const byEntry = new Map<LogEntry, CueLines>();
    for (const [entry, hits] of hitsByEntry) {
      const inFull = onePass ? null : readInFull(entry);
      let found = NONE;
      for (let k = 0; k < hits.lines.length; k++) {
        const literal = hits.literals[k];
        const bit = this.bitOfLiteral[literal];
        if (bit === undefined) continue;
        if (inFull === false && !this.commonLiteral[literal]) continue;
        if (inFull === true && isFrame(entry.lines[hits.lines[k]].content)) continue;
        found = addLine(found, hits.lines[k], bit);
      }
      if (found !== NONE) byEntry.set(entry, found);
    }
    return (this.log = { entries, byEntry });
  }
}

/** `\tat net.minecraft.Foo.bar(Foo.java:1)`, as the JVM prints it: tabs, then `at `. */
function isFrame(line: string): boolean {
  let i = 0;
  while (line.charCodeAt(i) === 9) i++;
  return i > 0 && line.charCodeAt(i) === 97 /* a */ && line.charCodeAt(i + 1) === 116 /* t */ && line.charCodeAt(i + 2) === 32;
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

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function groupedByFirstCharacter(words: readonly string[]): string {
  const byFirst = new Map<string, string[]>();
  for (const word of words) {
    const rests = byFirst.get(word[0]) ?? [];
    rests.push(word.slice(1));
    byFirst.set(word[0], rests);
  }
  return [...byFirst].map(([first, rests]) => `${escapeRegex(first)}(?:${rests.map(escapeRegex).join("|")})`).join("|");
}
