/**
 * Crash-report sections (`-- Entity being ticked --` and the `Key: value` lines under it), read
 * across entries: a report parsed one line per entry spreads a section over many entries.
 * The log is flattened once and section titles are indexed, so looking up the section that
 * belongs to an anchor line never rescans the log.
 */
import type { LogContext, LogEntry } from "../model.ts";

interface FlatLog {
  lines: string[];
  startOf: Map<LogEntry, number>;
  /** Positions of each section title text, in order. */
  titles: Map<string, number[]>;
  sections: Map<number, Map<string, string>>;
}

const TITLE = /^-- (.+) --\s*$/;
/** How far a section's key/value lines and the level details after it are searched. */
const SECTION_LIMIT = 400;

const flatLogs = new WeakMap<object, FlatLog>();

function flatten(entries: readonly LogEntry[]): FlatLog {
  const flat: FlatLog = { lines: [], startOf: new Map(), titles: new Map(), sections: new Map() };
  for (const entry of entries) {
    flat.startOf.set(entry, flat.lines.length);
    for (const { content } of entry.lines) {
      // Every title starts with "--": one look spares the pattern most lines of a report.
      const title = content.charCodeAt(0) === 45 && content.charCodeAt(1) === 45 ? TITLE.exec(content) : null;
      if (title) {
        const positions = flat.titles.get(title[1]) ?? [];
        positions.push(flat.lines.length);
        flat.titles.set(title[1], positions);
      }
      flat.lines.push(content);
    }
  }
  return flat;
}

/** The flattened log and the position of the entry's line in it. */
export function locate(log: LogContext, entry: LogEntry, lineIndex: number): { flat: FlatLog; position: number } {
  let flat = flatLogs.get(log.entries);
  if (!flat) {
    flat = flatten(log.entries);
    flatLogs.set(log.entries, flat);
  }
  const start = flat.startOf.get(entry);
  if (start !== undefined) return { flat, position: start + lineIndex };
  // The entry is not part of the context (a caller analysing a single entry): use it alone.
  return { flat: flatten([entry]), position: lineIndex };
}

/**
 * The line after an entry's line in the whole log, even when it starts another entry (crash reports
 * and plain logs are one line per entry); undefined at the end of the log.
 */
export function followingLine(log: LogContext, entry: LogEntry, lineIndex: number): string | undefined {
  if (lineIndex + 1 < entry.lines.length) return entry.lines[lineIndex + 1].content;
  const { flat, position } = locate(log, entry, lineIndex);
  return flat.lines[position + 1];
}

/** Position of the first section titled `title` at or after `from`, within `within` lines. */
export function nextSection(flat: FlatLog, title: string, from: number, within: number): number | null {
  const positions = flat.titles.get(title);
  if (!positions) return null;
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (positions[middle] < from) low = middle + 1;
    else high = middle;
  }
  const found = positions[low];
  return found !== undefined && found - from <= within ? found : null;
}

/**
 * The `Key: value` details of the section starting at `position` (first occurrence of each key
 * inside the section), plus the level name and dimension printed further down the report.
 */
export function sectionDetails(flat: FlatLog, position: number): Map<string, string> {
  const cached = flat.sections.get(position);
  if (cached) return cached;
  const details = new Map<string, string>();
  const end = Math.min(flat.lines.length, position + SECTION_LIMIT);
  let inSection = true;
  for (let i = position + 1; i < end; i++) {
    const line = flat.lines[i];
    if (TITLE.test(line)) inSection = false;
    const pair = /^\s*([^:]+?): (.*)$/.exec(line);
    if (!pair) continue;
    const [, key, value] = pair;
    const isLevelDetail = key === "Level name" || key === "Level dimension";
    if ((inSection || isLevelDetail) && !details.has(key)) details.set(key, value.trim());
  }
  flat.sections.set(position, details);
  return details;
}
