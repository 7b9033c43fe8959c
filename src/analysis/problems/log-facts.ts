/** Facts read once from the whole log and shared by the rules that need them. */
import type { LogContext } from "../model.ts";

const levelNames = new WeakMap<object, string | null>();

/**
 * The world folder the server loads, from `Preparing level "<name>"` (Vanilla and every
 * Bukkit/Forge server print it). Null when the log does not show it.
 */
export function levelName(log: LogContext): string | null {
  const cacheKey = log.entries;
  const cached = levelNames.get(cacheKey);
  if (cached !== undefined) return cached;
  const name = /Preparing level "([^"\n]{1,300})"/.exec(log.text)?.[1] ?? null;
  levelNames.set(cacheKey, name);
  return name;
}

const patternsFound = new WeakMap<object, Map<RegExp, boolean>>();

/**
 * Whether the log's text matches a pattern, searched once per log however many matches of a
 * rule ask (a rule may find thousands of anchors in one log).
 */
export function logShows(log: LogContext, pattern: RegExp): boolean {
  let found = patternsFound.get(log.entries);
  if (!found) patternsFound.set(log.entries, (found = new Map()));
  let shows = found.get(pattern);
  if (shows === undefined) found.set(pattern, (shows = pattern.test(log.text)));
  return shows;
}
