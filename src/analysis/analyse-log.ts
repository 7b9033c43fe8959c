/**
 * analyseLog: normalise -> detect -> parse -> analyse -> the mclo.gs JSON shape
 * (docs/API.md, Analysis: The insights shape).
 */
import { ANALYSERS, type Analyser } from "./analysers.ts";
import { ruleGroupsFor } from "./rule-groups.ts";
import { detect, type HintSource } from "./detect.ts";
import { analyseEmbeddedCrashReport } from "./embedded-report.ts";
import { LogEvidence, type Side } from "./evidence.ts";
import { FORMATS } from "./formats.ts";
import { INFORMATION_KINDS } from "./information.ts";
import { AnalysisCollector } from "./insights.ts";
import { KIND_LABELS, logTypeId, type LogType } from "./log-types.ts";
import type { Insights, LogContext, LogEntry } from "./model.ts";
import { normaliseLog, type NormalisedLog } from "./normalise.ts";
import { parseEntries } from "./parse.ts";
import { rulePhasesFor } from "./problems/index.ts";
import { refineLogType } from "./refine-type.ts";

export interface AnalyseOptions {
  /** false leaves `entries` empty (problems and information still carry their own entry). */
  includeEntries?: boolean;
}

export interface DetectedLog extends NormalisedLog {
  type: LogType;
  /** What the text states about its software, side and version (evidence.ts). */
  evidence: LogEvidence;
}

export interface ParsedLog extends DetectedLog {
  entries: LogEntry[];
}

/** Normalise and detect: where upload statistics and analysis both start (`hints`: see detect.ts). */
export function detectLog(input: string | Uint8Array, hints: HintSource = "shared scan"): DetectedLog {
  const log = normaliseLog(input);
  const detection = detect(log, hints);
  const evidence = new LogEvidence(log.text, detection.hints);
  return { ...log, type: refineLogType(detection, evidence, log.lines), evidence };
}

/** Detect and parse, without analysis. */
export function parseLog(input: string | Uint8Array): ParsedLog {
  const log = detectLog(input);
  return { ...log, entries: parseEntries(log.lines, FORMATS[log.type.format]) };
}

export function analyseLog(input: string | Uint8Array, options: AnalyseOptions = {}): Insights {
  const log = parseLog(input);
  const analyser = ANALYSERS[log.type.analyser];
  const groups = ruleGroupsFor(log.type, log.evidence);
  const phases = rulePhasesFor(groups);
  const context: LogContext = {
    text: log.text,
    entries: log.entries,
    // Read when a rule words a finding, not before: a crash report's side costs searches.
    get side() {
      return sideOf(log);
    },
    software: log.type.name,
  };
  const collector = new AnalysisCollector();
  collector.runRules(phases.main, log.entries, context);
  if (phases.deferred.length > 0) collector.runRules(phases.deferred, log.entries, context, true);
  collector.readInformation(analyser, log.entries, context);
  if (!groups.includes("crash-report")) analyseEmbeddedCrashReport(log.lines, collector, context);
  if (phases.lastResorts.length > 0 && !collector.foundCause()) {
    // In order, until one names a cause: the more specific last resorts come first.
    for (const alone of phases.lastResorts) {
      if (collector.foundCause()) break;
      collector.runRules(alone, alone[0].entriesOf?.(context) ?? log.entries, context);
    }
  }

  const version = versionOf(analyser, collector, log);
  const label = KIND_LABELS[log.type.kind];
  return {
    id: logTypeId(log.type),
    name: log.type.name,
    type: label,
    version,
    title: titleOf(log.type, version, label),
    entries: options.includeEntries === false ? [] : log.entries,
    analysis: collector.toAnalysis(),
  };
}

/** Client or server: the type's kind when it is one, else what the text says (crash reports, excerpts). */
function sideOf(log: ParsedLog): Side | null {
  return log.type.kind === "client" || log.type.kind === "server" ? log.type.kind : log.evidence.side;
}

/**
 * The first value of the analyser's version kind. Where that is a Minecraft version the log
 * does not print in the usual place, any other statement of it counts, and becomes information.
 */
function versionOf(analyser: Analyser, collector: AnalysisCollector, log: ParsedLog): string | null {
  if (!analyser.version) return null;
  const version = collector.firstValueOfKind.get(analyser.version);
  if (version !== undefined) return version;
  const kind = INFORMATION_KINDS[analyser.version];
  const stated = kind.label === "Minecraft version" ? log.evidence.minecraftVersion : null;
  if (!stated) return null;
  const entry = log.entries.find((e) => e.lines.some((line) => line.content === stated.line));
  if (entry) collector.addInformation(analyser.version, kind.label, stated.value, entry);
  return stated.value;
}

function titleOf(type: LogType, version: string | null, label: string): string {
  // Hytale titles never carry the version (as in the reference).
  const shownVersion = type.name === "Hytale" ? null : version;
  return [type.name, shownVersion, label].filter(Boolean).join(" ").trim();
}
