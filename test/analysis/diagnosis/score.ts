/**
 * Scores the engine on the labelled diagnosis cases (cases/labels.json): whole logs and excerpts
 * written for this purpose, each with the software, side and Minecraft version it states and the
 * real cause of its failure. Used by diagnosis.test.ts and, with a report, by
 * `bun test/analysis/diagnosis/score.ts`.
 */
import { resolve } from "node:path";
import { analyseLog } from "../../../src/analysis/index.ts";
import type { Problem } from "../../../src/analysis/model.ts";

export interface DiagnosisCase {
  file: string;
  kind: "whole" | "excerpt";
  software: string | null;
  side: "client" | "server" | null;
  minecraftVersion: string | null;
  /** The category of the real cause (docs/API.md, problem categories). */
  category: string;
  /** Names the diagnosis should mention: the mod at fault, a file, an entity. */
  entities?: Record<string, string | number>;
  notes?: string;
  /**
   * Why the engine cannot name this cause yet, when it cannot: the case still counts in every
   * rate, but a contradiction on it does not fail the suite (diagnosis.test.ts lists these).
   */
  knownMiss?: string;
}

export interface CaseResult {
  case: DiagnosisCase;
  /** A problem of the cause's category names every entity asked for. */
  diagnosed: boolean;
  /** The categories found, in order. */
  found: string[];
  /** Problems that name another cause while the real one is missed. */
  contradicting: Problem[];
  softwareRight: boolean | null;
  sideRight: boolean | null;
  versionRight: boolean | null;
  problems: Problem[];
  type: string;
  version: string | null;
}

/** Each set was written separately, by someone who had not seen the rules: `cases`, `cases-b`... */
const SET_DIRS = [...new Bun.Glob("cases*/labels.json").scanSync({ cwd: import.meta.dir })].sort().map((labels) => resolve(import.meta.dir, labels, ".."));

export async function loadCases(): Promise<{ case: DiagnosisCase; text: string }[]> {
  const sets = await Promise.all(
    SET_DIRS.map(async (dir) => {
      const labels: DiagnosisCase[] = await Bun.file(`${dir}/labels.json`).json();
      return Promise.all(labels.map(async (c) => ({ case: c, text: await Bun.file(`${dir}/${c.file}`).text() })));
    }),
  );
  return sets.flat();
}

/** Entities worth finding in a message: names and files, not numbers the wording may round. */
function namedEntities(c: DiagnosisCase): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(c.entities ?? {})) {
    if (typeof value === "string" && value && (key === "mod" || key === "entity" || key === "plugin")) names.push(value);
  }
  return names;
}

/** Letters and digits only: `Ancient Warfare 2` mentions `ancientwarfare`, `Xaero's Minimap` `xaerosminimap`. */
const squeezed = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

const mentions = (problem: Problem, name: string) =>
  squeezed(`${problem.message} ${problem.solutions.map((s) => s.message).join(" ")}`).includes(squeezed(name));

export function scoreCase(c: DiagnosisCase, text: string): CaseResult {
  const insights = analyseLog(text);
  const problems = insights.analysis.problems;
  const names = namedEntities(c);
  const ofCategory = problems.filter((p) => p.category === c.category);
  const diagnosed = ofCategory.some((p) => names.every((name) => mentions(p, name)));
  const contradicting = diagnosed ? [] : problems.filter((p) => p.category !== c.category && p.category !== "other");
  const whole = c.kind === "whole";
  const [software] = insights.id.split("/");
  const kind = insights.id.split("/")[1];
  return {
    case: c,
    diagnosed,
    found: problems.map((p) => p.category),
    contradicting,
    softwareRight: whole && c.software ? insights.name?.toLowerCase() === c.software.toLowerCase() || software === c.software.toLowerCase() : null,
    sideRight: whole && c.side ? kind === c.side || (kind === "crash-report" && c.side !== null) : null,
    versionRight: whole && c.minecraftVersion ? insights.version === c.minecraftVersion : null,
    problems,
    type: insights.id,
    version: insights.version,
  };
}

export interface Summary {
  cases: number;
  diagnosed: number;
  softwareChecked: number;
  softwareRight: number;
  versionChecked: number;
  versionRight: number;
  contradicted: number;
}

export function summarise(results: readonly CaseResult[]): Summary {
  const count = (pick: (r: CaseResult) => boolean) => results.filter(pick).length;
  return {
    cases: results.length,
    diagnosed: count((r) => r.diagnosed),
    softwareChecked: count((r) => r.softwareRight !== null),
    softwareRight: count((r) => r.softwareRight === true),
    versionChecked: count((r) => r.versionRight !== null),
    versionRight: count((r) => r.versionRight === true),
    contradicted: count((r) => r.contradicting.length > 0),
  };
}

if (import.meta.main) {
  const results = (await loadCases()).map(({ case: c, text }) => scoreCase(c, text));
  for (const r of results) {
    const marks = [r.diagnosed ? "ok " : "MISS", r.softwareRight === false ? "SOFTWARE" : "", r.versionRight === false ? "VERSION" : "", r.sideRight === false ? "SIDE" : ""].filter(Boolean).join(" ");
    console.log(`${marks.padEnd(12)} ${r.case.file} want=${r.case.category}${r.case.entities ? ` ${JSON.stringify(r.case.entities)}` : ""} got=${r.type} ${r.version ?? ""} [${r.found.join(", ")}]`);
    if (!r.diagnosed) for (const p of r.problems) console.log(`             - ${p.category}/${p.code}: ${p.message}`);
  }
  const s = summarise(results);
  const pct = (a: number, b: number) => (b === 0 ? "-" : `${((100 * a) / b).toFixed(0)}%`);
  console.log(
    `DIAGNOSIS cases=${s.cases} diagnosed=${s.diagnosed} (${pct(s.diagnosed, s.cases)}) software=${s.softwareRight}/${s.softwareChecked} version=${s.versionRight}/${s.versionChecked} contradicted=${s.contradicted}`,
  );
}
