/**
 * analyseLog: normalise -> detect -> parse -> analyse -> the mclo.gs JSON shape
 * (docs/API.md, Analysis: The insights shape).
 */
import { ANALYSERS } from "./analysers";
import { detectLogType } from "./detect";
import { analyseEmbeddedCrashReport } from "./embedded-report";
import { FORMATS } from "./formats";
import { AnalysisCollector } from "./insights";
import { KIND_LABELS, logTypeId, type LogType } from "./log-types";
import type { Insights, LogEntry, RuleGroup } from "./model";
import { normaliseLog, type NormalisedLog } from "./normalise";
import { parseEntries } from "./parse";
import { problemRulesFor } from "./problems";

export interface AnalyseOptions {
  /** false leaves `entries` empty (problems and information still carry their own entry). */
  includeEntries?: boolean;
}

export interface DetectedLog extends NormalisedLog {
  type: LogType;
}

export interface ParsedLog extends DetectedLog {
  entries: LogEntry[];
}

/** Normalise and detect: where upload statistics and analysis both start. */
export function detectLog(input: string | Uint8Array): DetectedLog {
  const log = normaliseLog(input);
  return { ...log, type: detectLogType(log) };
}

/** Detect and parse, without analysis. */
export function parseLog(input: string | Uint8Array): ParsedLog {
  const log = detectLog(input);
  return { ...log, entries: parseEntries(log.lines, FORMATS[log.type.format]) };
}

export function analyseLog(input: string | Uint8Array, options: AnalyseOptions = {}): Insights {
  const log = parseLog(input);
  const analyser = ANALYSERS[log.type.analyser];
  const collector = new AnalysisCollector();
  collector.runRules(problemRulesFor(analyser.groups), log.entries, { text: log.text, entries: log.entries });
  collector.readInformation(analyser, log.entries);
  if (!(analyser.groups as readonly RuleGroup[]).includes("crash-report")) analyseEmbeddedCrashReport(log.lines, collector);

  const version = analyser.version ? (collector.firstValueOfKind.get(analyser.version) ?? null) : null;
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

function titleOf(type: LogType, version: string | null, label: string): string {
  // Hytale titles never carry the version (as in the reference).
  const shownVersion = type.name === "Hytale" ? null : version;
  return [type.name, shownVersion, label].filter(Boolean).join(" ").trim();
}
