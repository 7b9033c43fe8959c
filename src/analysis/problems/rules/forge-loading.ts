/**
 * Forge and NeoForge (1.13+) loading failures that name their mod: the `Missing or unsupported
 * mandatory dependencies` lines, the `-- MOD x --` sections of crash reports with their `Failure
 * message:`, and mods that could not be constructed. Rule groups `forge` and `crash-report`: the
 * same failure shows in the game log and in the report.
 */
import { defineRule, type ShapeMatch } from "../define-rule.ts";
import type { LogContext, LogEntry } from "../../model.ts";
import { baseName } from "../names.ts";
import { followingLine, locate } from "../report-sections.ts";
import { describeRange, loaderName, requirementKind, versionNeedFixes, versionNeedMessage } from "../requirements.ts";
import { culpritFixes, fix, quote } from "../wording.ts";
import { ruleCue } from "./cue.ts";
import { MOD_FAILED_SUMMARY } from "./forge-mods.ts";

const groups = ["forge", "crash-report"] as const;

interface Requirement {
  mod: string;
  dependency: string;
  /** As the loader prints it: `[7.6.1,)` or `7.6.1 or above`. */
  range: string;
  /** The installed version, null when the dependency is not installed. */
  actual: string | null;
}

/** `java` requirements are the jvm group's (java-too-old); the game and loaders are versions to change. */
const isMod = (id: string) => requirementKind(id) === "mod";
const isGameOrLoader = (id: string) => requirementKind(id) === "game" || requirementKind(id) === "loader";
/** A loader missing altogether: the mod is made for the other loader (a Forge mod on NeoForge...). */
const otherLoader = (r: Requirement) => r.actual === null && requirementKind(r.dependency) === "loader";

