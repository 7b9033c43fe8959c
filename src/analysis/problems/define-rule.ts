/**
 * The rule-definition helper: most problem rules are data (an anchor regex per line, an optional
 * look at the following line or a bounded look-ahead, then entity -> message, solutions, key).
 * Every regex here runs on ONE line at a time, so no pattern can backtrack across lines, and the
 * look-ahead tests each line at most once per shape: time stays linear in the entry's size.
 */
import { holdsLiteral, linesHolding, logLiterals, type EntryHits } from "../literal-index.ts";
import type { LogContext, LogEntry, ProblemCategory, ProblemFinding, ProblemRule, RuleGroup, Solution } from "../model.ts";
import { requiredLiteral } from "../required-literal.ts";
import type { CueLines, LineCue } from "./line-cue.ts";

/** What a shape hands to its `extract`: the captures of the anchor line (and follow-up line). */
export interface ShapeMatch {
  anchor: RegExpExecArray;
  /** Captures of the `next` or `later` line when the shape asked for one. */
  follow: RegExpExecArray | null;
  entry: LogEntry;
  log: LogContext;
  /** Index of the anchor line inside `entry.lines`. */
  lineIndex: number;
}

/** One textual form of a problem. A rule may have several (old and new server versions...). */
export interface Shape<E> {
  /** Single-line regex tested on each line of the entry (no `g` flag: exec stays stateless). */
  anchor: RegExp;
  /**
   * Literal text the line must contain before the regex runs: a cheap pre-filter, and the way
   * to require a second fixed phrase without a `.*` between the two (which could backtrack).
   */
  hint?: string | readonly string[];
  /** The line right after the anchor, in the same entry, must match. */
  next?: RegExp;
  /** The line right after the anchor must NOT match (the problem belongs to another rule). */
  notNext?: RegExp;
  /** Some later line of the entry, at most `within` lines after the anchor, must match. */
  later?: { pattern: RegExp; within: number };
  /** Builds the entity from the captures; null drops this match. */
  extract(match: ShapeMatch): E | null;
}

interface RuleBase<E> {
  code: string;
  category: ProblemCategory;
  summary: string;
  groups: readonly RuleGroup[];
  message(entity: E): string;
  solutions(entity: E): string[];
  /** Findings with the same key merge into one problem: key on the entity, not on the class. */
  key(entity: E): string;
  /**
   * The group's cue (line-cue.ts): a shape then only anchors on cue lines carrying a cue word of
   * its hint, and a scan only runs on entries with a cue line. Every shape's hint must contain a
   * cue word (checked here, once).
   */
  cue?: LineCue;
  /** Runs last, only when no other rule found a cause (see ProblemRule.fallback). */
  fallback?: boolean;
  /** Finds a condition, not a cause: the last resorts still run (see ProblemRule.symptom). */
  symptom?: boolean;
  /** Runs after the others, on entries they found nothing in (see ProblemRule.deferred). */
  deferred?: boolean;
  /** The only entries the rule can find something in (see ProblemRule.entriesOf). */
  entriesOf?: (log: LogContext) => readonly LogEntry[];
}

/**
 * A rule is either a list of shapes or, where a form needs real parsing, a custom scan. A scan may
 * name `scanHints`: literals at least one of which an entry's lines must hold for the scan to find
 * anything there. The log's literal index then spares it every other entry.
 */
export type RuleDefinition<E> = RuleBase<E> &
  (
    | { shapes: Shape<E>[]; scan?: never; scanHints?: never }
    | { scan(entry: LogEntry, log: LogContext): E[]; scanHints?: readonly string[]; shapes?: never }
  );

/** Shared by the many calls that find nothing: the collector only reads it. */
const NO_FINDINGS: ProblemFinding[] = [];

