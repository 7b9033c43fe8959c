/**
 * How the lines of each log type become entries. One table: a header pattern
 * per format and what its capture groups mean. A line that matches starts an entry; a line that
 * does not is a continuation of the current one.
 */
import { TIME } from "./fragments.ts";

export interface HeaderFormat {
  kind: "header";
  /** Tested against one line; must be anchored with `^`. */
  header: RegExp;
  /** Capture group numbers. */
  prefix: number;
  /** Level group; several when alternatives in the header capture the level in different groups. */
  level?: number | readonly number[];
  time?: number;
  /** Forge-style `[channel]` group: a `STDERR/...` channel makes the entry an error. */
  channel?: number;
  /** PHP-style date format of the time group (see time.ts). */
  timeFormat?: string;
}

/** Crash reports: every line its own entry, levels from the line's shape (parse.ts). */
export interface ReportFormat {
  kind: "report";
}

/** Launchers and unknown logs: every line its own info entry without prefix. */
export interface LineFormat {
  kind: "line";
}

export type LogFormat = HeaderFormat | ReportFormat | LineFormat;

const re = (source: string) => new RegExp(source);

export const FORMATS = {
  /**
   * `[14:20:41] [Server thread/ERROR]:`. Also accepts the console form `[14:20:41 ERROR]:`
   * that Paper and Spigot print to stdout, which the reference left unparsed (one huge entry).
   */
  vanilla: {
    kind: "header",
    header: re(String.raw`^(\[${TIME}\] \[[^/]+\/(\w+)\]:|\[${TIME} (\w+)\]:)`),
    prefix: 1,
    level: [2, 3],
  },
  fabric: {
    kind: "header",
    header: re(String.raw`^(\[${TIME}\] \[[^/]+\/(\w+)\]:?)`),
    prefix: 1,
    level: 2,
  },
  forge: {
    kind: "header",
    header: re(String.raw`^(\[(\S+ )?${TIME}(\.\d+)?\] \[[^\]]+\/(\w+)\]( \[([^\]]+)\])?:)`),
    prefix: 1,
    level: 4,
    channel: 6,
  },
  oldVanilla: {
    kind: "header",
    header: re(String.raw`^(((\d{2,4}-?){3} ${TIME}) \[(\w+)\])`),
    prefix: 1,
    time: 2,
    level: 4,
    timeFormat: "Y-m-d H:i:s",
  },
  glowstone: {
    kind: "header",
    header: re(String.raw`^((((\d{2,4}\/?){3} )?${TIME}) \[(\w+)\])`),
    prefix: 1,
    time: 2,
    level: 5,
    timeFormat: "Y/m/d H:i:s",
  },
  bungeecord: {
    kind: "header",
    header: re(String.raw`^(${TIME} \[(\w+)\])`),
    prefix: 1,
    level: 2,
  },
  velocity: {
    kind: "header",
    // The log file's form, or the console's `[21:14:02 INFO]: ` / `[21:14:02 INFO] [plugin]: `.
    header: re(String.raw`^(\[${TIME}\] \[[^/]+\/(\w+)\]( \[[^\]]+\])?:|\[${TIME} (\w+)\]( \[[^\]]+\])?:)`),
    prefix: 1,
    level: [2, 4],
  },
  geyser: {
    kind: "header",
    header: re(String.raw`^(\[${TIME}\.\d{3} [^/]+\/(\w+)\])`),
    prefix: 1,
    level: 2,
  },
  pocketmine: {
    kind: "header",
    header: re(String.raw`^(((\d{2,4}-?){3} \[${TIME})(\.\d{3})?\] \[[^/]+\/(\w+)\]:)`),
    prefix: 1,
    time: 2,
    level: 5,
    timeFormat: "Y-m-d [H:i:s",
  },
  bedrockServer: {
    kind: "header",
    header: re(String.raw`^(\[((\d{2,4}-?){3} (\d{2,3}:?){3,4}) (\w+)\])`),
    prefix: 1,
    time: 2,
    level: 5,
    timeFormat: "Y-m-d H:i:s",
  },
  bedrockContent: {
    kind: "header",
    header: re(String.raw`^((\d\d:){2}\d\d\[\w+\]\[(\w+)\])`),
    prefix: 1,
    level: 3,
  },
  customSkinLoader: {
    kind: "header",
    header: re(String.raw`^(\[(\d{4}(-\d\d){2} ${TIME})(\] \[)?[^\]]+[ /]([A-Z]+)\]( \[[^\]]+\]:)?) `),
    prefix: 1,
    time: 2,
    level: 5,
    timeFormat: "Y-m-d H:i:s",
  },
  minecraftLauncher: {
    kind: "header",
    header: re(String.raw`^(\[(\w+): \d{4}(-\d\d){2} (\d\d:?)*\.\d+: [^\]]+\])`),
    prefix: 1,
    level: 2,
  },
  hytaleServer: {
    kind: "header",
    header: re(String.raw`^(\[((\d{2,4}\/?){3} ${TIME})\s*(\w+)\])`),
    prefix: 1,
    time: 2,
    level: 4,
    timeFormat: "Y/m/d H:i:s",
  },
  hytaleClient: {
    kind: "header",
    header: re(String.raw`^(((\d{2,4}-?){3}\s${TIME})\.\d{4}\|(\w+)\|)`),
    prefix: 1,
    time: 2,
    level: 4,
    timeFormat: "Y-m-d H:i:s",
  },
  report: { kind: "report" },
  line: { kind: "line" },
} as const satisfies Record<string, LogFormat>;

export type FormatName = keyof typeof FORMATS;

/**
 * Whether a line starts with a tab or a space. No header does (checked below), and stack frames
 * and mod lists do, a third of a crashed log's lines: the header pattern is not tried on them.
 */
export function indented(line: string): boolean {
  const first = line.charCodeAt(0);
  return first === 9 /* tab */ || first === 32;
}

// What readers of the entries count on, checked once: a prefix is where its header line starts
// (model.ts, LogEntry.prefix), and a header starts with `[` or a digit, never with the tab or
// space of a continuation line (parse.ts does not try those lines).
for (const [name, format] of Object.entries(FORMATS)) {
  if (format.kind !== "header") continue;
  const source = format.header.source;
  if (!(format.prefix === 1 && source.startsWith("^(") && !source.startsWith("^(?"))) {
    throw new Error(`formats.ts: ${name}'s prefix must be its header's first group, at the start of the line`);
  }
  if (!alternativesOf(source.slice(1)).every((alternative) => /^(?:\((?:\?:)?)*(?:\\\[|\\d)/.test(alternative))) {
    throw new Error(`formats.ts: ${name}'s header must start with "[" or a digit`);
  }
}

/**
 * The branches a header's source (after `^`) can start with, split at each `|` outside the inner
 * groups: the first keeps the group's opening, the others start inside it. The check above reads
 * their first atoms only, so an optional first group is taken as present.
 */
function alternativesOf(source: string): string[] {
  const branches: string[] = [];
  let depth = 0;
  let start = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === "\\") i++;
    else if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = true;
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "|" && depth <= 1) {
      branches.push(source.slice(start, i));
      start = i + 1;
    }
  }
  branches.push(source.slice(start));
  return branches;
}