const MANDATORY = /Mod ID: '([^']{1,100})', Requested by: '([^']{1,100})', Expected range: '([^']{0,200})', Actual version: '([^']{0,100})'/;
const FAILURE = /^\s*Failure message: ([^\n]{1,400})$/;
const REQUIRES = /^Mod (\S{1,100}) requires (\S{1,100}) ?(.{0,100})$/;
const CURRENTLY = /Currently, \S{1,100} is (?:not installed|(\S{1,100}))/;

const stripColours = (text: string) => text.replace(/§./g, "").trim();

function mandatory({ anchor }: ShapeMatch): Requirement {
  return { mod: anchor[2], dependency: anchor[1], range: anchor[3], actual: anchor[4] === "[MISSING]" ? null : anchor[4] };
}

/** `Failure message: Mod x requires y 1.2 or above`, then `Currently, y is not installed` (or its version). */
function failureRequirement(match: ShapeMatch): Requirement | null {
  const requires = REQUIRES.exec(stripColours(match.anchor[1]));
  if (!requires) return null;
  const currently = CURRENTLY.exec(stripColours(followingLine(match.log, match.entry, match.lineIndex) ?? ""));
  return { mod: requires[1], dependency: requires[2], range: requires[3].trim() || "any", actual: currently?.[1] ?? null };
}

const requirementShapes = (keep: (requirement: Requirement) => boolean) => [
  { anchor: MANDATORY, hint: ["Mod ID: '", "Requested by: '"], extract: (match: ShapeMatch) => keepIf(mandatory(match), keep) },
  { anchor: FAILURE, hint: "Failure message: Mod ", extract: (match: ShapeMatch) => keepIf(failureRequirement(match), keep) },
];

const keepIf = (requirement: Requirement | null, keep: (requirement: Requirement) => boolean) =>
  requirement && keep(requirement) ? requirement : null;

const versionNeed = (r: Requirement) => ({ mod: r.mod, id: r.dependency, range: r.range, present: r.actual });
const installed = ({ actual }: Requirement) => (actual === null ? "is not installed" : `${quote(actual)} is installed`);
const requirementKey = ({ mod, dependency }: Requirement) => `${mod}\n${dependency}`;

interface ModFailure {
  id: string;
  name: string | null;
  file: string | null;
  version: string | null;
  /** What failed: `encountered an error during the common_setup event phase`, the exception. */
  detail: string | null;
}

/** `-- MOD x --` (Forge, NeoForge until 1.20), `-- Mod loading issue for: x --` (NeoForge 1.21). */
const SECTION_TITLE = /^-- (?:MOD|Mod loading issue for:) \S{1,100} --\s*$/;
/** How far a `-- MOD x --` section reaches around its failure message. */
const SECTION_REACH = 60;
const FAILURE_FORMS = /^(?:Mod )?(.{1,200}?)(?: \(([^()\s]{1,100})\))? (has failed to load correctly|encountered an error during the (\S{1,60}) event phase)/;

/** The `Mod File:` and `Mod Version:` of the mod's section around a crash report line. */
function modSection(log: LogContext, entry: LogEntry, lineIndex: number): { file: string | null; version: string | null } {
  const { flat, position } = locate(log, entry, lineIndex);
  let start = position;
  while (start > 0 && position - start < SECTION_REACH && !SECTION_TITLE.test(flat.lines[start])) start--;
  const details = { file: null as string | null, version: null as string | null };
  for (let i = start + 1; i < Math.min(flat.lines.length, position + SECTION_REACH); i++) {
    const line = flat.lines[i];
    if (/^-- .+ --\s*$/.test(line)) break;
    const pair = /^\s*Mod ([Ff]ile|[Vv]ersion): (.+)$/.exec(line);
    if (pair?.[1].toLowerCase() === "file") details.file ??= baseName(pair[2].trim());
    if (pair?.[1].toLowerCase() === "version") details.version ??= pair[2].trim();
  }
  return details;
}

/** The exception printed on the line below, when there is one. */
function exceptionBelow(match: ShapeMatch): string | null {
  const below = followingLine(match.log, match.entry, match.lineIndex)?.trim() ?? "";
  return /^(?:Caused by: )?[\w$]+(?:\.[\w$]+)+(?:Exception|Error|Throwable)\b/.test(below) ? stripColours(below).slice(0, 300) : null;
}

export const forgeLoadingRules = [
  defineRule<Requirement>({
    code: "forge-dependency-missing",
    category: "missing-dependency",
    summary: "A Forge/NeoForge mod's mandatory dependency is missing or outside the required version range.",
    groups,
    cue: ruleCue,
    shapes: requirementShapes((r) => isMod(r.dependency)),
    message: (r) => `The mod ${quote(r.mod)} needs ${quote(r.dependency)} ${describeRange(r.range)}, but ${quote(r.dependency)} ${installed(r)}.`,
    solutions: (r) => [
      r.actual === null
        ? fix.modInstall(r.dependency, describeRange(r.range))
        : `Replace ${quote(r.dependency)} ${r.actual} with version ${describeRange(r.range)} (or use a release of ${quote(r.mod)} that accepts ${r.actual}).`,
      `Or remove ${quote(r.mod)} if you do not need it.`,
    ],
    key: requirementKey,
  }),

  defineRule<Requirement>({
    code: "forge-dependency-game-version",
    category: "wrong-game-version",
    summary: "A Forge/NeoForge mod is made for another Minecraft, Forge or NeoForge version (or the other loader).",
    groups,
    cue: ruleCue,
    shapes: requirementShapes((r) => isGameOrLoader(r.dependency)),
    message: (r) =>
      otherLoader(r)
        ? `The mod ${quote(r.mod)} needs ${loaderName(r.dependency)} ${describeRange(r.range)}, which this loader is not: the mod is made for the other loader.`
        : versionNeedMessage(versionNeed(r)),
    solutions: (r) =>
      otherLoader(r) ? [`Use the release of ${quote(r.mod)} made for this loader, or remove it.`] : versionNeedFixes(versionNeed(r)),
    key: requirementKey,
  }),

  defineRule<ModFailure>({
    code: "forge-mod-load-failed",
    category: "load-failure",
    summary: "A Forge/NeoForge mod failed while being constructed or set up (crash report mod sections, Failed to create mod instance).",
    groups,
    cue: ruleCue,
    shapes: [
      {
        anchor: FAILURE,
        hint: "Failure message: ",
        extract: (match) => {
          const failure = FAILURE_FORMS.exec(stripColours(match.anchor[1]));
          if (!failure) return null;
          const what = failure[4] ? `failed in the ${failure[4]} phase` : "failed to load";
          const below = exceptionBelow(match);
          return { id: failure[2] ?? failure[1], name: failure[2] ? failure[1] : null, ...modSection(match.log, match.entry, match.lineIndex), detail: below ? `${what}: ${below}` : what };
        },
      },
      {
        anchor: /Failed to create mod instance\. ModID: ([^\s,]{1,100}), class ([\w.$]{1,300})/,
        hint: "Failed to create mod instance",
        extract: (match) => {
          const id = match.anchor[1];
          // The loader's summary on a line of its own (`Name (id) has failed to load correctly`) has its own rule.
          if (summarised(match.log.text, id)) return null;
          const below = exceptionBelow(match);
          return { id, name: null, file: null, version: null, detail: `could not be constructed (class ${match.anchor[2]})${below ? `: ${below}` : ""}` };
        },
      },
    ],
    message: ({ id, name, file, version, detail }) => {
      const facts = [name ? quote(id) : null, version, file ? `file ${quote(file)}` : null].filter(Boolean).join(", ");
      return `The mod ${quote(name ?? id)}${facts ? ` (${facts})` : ""} ${detail}.`;
    },
    solutions: ({ id, name, file }) => culpritFixes({ id, name, jar: file }, "mod"),
    key: ({ id }) => id,
  }),
];

/** Whether the loader's summary line (forge-mods.ts, forge-mod-fatal) names the mod. */
function summarised(text: string, id: string): boolean {
  const words = `(${id}) has failed to load correctly`;
  for (let at = text.indexOf(words); at !== -1; at = text.indexOf(words, at + 1)) {
    const lineStart = text.lastIndexOf("\n", at) + 1;
    if (MOD_FAILED_SUMMARY.exec(text.slice(lineStart, at + words.length))?.[2] === id) return true;
  }
  return false;
}