export function defineRule<E>(definition: RuleDefinition<E>): ProblemRule {
  const { code, category, summary, groups, cue, fallback, symptom, deferred, entriesOf } = definition;
  const shapeWords = cue && definition.shapes ? cueWordsOfShapes(cue, code, definition.shapes) : undefined;
  // An entry whose cue lines carry none of the rule's words cannot match it (a scan needs any).
  const ruleWords = shapeWords ? shapeWords.reduce((all, words) => all | words, 0) : -1;
  // Every shape's literal in the log's literal index (../literal-index.ts): without a cue, it finds
  // the lines each shape can anchor on; with one, it spares the shapes whose hint is not in the entry.
  const literalIds = definition.shapes ? literalIdsOf(definition.shapes) : null;
  const scanLiteralIds = !cue && definition.scanHints ? definition.scanHints.map((hint) => logLiterals.idOf(hint)) : null;
  const indexed = literalIds ?? scanLiteralIds;
  const literalBits = indexed ? indexed.reduce((all, id) => all | logLiterals.bitOf(id), 0) : -1;
  const collect =
    definition.scan ??
    (cue
      ? (entry: LogEntry, log: LogContext) =>
          matchCueLines(definition.shapes!, shapeWords!, literalIds, cue.linesOf(entry, log), logLiterals.hitsOf(entry, log), entry, log)
      : literalIds
        ? (entry: LogEntry, log: LogContext) => {
            const hits = logLiterals.hitsOf(entry, log);
            return hits === null ? matchShapes(definition.shapes!, entry, log) : matchHitLines(definition.shapes!, literalIds, hits, entry, log);
          }
        : (entry: LogEntry, log: LogContext) => matchShapes(definition.shapes!, entry, log));
  return {
    code,
    category,
    summary,
    groups,
    // Every rule has the same fields, so the collector's loop over rules stays monomorphic.
    fallback: fallback === true,
    symptom: symptom === true,
    deferred: deferred === true,
    entriesOf,
    gate: cue ?? (indexed ? logLiterals : undefined),
    gateWords: cue ? ruleWords : literalBits,
    find(entry, log): ProblemFinding[] {
      if (cue && (cue.linesOf(entry, log).all & ruleWords) === 0) return NO_FINDINGS;
      if (scanLiteralIds && !holdsAny(logLiterals.hitsOf(entry, log), scanLiteralIds)) return NO_FINDINGS;
      const entities = collect(entry, log);
      if (entities.length === 0) return NO_FINDINGS;
      return entities.map((entity) => new Finding(definition, entity));
    },
  };
}

/**
 * A finding worded when read: findings of the same key merge into one problem, which keeps the
 * first one's wording, so a problem repeated on thousands of lines is worded once, not each time.
 */
class Finding<E> implements ProblemFinding {
  readonly key: string;

  constructor(
    private readonly definition: RuleBase<E>,
    private readonly entity: E,
  ) {
    this.key = definition.key(entity);
  }

  get message(): string {
    return this.definition.message(this.entity);
  }

  get solutions(): Solution[] {
    return this.definition.solutions(this.entity).map((message) => ({ message }));
  }
}

/** What a shape found on none of an entry's lines, shared (callers only read it). */
const NOTHING: never[] = [];

/**
 * Runs every shape over the entry's lines, in line order within a shape. The loop runs for every
 * shape on every line of every log, so it tests the first hint inline and allocates nothing
 * until something matches.
 */
export function matchShapes<E>(shapes: readonly Shape<E>[], entry: LogEntry, log: LogContext): E[] {
  let found: E[] | null = null;
  const lines = entry.lines;
  for (const shape of shapes) {
    const hint = shape.hint;
    const first = hint === undefined ? null : typeof hint === "string" ? hint : hint[0];
    const more = typeof hint === "object" && hint.length > 1;
    let later: Later | null | undefined;
    for (let i = 0; i < lines.length; i++) {
      if (first !== null && !lines[i].content.includes(first)) continue;
      if (more && !containsHints(lines[i].content, hint)) continue;
      later ??= shape.later ? laterMatcher(lines, shape.later.pattern, shape.later.within) : null;
      const entity = matchAt(shape, later ?? null, entry, log, i);
      if (entity !== null) (found ??= []).push(entity);
    }
  }
  return found ?? NOTHING;
}

/**
 * One shape over some of the entry's lines, found beforehand (`lines`, in order), those `tried`
 * lets through; what it finds is added to `found`. The cue and the literal index both list lines
 * so; a loop of its own keeps matchShapes' loop as lean as it was.
 */
function matchListedLines<E>(
  shape: Shape<E>,
  lines: readonly number[],
  tried: ((k: number) => boolean) | null,
  entry: LogEntry,
  log: LogContext,
  found: E[] | null,
): E[] | null {
  let later: Later | null | undefined;
  for (let k = 0; k < lines.length; k++) {
    if (tried !== null && !tried(k)) continue;
    const i = lines[k];
    if (!containsHints(entry.lines[i].content, shape.hint)) continue;
    later ??= shape.later ? laterMatcher(entry.lines, shape.later.pattern, shape.later.within) : null;
    const entity = matchAt(shape, later ?? null, entry, log, i);
    if (entity !== null) (found ??= []).push(entity);
  }
  return found;
}

/**
 * Over the cue lines: each shape on the lines carrying one of its cue words (`shapeWords`). A
 * shape whose literal (`literalIds`) the entry does not hold (`hits`) is skipped before any line.
 */
