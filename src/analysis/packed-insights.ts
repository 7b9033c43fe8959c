/**
 * The engine's findings in a form that crosses threads cheaply. A stored log is analysed on a
 * worker (logs/preparation-pool.ts), but its findings are read on the thread that serves requests
 * (the page, the insights API, `?parsed`). Sent as they are, their entries (an object per entry
 * and per line, each line's text again) cost the receiving thread about as much to rebuild as the
 * analysis itself. Here an entry is four numbers, and its lines are the receiver's own: it holds
 * the text and splits it into lines as the engine does (`logLines`).
 */
import type { Information, Insights, LevelNumber, LogEntry, Problem } from "./model.ts";
import { normaliseLog } from "./normalise.ts";

/** A finding's entry: its index in `entries`, or the entry itself when it is not one of them (a sub-report's). */
type EntryRef = number | LogEntry;

export interface PackedInsights {
  id: string;
  name: string | null;
  type: string;
  version: string | null;
  title: string;
  /** How many lines the engine read: the receiver's lines must be as many. */
  lineCount: number;
  /** Per entry, in order: its level, its time (NaN: null), its number of lines. */
  levels: Int8Array;
  times: Float64Array;
  lineCounts: Int32Array;
  /** Per entry: the length of its prefix, which starts its first line (-1: no prefix; -2: in `otherPrefixes`). */
  prefixLengths: Int32Array;
  otherPrefixes: Record<number, string>;
  problems: (Omit<Problem, "entry"> & { entry: EntryRef })[];
  information: (Omit<Information, "entry"> & { entry: EntryRef })[];
}

/** The lines the engine reads in a text: what `unpackInsights` rebuilds entries from. */
export function logLines(text: string): string[] {
  return normaliseLog(text).lines;
}

export function packInsights(insights: Insights): PackedInsights {
  const { entries } = insights;
  const count = entries.length;
  const packed: PackedInsights = {
    id: insights.id,
    name: insights.name,
    type: insights.type,
    version: insights.version,
    title: insights.title,
    lineCount: 0,
    levels: new Int8Array(count),
    times: new Float64Array(count),
    lineCounts: new Int32Array(count),
    prefixLengths: new Int32Array(count),
    otherPrefixes: {},
    problems: [],
    information: [],
  };
  const indexOf = new Map<LogEntry, number>();
  let nextNumber = 1;
  for (let e = 0; e < count; e++) {
    const { level, time, prefix, lines } = entries[e];
    // Entries cover the lines in order from line 1: the receiver numbers them so. A log that
    // broke this (none does) would be rebuilt wrong, so it is refused here instead.
    if (lines.length === 0 || lines[0].number !== nextNumber) throw new Error("packInsights: entries must cover the lines in order");
    nextNumber += lines.length;
    indexOf.set(entries[e], e);
    packed.levels[e] = level;
    packed.times[e] = time ?? Number.NaN;
    packed.lineCounts[e] = lines.length;
    if (prefix === null) packed.prefixLengths[e] = -1;
    else if (lines[0].content.startsWith(prefix)) packed.prefixLengths[e] = prefix.length;
    else {
      packed.prefixLengths[e] = -2;
      packed.otherPrefixes[e] = prefix;
    }
  }
  packed.lineCount = nextNumber - 1;
  const ref = (entry: LogEntry): EntryRef => indexOf.get(entry) ?? entry;
  for (const { message, counter, entry, solutions, code, category } of insights.analysis.problems) {
    packed.problems.push({ message, counter, entry: ref(entry), solutions, code, category });
  }
  for (const { message, counter, entry, label, value } of insights.analysis.information) {
    packed.information.push({ message, counter, entry: ref(entry), label, value });
  }
  return packed;
}

/** The findings again, their entries built over `lines` (`logLines` of the text the engine read). */
export function unpackInsights(packed: PackedInsights, lines: readonly string[]): Insights {
  if (lines.length !== packed.lineCount) throw new Error(`unpackInsights: the engine read ${packed.lineCount} lines, not ${lines.length}`);
  const count = packed.levels.length;
  const entries: LogEntry[] = new Array(count);
  let line = 0;
  for (let e = 0; e < count; e++) {
    const entryLines = new Array(packed.lineCounts[e]);
    for (let l = 0; l < entryLines.length; l++, line++) entryLines[l] = { number: line + 1, content: lines[line] };
    const time = packed.times[e];
    const prefixLength = packed.prefixLengths[e];
    entries[e] = {
      level: packed.levels[e] as LevelNumber,
      time: Number.isNaN(time) ? null : time,
      prefix: prefixLength === -1 ? null : prefixLength === -2 ? packed.otherPrefixes[e] : lines[line - entryLines.length].slice(0, prefixLength),
      lines: entryLines,
    };
  }
  const entry = (ref: EntryRef): LogEntry => (typeof ref === "number" ? entries[ref] : ref);
  return {
    id: packed.id,
    name: packed.name,
    type: packed.type,
    version: packed.version,
    title: packed.title,
    entries,
    analysis: {
      problems: packed.problems.map((problem) => ({ ...problem, entry: entry(problem.entry) })),
      information: packed.information.map((info) => ({ ...info, entry: entry(info.entry) })),
    },
  };
}
