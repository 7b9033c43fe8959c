/**
 * The crash of a log and the mod (or plugin) it points at. The crash is the trace under a crash
 * report's `Description:`, else the last error entry that stopped the game (`Encountered an
 * unexpected exception`, `Exception in server tick loop`...), else, in an excerpt that starts
 * with an exception, that exception. The culprit comes from the report's `Suspected Mod(s):`
 * (Forge's own analysis) or from the trace: the deepest cause first, its first frame of mod code
 * that names a mod (module, jar, annotation, a Fabric mixin handler), or whose package is the
 * id of a mod the log lists. A frame that names nothing names nothing: no guessing.
 */
import { indented } from "../formats.ts";
import { Level, type LogContext, type LogEntry } from "../model.ts";
import { knownModOf } from "./known-mods.ts";
import { modNameOfJar } from "./names.ts";
import { type Frame, isInfrastructure, mixinHandlerMod, packageWords, parseFrame, sourceOf } from "./stack-frames.ts";

export interface Culprit {
  id: string | null;
  /** The display name, from a mod list or the suspects line. */
  name: string | null;
  jar: string | null;
}

export interface Crash {
  /** The entry and line where the crash is told: a report's description, the error line. */
  entry: LogEntry;
  lineIndex: number;
  /** The report's description (`Ticking entity`), null outside reports. */
  description: string | null;
  culprit: Culprit | null;
}

/** Error lines after which the game or server stops. */
const FATAL_PHRASES = [
  "Encountered an unexpected exception",
  "Exception in server tick loop",
  "Unreported exception thrown",
  "Reported exception thrown",
  "Exception ticking world",
  "Exception in thread",
  "Failed to start the minecraft server",
  "Error executing task",
  "Exception stopping the server",
];
const DEBUG_CRASH = /^Manually triggered debug crash/;
/** How many lines of a trace are read, and how far past them a report's suspects may be. */
const TRACE_LIMIT = 4000;
const SUSPECTS_SEARCH = 600;
/** Lines between a report's description and its exception (a blank line, a wrapped message). */
const LEAD_IN = 6;

const EXCEPTION = /^(?:Exception in thread "[^"\n]{0,200}" )?(?:Caused by: )?[a-zA-Z_$][\w$]*(?:\.[\w$]+){1,30}(?::|$)/;

/** Whether a line starts an exception (`java.lang.NullPointerException: ...`): where a trace begins. */
export const startsException = (line: string): boolean => EXCEPTION.test(line);
const CAUSE = /^\s*Caused by: /;
const TRACE_LINE = /^\s*(?:at \S|Caused by: |Suppressed: |\.\.\. \d+ )/;

const crashes = new WeakMap<object, { crash: Crash | null }>();
/** The last log asked about: a rule asks once per entry of the same log. */
let last: { entries: readonly LogEntry[]; crash: Crash | null } | null = null;

/** The log's crash, read once per log. */
export function crashOf(log: LogContext): Crash | null {
  if (last?.entries === log.entries) return last.crash;
  let known = crashes.get(log.entries);
  if (!known) {
    known = { crash: findCrash(log) };
    crashes.set(log.entries, known);
  }
  last = { entries: log.entries, crash: known.crash };
  return known.crash;
}

/** How the culprit is named to users: its name, else its id, else its file. */
export function culpritName(culprit: Culprit): string {
  return culprit.name ?? culprit.id ?? culprit.jar!;
}

interface Position {
  entry: number;
  line: number;
}

function findCrash(log: LogContext): Crash | null {
  const start = crashStart(log.entries, log.text);
  if (!start) return null;
  const entry = log.entries[start.position.entry];
  const described = start.description;
  const crash: Crash = { entry, lineIndex: start.position.line, description: described, culprit: null };
  if (described !== null && DEBUG_CRASH.test(described)) return crash;
  const lines = linesFrom(log.entries, start.position, entry.lines.length === 1);
  const suspects = described === null ? null : suspectsIn(lines);
  // Forge's own analysis found no mod in the trace: neither do we.
  if (suspects === undefined) return crash;
  crash.culprit = suspects ? named(suspects, log) : culpritOfTrace(traceOf(lines), log);
  return crash;
}

