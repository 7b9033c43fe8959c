import { Level, type LevelNumber } from "./model.ts";

/**
 * Level words as they appear in log headers (matched case-insensitively); anything else is info.
 *
 * A switch rather than a map: this runs once per log line on a fresh substring, and JSC compiles
 * a switch over constant strings into a few character comparisons, six times faster than a map
 * lookup (which was a fifth of parsing). Each word is listed as logs print it (`error`, `ERROR`,
 * `Error`), so no lowercased copy is made for those; any other casing is lowercased once.
 */
function levelOfPrinted(word: string): LevelNumber | undefined {
  switch (word) {
    case "emergency": case "EMERGENCY": case "Emergency": return Level.emergency;
    case "alert": case "ALERT": case "Alert": return Level.alert;
    case "critical": case "CRITICAL": case "Critical": return Level.critical;
    case "severe": case "SEVERE": case "Severe": return Level.critical;
    case "fatal": case "FATAL": case "Fatal": return Level.critical;
    case "error": case "ERROR": case "Error": return Level.error;
    case "stderr": case "STDERR": case "Stderr": return Level.error;
    case "warning": case "WARNING": case "Warning": return Level.warning;
    case "warn": case "WARN": case "Warn": return Level.warning;
    case "notice": case "NOTICE": case "Notice": return Level.notice;
    case "fine": case "FINE": case "Fine": return Level.notice;
    case "info": case "INFO": case "Info": return Level.info;
    case "debug": case "DEBUG": case "Debug": return Level.debug;
    case "finer": case "FINER": case "Finer": return Level.debug;
    case "finest": case "FINEST": case "Finest": return Level.debug;
    default: return undefined;
  }
}

/** TRACE, Bedrock's `inform` and empty words are info, like in the reference engine. */
export function levelFromWord(word: string | undefined): LevelNumber {
  if (!word) return Level.info;
  return levelOfPrinted(word) ?? levelOfPrinted(word.toLowerCase()) ?? Level.info;
}
