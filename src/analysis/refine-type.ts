/**
 * Detection picks a type the reference way (markers, then line ratios). Where that answer is
 * generic (a Vanilla or unknown log, a loader log typed by its line format, a report inside a
 * log), what the log states decides instead: the loader or hybrid named by its launch arguments,
 * banners or crash-report details, and whether a client or a server wrote it.
 */
import type { Detection } from "./detect.ts";
import type { LogEvidence, Side, StatedSoftware } from "./evidence.ts";
import { MINECRAFT_LOG_TYPES, type LogKind, type LogType } from "./log-types.ts";

const LOADERS: ReadonlySet<string> = new Set(["Forge", "NeoForge", "Fabric", "Quilt"]);
const HYBRID_NAMES: readonly StatedSoftware[] = ["Mohist", "Arclight", "Magma"];
const HYBRIDS: ReadonlySet<string> = new Set(HYBRID_NAMES);
/** What a Forge-format log typed by its line ratio may be instead. */
const FORGE_FAMILY_FIRST: readonly StatedSoftware[] = ["Mohist", "Arclight", "Magma", "NeoForge"];
/** Launchers whose log is their preamble followed by the game's output. */
const LAUNCHERS_WITH_GAME_OUTPUT: ReadonlySet<string> = new Set(["Prism Launcher"]);
const REPORT_HEADERS = ["---- Minecraft Crash Report ----", "---- Mohist Crash Report ----"];
/** A log line (`[12:00:00] [...`, `[14Jun2024 10:26:24.157] [...`) before the report makes it a log with a report in it. */
const LOG_LINE = /^\[[^\]\n]{0,30}\d\d:\d\d:\d\d[^\]\n]{0,10}\] \[/;
const LOG_LINES_BEFORE_A_LOG = 3;

export function refineLogType({ type, decidedBy }: Detection, evidence: LogEvidence, lines: readonly string[]): LogType {
  if (type.kind === "crash-report") {
    // A hybrid's report may carry Forge's brand line: the report that names the hybrid is the hybrid's.
    const stated = type.name === "Vanilla" ? evidence.software : type.name === "Forge" ? evidence.statedOneOf(HYBRID_NAMES) : null;
    const name = stated ?? type.name!;
    if (reportIsInsideLog(lines)) return typeFor(name, kindFor(name, evidence.side)) ?? type;
    return typeFor(name, "crash-report") ?? type;
  }
  if (type.name !== null && LAUNCHERS_WITH_GAME_OUTPUT.has(type.name)) {
    // The launcher's window holds the game's own log after its preamble: a loader that log
    // states makes it that loader's client log (the launcher's lines stay prefix-less entries).
    const software = evidence.software;
    return (software && typeFor(software, kindFor(software, evidence.side ?? "client"))) || type;
  }
  if (type.name === null || type.name === "Vanilla") {
    if (type.kind !== "unknown" && type.kind !== "server" && type.kind !== "client") return type;
    const software = evidence.software;
    if (software) return typeFor(software, kindFor(software, evidence.side ?? (type.kind === "client" ? "client" : null))) ?? type;
    if (type.kind === "server" && type.format === "vanilla" && evidence.side === "client") return typeFor("Vanilla", "client") ?? type;
    return type;
  }
  if (LOADERS.has(type.name) && (type.kind === "server" || type.kind === "client")) {
    // Forge comes first among equal line ratios; a NeoForge or hybrid log that says so is one.
    // A Forge log by its markers may still state NeoForge (the 1.20.1 fork keeps Forge's packages and lines).
    const named = decidedBy === "score" || type.name === "Forge" ? evidence.statedOneOf(FORGE_FAMILY_FIRST) : null;
    const name = named ?? type.name;
    const side = type.kind === "server" && evidence.side === "client" ? "client" : type.kind;
    return typeFor(name, kindFor(name, side)) ?? type;
  }
  return type;
}

/** The kind for a side: hybrids are server software; a log that does not say is taken for a server's, as detection does. */
function kindFor(name: string, side: Side | null): LogKind {
  return HYBRIDS.has(name) ? "server" : (side ?? "server");
}

function typeFor(name: StatedSoftware | string, kind: LogKind): LogType | undefined {
  return MINECRAFT_LOG_TYPES.find((t) => t.name === name && t.kind === kind);
}

/** Whether log lines come before the crash report: a log that printed a report, not a report file. */
function reportIsInsideLog(lines: readonly string[]): boolean {
  let logLines = 0;
  for (const line of lines) {
    if (REPORT_HEADERS.some((header) => line.includes(header))) return false;
    if (LOG_LINE.test(line) && ++logLines >= LOG_LINES_BEFORE_A_LOG) return true;
  }
  return false;
}