/** The first report description; else the last fatal error line; else an excerpt's opening exception. */
function crashStart(entries: readonly LogEntry[], text: string): { position: Position; description: string | null } | null {
  // Most logs hold no report: one search spares a look at every line.
  const reported = text.includes("Description: ");
  let fatal: Position | null = null;
  for (let e = 0; e < entries.length; e++) {
    const { lines, level, prefix } = entries[e];
    // An error entry with a trace under it, in a log that groups lines into entries.
    const error = lines.length > 1 && (prefix === null || level <= Level.error);
    if (reported || error) {
      for (let l = 0; l < lines.length; l++) {
        const content = lines[l].content;
        if (reported && content.startsWith("Description: ")) return { position: { entry: e, line: l }, description: content.slice(13).trim() };
        if (error && l > 0 && content.startsWith("Exception in thread")) fatal = { entry: e, line: l };
      }
    }
    if (error && isFatal(lines[0].content)) fatal = { entry: e, line: 0 };
  }
  if (fatal) return { position: fatal, description: null };
  const first = firstNonEmpty(entries);
  return first && (EXCEPTION.test(first.content) || TRACE_LINE.test(first.content)) ? { position: first.position, description: null } : null;
}

function isFatal(header: string): boolean {
  return FATAL_PHRASES.some((phrase) => header.includes(phrase));
}

function firstNonEmpty(entries: readonly LogEntry[]): { position: Position; content: string } | null {
  for (let e = 0; e < entries.length && e < 50; e++) {
    const lines = entries[e].lines;
    for (let l = 0; l < lines.length; l++) if (lines[l].content.trim()) return { position: { entry: e, line: l }, content: lines[l].content };
  }
  return null;
}

/** Lines from a position on: within its entry, or across entries when every line is an entry (reports). */
function linesFrom(entries: readonly LogEntry[], from: Position, acrossEntries: boolean): string[] {
  const lines: string[] = [];
  const limit = TRACE_LIMIT + SUSPECTS_SEARCH;
  for (let e = from.entry; e < entries.length && lines.length < limit; e++) {
    const entryLines = entries[e].lines;
    for (let l = e === from.entry ? from.line : 0; l < entryLines.length && lines.length < limit; l++) lines.push(entryLines[l].content);
    if (!acrossEntries) break;
  }
  return lines;
}

/** The trace's frames in blocks, the outermost exception first and each `Caused by:` after it. */
function traceOf(lines: readonly string[]): Frame[][] {
  const blocks: Frame[][] = [[]];
  let started = false;
  let leadIn = 0;
  for (let i = 0; i < lines.length && i < TRACE_LIMIT; i++) {
    const line = lines[i];
    if (TRACE_LINE.test(line) || (!started && EXCEPTION.test(line))) {
      started = true;
      if (CAUSE.test(line)) blocks.push([]);
      const frame = parseFrame(line);
      if (frame) blocks[blocks.length - 1].push(frame);
      continue;
    }
    // The anchor line itself, a blank line or a wrapped message may come before the exception.
    if (started && line.trim() === "") break;
    if (++leadIn > LEAD_IN) break;
  }
  return blocks.filter((block) => block.length > 0);
}

function culpritOfTrace(blocks: readonly Frame[][], log: LogContext): Culprit | null {
  for (let b = blocks.length - 1; b >= 0; b--) {
    const culprit = culpritOfFrames(blocks[b], log);
    if (culprit) return culprit;
  }
  return null;
}

/** The first frame of mod code that names its mod, in one exception's frames. */
function culpritOfFrames(frames: readonly Frame[], log: LogContext): Culprit | null {
  for (const frame of frames) {
    if (isInfrastructure(frame)) {
      const handler = mixinHandlerMod(frame);
      if (handler) return named({ id: handler, jar: null }, log);
      continue;
    }
    const source = sourceOf(frame) ?? listedModOf(frame, log);
    if (source) return named(source, log);
    // Bare frames (1.12 reports, excerpts) of a mod whose package everyone knows.
    const known = knownModOf(frame.className);
    if (known) return named({ id: known.id, jar: null, name: known.name }, log);
  }
  return null;
}

/**
 * The mod whose code threw the exception on an entry's line: its own frames, not those of its
 * causes (a missing class is named on the line of the code that wanted it).
 */
