/**
 * Where the rules' and information patterns' literals occur in a log, found in ONE pass.
 *
 * Each problem shape, information pattern and detection hint names a literal that every line it can match holds
 * (its hint, or a phrase its anchor regex requires: required-literal.ts). They register it here
 * when defined. Per log, one scan (literal-search.ts) finds every occurrence of every literal and
 * files it under the entry and line it is on; a shape then only tries the lines holding its
 * literal, and an entry holding none of a rule's literals never reaches the rule. What a log
 * states about itself (evidence.ts) is asked of the whole text only: its literals are found by
 * the same scan but not filed.
 *
 * The index answers for the log whose text is its entries' lines joined with "\n" (what
 * analyseLog builds). For anything else (tests handing rules their own entries) it answers null,
 * and the caller reads the lines itself, as it did before the index existed.
 */
import { LiteralSearch } from "./literal-search.ts";
import type { EntryGate, LogContext, LogEntry } from "./model.ts";

/** An entry's literal occurrences, one per (line, literal), in text order. */
export interface EntryHits {
  /** Index of the line inside `entry.lines`. */
  lines: number[];
  literals: number[];
  /** The literals present, as bits (literal id i is 1 << i % 31: a shared bit only costs a look). */
  bits: number;
  /** The same lines by literal id, built by `linesHolding` when first asked for. */
  byLiteral: Map<number, number[]> | null;
}

const NO_HITS: EntryHits = Object.freeze({ lines: [], literals: [], bits: 0, byLiteral: null }) as unknown as EntryHits;
const NO_LINES: readonly number[] = [];

/**
 * The lines of the entry holding one literal, in order. An entry of a long trace holds a cue word
 * on many lines, and its shapes each ask: it is indexed by literal on the first call. Most entries
 * hold a few literals, and a look along them costs less than the index.
 */
export function linesHolding(hits: EntryHits, literal: number): readonly number[] {
  if ((hits.bits & (1 << literal % BITS)) === 0) return NO_LINES;
  if (hits.byLiteral === null && hits.literals.length <= FEW_HITS) {
    let found: number[] | null = null;
    for (let k = 0; k < hits.literals.length; k++) if (hits.literals[k] === literal) (found ??= []).push(hits.lines[k]);
    return found ?? NO_LINES;
  }
  if (hits.byLiteral === null) {
    const byLiteral = new Map<number, number[]>();
    for (let k = 0; k < hits.lines.length; k++) {
      const lines = byLiteral.get(hits.literals[k]);
      if (lines) lines.push(hits.lines[k]);
      else byLiteral.set(hits.literals[k], [hits.lines[k]]);
    }
    hits.byLiteral = byLiteral;
  }
  return hits.byLiteral.get(literal) ?? NO_LINES;
}

/**
 * Whether the entry holds the literal on some line. Most entries hold a few literals: a look
 * along them beats building `linesHolding`'s index, which only pays for the lines themselves.
 */
export function holdsLiteral(hits: EntryHits, literal: number): boolean {
  if ((hits.bits & (1 << literal % BITS)) === 0) return false;
  if (hits.byLiteral !== null) return hits.byLiteral.has(literal);
  const literals = hits.literals;
  for (let k = 0; k < literals.length; k++) if (literals[k] === literal) return true;
  return false;
}
const BITS = 31;
/** Up to this many hits, an entry's lines are looked up along its hits, not indexed. */
const FEW_HITS = 8;
const NO_STARTS: readonly number[] = [];

interface LogHits {
  entries: readonly LogEntry[];
  /** null: the text is not the entries' lines, the index cannot answer. */
  byEntry: Map<LogEntry, EntryHits> | null;
  /** The entries holding a literal, in order (null with `byEntry`). */
  holding: LogEntry[] | null;
}

/** One text's occurrences, in the order they end in the text. */
interface TextHits {
  text: string;
  ids: number[];
  ends: number[];
  /** Start offsets by literal id (undefined: none), built when first asked for. */
  starts: (number[] | undefined)[] | null;
}

export class LiteralIndex implements EntryGate {
  private readonly ids = new Map<string, number>();
  private readonly literals: string[] = [];
  /** Per id: whether its hits are filed under entries (false: only `startsIn` answers for it). */
  private readonly filed: boolean[] = [];
  /** Built at the first scan; a literal registered later (a test's own rule) rebuilds it. */
  private search: LiteralSearch | null = null;
  /** The last text scanned: detection and analysis read the same text in turn. */
  private textHits: TextHits | null = null;
  private log: LogHits | null = null;
  /** The context asked about last: the same object for a whole analysis pass. */
  private lastContext: LogContext | null = null;
  private lastEntry: LogEntry | null = null;
  private lastHits: EntryHits | null = NO_HITS;

  /** The id of a literal (registered on first use), whose hits are filed under the entries. */
  idOf(literal: string): number {
    const id = this.register(literal);
    if (!this.filed[id]) {
      this.filed[id] = true;
      this.forgetLog();
    }
    return id;
  }

  /**
   * The id of a literal only ever asked about in the whole text (`startsIn`): its hits are not
   * filed under entries, so a common one (the evidence's `Server thread`) opens no rule's gate
   * and costs the rules nothing. Unless it is filed for another reader too (`idOf`).
   */
  textLiteralOf(literal: string): number {
    return this.register(literal);
  }

