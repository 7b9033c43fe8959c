/** Facts read once from the whole log and shared by the rules that need them. */
import type { LogContext } from "../model.ts";

const LEVEL_NAME = /Preparing level "([^"\n]{1,300})"/;

/**
 * The world folder the server loads, from `Preparing level "<name>"` (Vanilla and every
 * Bukkit/Forge server print it). Null when the log does not show it.
 */
export function levelName(log: LogContext): string | null {
  return firstMatchInLog(log, LEVEL_NAME)?.[1] ?? null;
}

const firstMatches = new WeakMap<object, Map<RegExp, RegExpExecArray | null>>();

/**
 * The first match of a pattern in the whole log, searched once per log however many matches
 * of a rule ask (a rule may find thousands of anchors in one log). The pattern must not be
 * global or sticky: its match would then depend on where the last search stopped.
 */
export function firstMatchInLog(log: LogContext, pattern: RegExp): RegExpExecArray | null {
  let found = firstMatches.get(log.entries);
  if (!found) firstMatches.set(log.entries, (found = new Map()));
  let match = found.get(pattern);
  if (match === undefined) found.set(pattern, (match = pattern.exec(log.text)));
  return match;
}

/** Whether the log's text matches a pattern anywhere, asked once per log (see firstMatchInLog). */
export function logShows(log: LogContext, pattern: RegExp): boolean {
  return firstMatchInLog(log, pattern) !== null;
}