export function culpritAt(entry: LogEntry, lineIndex: number, log: LogContext): Culprit | null {
  // A log without headers (an excerpt, a report) has one line per entry: read on across them.
  const lines =
    entry.lines.length === 1
      ? linesFrom(log.entries, { entry: log.entries.indexOf(entry), line: lineIndex }, true)
      : entry.lines.slice(lineIndex, lineIndex + TRACE_LIMIT).map((line) => line.content);
  const own = traceOf(lines)[0];
  return own ? culpritOfFrames(own, log) : null;
}

/**
 * `Suspected Mod(s): NONE` (undefined: Forge found none), `Name (id), Version: v` inline or on
 * the tab-indented lines below, or null when the report has no such line.
 */
function suspectsIn(lines: readonly string[]): Culprit | null | undefined {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith("-- System Details --")) return null;
    if (!line.includes("Suspected Mod")) continue;
    const match = /^\s*Suspected Mods?: ?(.*)$/.exec(line);
    if (!match) continue;
    const inline = match[1].trim();
    if (/^NONE\b/i.test(inline)) return undefined;
    const first = inline || (lines[i + 1]?.startsWith("\t") ? lines[i + 1].trim() : "");
    const suspect = /^(.+?) \(([\w.-]+)\)/.exec(first);
    return suspect ? { name: suspect[1], id: suspect[2], jar: null } : null;
  }
  return null;
}

interface ListedMod {
  id: string;
  name: string | null;
  jar: string | null;
}

/** Mod lists the log prints, by id and by jar (Forge tables, Fabric lists, crash-report details). */
interface ModList {
  byId: Map<string, ListedMod>;
  byJar: Map<string, ListedMod>;
  /** Ids with `-` and `_` removed, as a package segment would spell them. */
  byPackageWord: Map<string, ListedMod>;
}

/** What every table row of a mod list holds (Forge 1.12+, Quilt): its rows are next to each other below. */
const TABLE_ROW = [".jar ", "|"] as const;

/**
 * `start`: how the row's line begins, when its pattern fixes that; `hints`: text every row holds.
 * Both are cheap tests before the pattern.
 */
const LIST_ROWS: readonly { start?: string; hints: readonly string[]; pattern: RegExp; id: number; name?: number; jar?: number }[] = [
  // Forge 1.13+ report: `\t\tcreate-1.20.1-0.5.1.f.jar |Create |create |0.5.1.f |DONE |Manifest: NOSIGNATURE`
  { hints: TABLE_ROW, pattern: /^\s*(\S[^|\n]{0,300}?\.jar)\s*\|([^|\n]{1,300}?)\s*\|([\w.-]{2,64})\s*\|/, jar: 1, name: 2, id: 3 },
  // Forge 1.12 report: `\t| LC | jei | 4.16.1 | jei_1.12.2-4.16.1.jar | None |`
  { hints: TABLE_ROW, pattern: /^\s*\|\s*[A-Z]{1,12}\s*\|\s*([\w.-]{2,64})\s*\|[^|\n]{0,100}\|\s*([^|\n]{1,300}?\.jar)\s*\|/, id: 1, jar: 2 },
  // Quilt report: `\t\t|     1 | EMI | emi | 1.1.2+1.20.1+fabric | Fabric| mods/emi-1.1.2+1.20.1+fabric.jar |`
  { hints: TABLE_ROW, pattern: /^\s*\|\s*\d{1,5}\s*\|\s*([^|\n]{1,200}?)\s*\|\s*([\w.-]{2,64})\s*\|[^|\n]{0,100}\|[^|\n]{0,40}\|\s*([^|\n]{1,300}?\.jar)\s*\|/, name: 1, id: 2, jar: 3 },
  // Forge 1.7-1.11 report: `\tUCHIJA\tjei{3.14} [Just Enough Items] (jei.jar)`
  { hints: ["} [", "] ("], pattern: /^\s*U[A-Z]{0,12}\s+([\w.-]{2,64})\{[^}\n]{0,100}\} \[([^\]\n]{1,300})\] \(([^)\n]{1,300})\)/, id: 1, name: 2, jar: 3 },
  // Fabric report details: `\t\tsodium: Sodium 0.5.3+mc1.20.1`
  { start: "\t\t", hints: [": "], pattern: /^\t\t([a-z][a-z0-9_-]{1,63}): (.{1,200}) \S+$/, id: 1, name: 2 },
  // Fabric and Quilt logs: `\t- sodium 0.5.3+mc1.20.1`
  { start: "\t- ", hints: [], pattern: /^\t- ([a-z][a-z0-9_-]{1,63}) \S+$/, id: 1 },
];
/** Package words that name no mod, although a mod may have that id. */
const GENERIC_WORDS = new Set(["api", "lib", "core", "common", "client", "server", "util", "utils", "mod", "mods", "main", "impl", "mixin", "mixins", "world", "block", "item", "entity", "data", "config", "network", "render", "forge", "fabric", "minecraft", "java"]);

