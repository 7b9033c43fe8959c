/** Facts read once from the whole log and shared by the rules that need them. */
import type { LogContext } from "../model";

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
