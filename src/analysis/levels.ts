import { Level, type LevelNumber } from "./model";

/** Level words as they appear in log headers (matched case-insensitively); anything else is info. */
const LEVEL_WORDS: ReadonlyMap<string, LevelNumber> = new Map(Object.entries({
  emergency: Level.emergency,
  alert: Level.alert,
  critical: Level.critical,
  severe: Level.critical,
  fatal: Level.critical,
  error: Level.error,
  stderr: Level.error,
  warning: Level.warning,
  warn: Level.warning,
  notice: Level.notice,
  fine: Level.notice,
  info: Level.info,
  debug: Level.debug,
  finer: Level.debug,
  finest: Level.debug,
} satisfies Record<string, LevelNumber>));

/**
 * The words as logs print them (`ERROR`, `Error`, `error`), found without lowercasing first:
 * this runs once per log line, and the lowercased copy was most of its cost.
 */
const AS_PRINTED = new Map<string, LevelNumber>(
  [...LEVEL_WORDS].flatMap(([word, level]) => [
    [word, level],
    [word.toUpperCase(), level],
    [word[0].toUpperCase() + word.slice(1), level],
  ]),
);

/** TRACE, Bedrock's `inform` and empty words are info, like in the reference engine. */
export function levelFromWord(word: string | undefined): LevelNumber {
  if (!word) return Level.info;
  return AS_PRINTED.get(word) ?? LEVEL_WORDS.get(word.toLowerCase()) ?? Level.info;
}