const modLists = new WeakMap<object, ModList>();

function modListOf(log: LogContext): ModList {
  let list = modLists.get(log.entries);
  if (list) return list;
  list = { byId: new Map(), byJar: new Map(), byPackageWord: new Map() };
  const parts: ListedMod[] = [];
  for (const entry of log.entries) {
    for (const { content } of entry.lines) {
      // Rows are indented (reports indent with tabs, some pastes with spaces); stack frames are not rows.
      if (!indented(content) || content.length > 600 || content.startsWith("\tat ") || content.startsWith("    at ")) continue;
      const mod = listedMod(content);
      if (!mod) continue;
      if (!list.byId.has(mod.id)) list.byId.set(mod.id, mod);
      if (mod.jar && !list.byJar.has(mod.jar)) list.byJar.set(mod.jar, mod);
      const word = mod.id.toLowerCase().replace(/[-_]/g, "");
      if (word.length >= 3 && !GENERIC_WORDS.has(word) && !list.byPackageWord.has(word)) list.byPackageWord.set(word, mod);
      parts.push(mod);
    }
  }
  // Then each long part of a compound id (`universal-graves` is the package `eu.pb4.graves`), where
  // no whole id took the word first.
  for (const mod of parts) {
    for (const part of mod.id.toLowerCase().split(/[-_]/)) {
      if (part.length >= ID_PART_MIN && part !== mod.id && !GENERIC_WORDS.has(part) && !list.byPackageWord.has(part)) list.byPackageWord.set(part, mod);
    }
  }
  modLists.set(log.entries, list);
  return list;
}

/** Shorter parts of compound ids are too often ordinary words (`tools`, `extra`, `craft`). */
const ID_PART_MIN = 6;

/** The mod a list row names, if the line is one. */
function listedMod(content: string): ListedMod | null {
  // Rows sharing their hints (the tables) look for them once: every indented line of a report is asked.
  let looked: readonly string[] | null = null;
  let held = false;
  for (const row of LIST_ROWS) {
    if (row.start && !content.startsWith(row.start)) continue;
    if (row.hints !== looked) {
      looked = row.hints;
      held = row.hints.every((hint) => content.includes(hint));
    }
    if (!held) continue;
    const match = row.pattern.exec(content);
    if (match) return { id: match[row.id], name: row.name ? match[row.name].trim() : null, jar: row.jar ? match[row.jar].trim() : null };
  }
  return null;
}

/** A mod the log lists whose id is a segment of the frame's package. */
function listedModOf(frame: Frame, log: LogContext): { id: string; jar: string | null } | null {
  const list = modListOf(log);
  if (list.byPackageWord.size === 0) return null;
  for (const word of packageWords(frame.className)) {
    const mod = list.byPackageWord.get(word.toLowerCase());
    if (mod) return { id: mod.id, jar: mod.jar };
  }
  return null;
}

/** Completes a culprit from the mod lists: the name for an id, the id and name for a jar. */
function named(source: { id: string | null; jar: string | null; name?: string | null }, log: LogContext): Culprit {
  const list = modListOf(log);
  const listed = (source.id ? list.byId.get(source.id) : undefined) ?? (source.jar ? list.byJar.get(source.jar) : undefined);
  const id = source.id ?? listed?.id ?? null;
  const jar = source.jar ?? listed?.jar ?? null;
  // A jar alone still tells the mod's name: users know 'sodium', not its file name.
  const name = source.name ?? listed?.name ?? (id === null && jar !== null ? modNameOfJar(jar) : null);
  return { id, name: name !== id ? name : null, jar };
}
