/**
 * parseEntries: lines -> entries for one log format (ENGINE.md 1.3).
 * Header formats group continuation lines under the last header; reports and line logs
 * make one entry per line.
 */
import type { HeaderFormat, LogFormat } from "./formats";
import { levelFromWord } from "./levels";
import { Level, type LevelNumber, type LogEntry } from "./model";
import { parseTime } from "./time";

export function parseEntries(lines: readonly string[], format: LogFormat, firstLineNumber = 1): LogEntry[] {
  switch (format.kind) {
    case "header":
      return parseHeaderLines(lines, format, firstLineNumber);
    case "report":
      return lines.map((content, i) => reportEntry(content, firstLineNumber + i));
    case "line":
      return lines.map((content, i) => ({
        level: Level.info,
        time: null,
        prefix: null,
        lines: [{ number: firstLineNumber + i, content }],
      }));
  }
}

function parseHeaderLines(lines: readonly string[], format: HeaderFormat, firstLineNumber: number): LogEntry[] {
  const entries: LogEntry[] = [];
  let current: LogEntry | null = null;
  for (let i = 0; i < lines.length; i++) {
    const content = lines[i];
    const line = { number: firstLineNumber + i, content };
    const match = format.header.exec(content);
    if (match) {
      current = headerEntry(match, format);
      entries.push(current);
    } else if (!current) {
      // Leading lines before the first header (launcher preambles, a cut-off first line).
      current = { level: Level.info, time: null, prefix: null, lines: [] };
      entries.push(current);
    }
    current.lines.push(line);
  }
  return entries;
}

/**
 * How many entries are at `level` or worse (more severe), without building the entries:
 * what upload statistics need, at a fraction of `parseEntries`' cost. Lines before the first
 * header make an info entry, which never counts.
 */
export function countEntriesAtLeast(lines: readonly string[], format: LogFormat, level: LevelNumber): number {
  let count = 0;
  switch (format.kind) {
    case "header":
      for (const content of lines) {
        const match = format.header.exec(content);
        if (match && headerLevel(match, format) <= level) count++;
      }
      return count;
    case "report":
      for (const content of lines) if (reportLine(content).level <= level) count++;
      return count;
    case "line":
      return Level.info <= level ? lines.length : 0;
  }
}

function headerEntry(match: RegExpExecArray, format: HeaderFormat): LogEntry {
  const timeText = format.time !== undefined ? match[format.time] : undefined;
  const time = timeText && format.timeFormat ? parseTime(timeText, format.timeFormat) : null;
  return { level: headerLevel(match, format), time, prefix: match[format.prefix] ?? "", lines: [] };
}

const STDERR_CHANNEL = /^stderr(?:\/|$)/i;

function headerLevel(match: RegExpExecArray, format: HeaderFormat): LevelNumber {
  if (format.channel !== undefined) {
    const channel = match[format.channel];
    // Forge routes System.err through a `[STDERR/...]` channel: whatever the header says, it is an error.
    if (channel && STDERR_CHANNEL.test(channel)) return Level.error;
  }
  return levelFromWord(levelWord(match, format.level));
}

function levelWord(match: RegExpExecArray, group: HeaderFormat["level"]): string | undefined {
  if (group === undefined) return undefined;
  if (typeof group === "number") return match[group];
  for (const g of group) if (match[g]) return match[g];
  return undefined;
}

/** Line shapes of crash reports, checked in this order (ENGINE.md 1.3, ReportParser). */
const REPORT_STACKTRACE = [
  /^\s+at (\w+\/+)?\S+\(.+\)$/,
  // `(\w+\.?)+` in the reference; unrolled so a long dotless word cannot backtrack exponentially.
  /^(Caused by: )?[a-z]+\.\w+(?:\.\w+)*\.?: .*$/,
  /^\tat [a-z]+\..*$/,
];
const REPORT_KEY = [/^([^|:]+:) .+$/, /^(\w+:)$/, /^(\t[^:.]+:)$/];
const REPORT_TITLE = /^-{2,4} .* -{2,4}$/;

function reportEntry(content: string, number: number): LogEntry {
  const { level, prefix } = reportLine(content);
  return { level, time: null, prefix, lines: [{ number, content }] };
}

function reportLine(content: string): { level: LevelNumber; prefix: string | null } {
  let level: LevelNumber = Level.info;
  let prefix: string | null = null;
  if (content.includes("WARNING: ")) {
    level = Level.warning;
  } else if (REPORT_STACKTRACE.some((p) => p.test(content))) {
    level = Level.stacktrace;
  } else {
    const key = firstMatch(REPORT_KEY, content);
    if (key) {
      prefix = key[1];
    } else if (REPORT_TITLE.test(content)) {
      level = Level.title;
    } else if (content.includes("//")) {
      level = Level.comment;
    }
  }
  return { level, prefix };
}

function firstMatch(patterns: readonly RegExp[], text: string): RegExpExecArray | null {
  for (const p of patterns) {
    const m = p.exec(text);
    if (m) return m;
  }
  return null;
}
