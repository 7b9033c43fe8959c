import { Level, type LevelNumber } from "./model";

/** Level words as they appear in log headers (matched case-insensitively); anything else is info. */
const LEVEL_WORDS: Readonly<Record<string, LevelNumber>> = {
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
};

/** TRACE, Bedrock's `inform` and empty words are info, like in the reference engine. */
export function levelFromWord(word: string | undefined): LevelNumber {
  if (!word) return Level.info;
  return LEVEL_WORDS[word.toLowerCase()] ?? Level.info;
}
