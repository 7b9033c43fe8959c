/**
 * parseEntries: lines -> entries for one log format.
 * Header formats group continuation lines under the last header; reports and line logs
 * make one entry per line.
 */
import { indented, type HeaderFormat, type LogFormat } from "./formats.ts";
import { levelFromWord } from "./levels.ts";
import { Level, type LevelNumber, type LogEntry } from "./model.ts";
import { parseTime } from "./time.ts";

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
    const match = indented(content) ? null : format.header.exec(content);
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
    case "header": {
      const lean = levelOnly(format);
      for (const content of lines) {
        const match = indented(content) ? null : lean.header.exec(content);
        if (match && headerLevel(match, lean) <= level) count++;
      }
      return count;
    }
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

/**
 * The format with only its level and channel groups capturing: what counting needs. A match
 * array is built with every group's text, which was a third of the counting pass.
 */
const levelOnlyFormats = new WeakMap<HeaderFormat, HeaderFormat>();

function levelOnly(format: HeaderFormat): HeaderFormat {
  let lean = levelOnlyFormats.get(format);
  if (!lean) {
    const levelGroups = format.level === undefined ? [] : typeof format.level === "number" ? [format.level] : format.level;
    const kept = keepGroups(format.header, [...levelGroups, ...(format.channel === undefined ? [] : [format.channel])]);
    const renumber = (group: number) => kept.numbers.get(group)!;
    lean = {
      kind: "header",
      header: kept.pattern,
      prefix: 0,
      level: format.level === undefined ? undefined : typeof format.level === "number" ? renumber(format.level) : format.level.map(renumber),
      channel: format.channel === undefined ? undefined : renumber(format.channel),
    };
    levelOnlyFormats.set(format, lean);
  }
  return lean;
}

/**
 * `pattern` with every capturing group not in `keep` made non-capturing, and where each kept
 * group's number went. Matches exactly what `pattern` matches.
 */
export function keepGroups(pattern: RegExp, keep: readonly number[]): { pattern: RegExp; numbers: Map<number, number> } {
  const source = pattern.source;
  if (/\\[1-9]|\\k</.test(source)) throw new Error(`keepGroups: backreferences would need renumbering: /${source}/`);
  const numbers = new Map<number, number>();
  let out = "";
  let group = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === "\\") {
      out += char + source[++i];
      continue;
    }
    if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = true;
    else if (char === "(" && (source[i + 1] !== "?" || (source[i + 2] === "<" && source[i + 3] !== "=" && source[i + 3] !== "!"))) {
      group++;
      if (keep.includes(group)) {
        numbers.set(group, numbers.size + 1);
      } else {
        // `(?<name>` loses its name along with its number.
        out += "(?:";
        if (source[i + 1] === "?") i = source.indexOf(">", i);
        continue;
      }
    }
    out += char;
  }
  return { pattern: new RegExp(out, pattern.flags), numbers };
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

/**
 * Line shapes of crash reports, where every line is its own entry. reportLine tries them in this
 * order: warning, stack trace, key (a prefix such as `Description:`), title, comment.
 */
const REPORT_STACKTRACE = [
  // Any one of them makes a stack-trace line, so the cheapest goes first: it settles most frames
  // (`\tat net.minecraft...`), which the first of the reference's order reads with backtracking.
  /^\tat [a-z]+\..*$/,
  /^\s+at (\w+\/+)?\S+\(.+\)$/,
  // `(\w+\.?)+` in the reference; unrolled so a long dotless word cannot backtrack exponentially.
  /^(Caused by: )?[a-z]+\.\w+(?:\.\w+)*\.?: .*$/,
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
