/**
 * The rule-definition helper: most problem rules are data (an anchor regex per line, an optional
 * look at the following line or a bounded look-ahead, then entity -> message, solutions, key).
 * Every regex here runs on ONE line at a time, so no pattern can backtrack across lines, and the
 * look-ahead tests each line at most once per shape: time stays linear in the entry's size.
 */
import type { LogContext, LogEntry, ProblemCategory, ProblemFinding, ProblemRule, RuleGroup } from "../model";

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
}

/** A rule is either a list of shapes or, where a form needs real parsing, a custom scan. */
export type RuleDefinition<E> = RuleBase<E> &
  ({ shapes: Shape<E>[]; scan?: never } | { scan(entry: LogEntry, log: LogContext): E[]; shapes?: never });

export function defineRule<E>(definition: RuleDefinition<E>): ProblemRule {
  const { code, category, summary, groups } = definition;
  const collect = definition.scan ?? ((entry: LogEntry, log: LogContext) => matchShapes(definition.shapes!, entry, log));
  return {
    code,
    category,
    summary,
    groups,
    find(entry, log): ProblemFinding[] {
      return collect(entry, log).map((entity) => ({
        message: definition.message(entity),
        solutions: definition.solutions(entity).map((message) => ({ message })),
        key: definition.key(entity),
      }));
    },
  };
}

/** Runs every shape over the entry's lines, in line order within a shape. */
export function matchShapes<E>(shapes: readonly Shape<E>[], entry: LogEntry, log: LogContext): E[] {
  const found: E[] = [];
  const lines = entry.lines;
  for (const shape of shapes) {
    const later = shape.later ? laterMatcher(lines, shape.later.pattern, shape.later.within) : null;
    for (let i = 0; i < lines.length; i++) {
      const content = lines[i].content;
      if (!containsHints(content, shape.hint)) continue;
      const anchor = shape.anchor.exec(content);
      if (!anchor) continue;
      let follow: RegExpExecArray | null = null;
      const nextLine = lines[i + 1]?.content;
      if (shape.next) {
        if (nextLine === undefined) continue;
        follow = shape.next.exec(nextLine);
        if (!follow) continue;
      }
      if (shape.notNext && nextLine !== undefined && shape.notNext.test(nextLine)) continue;
      if (later) {
        follow = later(i);
        if (!follow) continue;
      }
      const entity = shape.extract({ anchor, follow, entry, log, lineIndex: i });
      if (entity !== null) found.push(entity);
    }
  }
  return found;
}

function containsHints(content: string, hint: Shape<unknown>["hint"]): boolean {
  if (hint === undefined) return true;
  if (typeof hint === "string") return content.includes(hint);
  return hint.every((text) => content.includes(text));
}

/**
 * Finds the first line after index i (within a window) that matches the pattern. Anchors come in
 * increasing order, so a cursor remembers what was already tested: each line is tested once.
 */
function laterMatcher(lines: LogEntry["lines"], pattern: RegExp, within: number) {
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