  private register(literal: string): number {
    let id = this.ids.get(literal);
    if (id === undefined) {
      if (literal.length === 0 || literal.includes("\n")) throw new Error(`LiteralIndex: ${JSON.stringify(literal)} is empty or spans lines`);
      id = this.literals.length;
      this.literals.push(literal);
      this.filed.push(false);
      this.ids.set(literal, id);
      this.search = null;
      this.textHits = null;
      this.forgetLog();
    }
    return id;
  }

  private forgetLog(): void {
    this.log = null;
    this.lastContext = null;
    this.lastEntry = null;
  }

  /** The id of a literal if it is registered, without registering it. */
  registeredId(literal: string): number | undefined {
    return this.ids.get(literal);
  }

  /** The bit a literal sets in `EntryHits.bits`. */
  bitOf(id: number): number {
    return 1 << id % BITS;
  }

  /** Where a registered literal starts in the text, in order (scanning the text if it is new). */
  startsIn(text: string, id: number): readonly number[] {
    const hits = this.hitsIn(text);
    if (hits.starts === null) {
      // Every literal's starts in one pass over the hits: detection asks about dozens.
      const starts: (number[] | undefined)[] = [];
      for (let k = 0; k < hits.ids.length; k++) (starts[hits.ids[k]] ??= []).push(hits.ends[k] - this.literals[hits.ids[k]].length);
      hits.starts = starts;
    }
    return hits.starts[id] ?? NO_STARTS;
  }

  /** The entry's hits (NO_HITS when it holds none), or null when the index cannot answer for this log. */
  hitsOf(entry: LogEntry, log: LogContext): EntryHits | null {
    if (entry === this.lastEntry && log === this.lastContext) return this.lastHits;
    const byEntry = (log === this.lastContext ? this.log! : this.logHits(log)).byEntry;
    this.lastEntry = entry;
    this.lastHits = byEntry ? (byEntry.get(entry) ?? NO_HITS) : null;
    return this.lastHits;
  }

  /** Every entry's hits (entries without any are absent), or null when the index cannot answer for this log. */
  entryHitsOf(log: LogContext): ReadonlyMap<LogEntry, EntryHits> | null {
    return (log === this.lastContext ? this.log! : this.logHits(log)).byEntry;
  }

  /**
   * The entries holding some filed literal, in the log's order, or null when the index cannot
   * answer for this log. A quarter of the corpus's entries: the rest open no gate of the index's.
   */
  entriesOpening(log: LogContext): readonly LogEntry[] | null {
    return (log === this.lastContext ? this.log! : this.logHits(log)).holding;
  }

  /** The literals an entry holds as bits, for the collector's gate (-1: unknown, try every rule). */
  wordsOf(entry: LogEntry, log: LogContext): number {
    const hits = this.hitsOf(entry, log);
    return hits === null ? -1 : hits.bits;
  }

  /** Every occurrence of every literal in the text: one scan per text. */
  private hitsIn(text: string): TextHits {
    const known = this.textHits;
    if (known?.text === text) {
      // The same text, though perhaps another string with equal characters (the same body posted
      // again): `===` then compared every character. Keeping this string makes the many calls of
      // one analysis a reference comparison (200 KB compared dozens of times took 2 ms a request).
      known.text = text;
      return known;
    }
    this.search ??= new LiteralSearch(this.literals);
    const { ids, ends } = this.search.scan(text);
    return (this.textHits = { text, ids, ends, starts: null });
  }

  /**
   * The hits filed under their entries and lines, in one walk over the entries' lines: the same
   * walk checks that the text is those lines joined with "\n" (if not, nothing is kept).
   */
  private logHits(log: LogContext): LogHits {
    this.lastContext = log;
    if (this.log?.entries === log.entries) return this.log;
    const { text, entries } = log;
    const { ids, ends } = this.hitsIn(text);
    const filed = this.filed;
    const byEntry = new Map<LogEntry, EntryHits>();
    const holding: LogEntry[] = [];
    let k = 0;
    let lineStart = 0;
    for (const entry of entries) {
      const lines = entry.lines;
      let current: EntryHits | null = null;
      for (let l = 0; l < lines.length; l++) {
        // Where the line's "\n" is (or the text's end): a literal holds no "\n", so one that
        // ends by then lies on this line.
        const lineEnd = lineStart + lines[l].content.length;
        next: for (; k < ids.length && ends[k] <= lineEnd; k++) {
          const id = ids[k];
          if (!filed[id]) continue;
          if (current === null) {
            current = { lines: [], literals: [], bits: 0, byLiteral: null };
            byEntry.set(entry, current);
            holding.push(entry);
          }
          // One hit per literal and line: a phrase twice on a line is one line to try.
          for (let h = current.lines.length - 1; h >= 0 && current.lines[h] === l; h--) if (current.literals[h] === id) continue next;
          current.lines.push(l);
          current.literals.push(id);
          current.bits |= 1 << id % BITS;
        }
        lineStart = lineEnd + 1;
      }
    }
    if (lineStart - 1 !== text.length) return (this.log = { entries, byEntry: null, holding: null });
    return (this.log = { entries, byEntry, holding });
  }
}

/** The one index every rule, information pattern and detection hint registers with: one scan per log serves all. */
export const logLiterals = new LiteralIndex();