function matchCueLines<E>(
  shapes: readonly Shape<E>[],
  shapeWords: readonly number[],
  literalIds: readonly number[] | null,
  cueLines: CueLines,
  hits: EntryHits | null,
  entry: LogEntry,
  log: LogContext,
): E[] {
  let found: E[] | null = null;
  for (let s = 0; s < shapes.length; s++) {
    const words = shapeWords[s];
    // Most shapes' words are on none of the entry's cue lines: skip them before any line.
    if ((cueLines.all & words) === 0) continue;
    if (literalIds !== null && hits !== null && !holdsLiteral(hits, literalIds[s])) continue;
    found = matchListedLines(shapes[s], cueLines.lines, (k) => (cueLines.words[k] & words) !== 0, entry, log, found);
  }
  return found ?? NOTHING;
}

/** Over the lines the literal index found: each shape on the lines holding its literal (`literalIds`). */
function matchHitLines<E>(shapes: readonly Shape<E>[], literalIds: readonly number[], hits: EntryHits, entry: LogEntry, log: LogContext): E[] {
  let found: E[] | null = null;
  for (let s = 0; s < shapes.length; s++) {
    const lines = linesHolding(hits, literalIds[s]);
    if (lines.length > 0) found = matchListedLines(shapes[s], lines, null, entry, log, found);
  }
  return found ?? NOTHING;
}

/**
 * Each shape's literal in the index: its longest hint (every hint must be on the line, the
 * longest is the rarest), else the fixed text its anchor requires. null when a shape has neither:
 * that rule reads every line.
 */
function literalIdsOf(shapes: readonly Shape<unknown>[]): number[] | null {
  const ids: number[] = [];
  for (const { hint, anchor } of shapes) {
    const hints = hint === undefined ? [] : typeof hint === "string" ? [hint] : hint;
    const literal = hints.length > 0 ? hints.reduce((a, b) => (b.length > a.length ? b : a)) : requiredLiteral(anchor);
    if (literal === null || literal === "" || literal.includes("\n")) return null;
    ids.push(logLiterals.idOf(literal));
  }
  return ids;
}

/** The shape tried on line i, whose hints are there: the entity, or null. */
function matchAt<E>(shape: Shape<E>, later: Later | null, entry: LogEntry, log: LogContext, i: number): E | null {
  const lines = entry.lines;
  const anchor = shape.anchor.exec(lines[i].content);
  if (!anchor) return null;
  let follow: RegExpExecArray | null = null;
  const nextLine = lines[i + 1]?.content;
  if (shape.next) {
    if (nextLine === undefined) return null;
    follow = shape.next.exec(nextLine);
    if (!follow) return null;
  }
  if (shape.notNext && nextLine !== undefined && shape.notNext.test(nextLine)) return null;
  if (later) {
    follow = later(i);
    if (!follow) return null;
  }
  return shape.extract({ anchor, follow, entry, log, lineIndex: i });
}

/** Whether the entry's hits hold one of the literals; true when the index cannot answer (null). */
function holdsAny(hits: EntryHits | null, literalIds: readonly number[]): boolean {
  return hits === null || literalIds.some((id) => holdsLiteral(hits, id));
}

/** The cue words each shape's hint contains; a shape without any could never be tried. */
function cueWordsOfShapes(cue: LineCue, code: string, shapes: readonly Shape<unknown>[]): number[] {
  return shapes.map(({ hint, anchor }) => {
    const hints = hint === undefined ? [] : typeof hint === "string" ? [hint] : hint;
    const words = hints.reduce((all, text) => all | cue.wordsIn(text), 0);
    if (words === 0) throw new Error(`${code}: the hint of ${anchor} contains no cue word`);
    return words;
  });
}

function containsHints(content: string, hint: Shape<unknown>["hint"]): boolean {
  if (hint === undefined) return true;
  if (typeof hint === "string") return content.includes(hint);
  for (const text of hint) if (!content.includes(text)) return false;
  return true;
}

/**
 * Finds the first line after index i (within a window) that matches the pattern. Anchors come in
 * increasing order, so a cursor remembers what was already tested: each line is tested once.
 */
type Later = (i: number) => RegExpExecArray | null;

function laterMatcher(lines: LogEntry["lines"], pattern: RegExp, within: number): Later {
  let foundAt = -1;
  let foundMatch: RegExpExecArray | null = null;
  let testedUpTo = 0;
  return (i: number): RegExpExecArray | null => {
    if (foundAt > i) return foundAt <= i + within ? foundMatch : null;
    const end = Math.min(lines.length, i + 1 + within);
    for (let k = Math.max(i + 1, testedUpTo); k < end; k++) {
      const match = pattern.exec(lines[k].content);
      if (match) {
        foundAt = k;
        foundMatch = match;
        testedUpTo = k + 1;
        return match;
      }
    }
    testedUpTo = Math.max(testedUpTo, end);
    return null;
  };
}
