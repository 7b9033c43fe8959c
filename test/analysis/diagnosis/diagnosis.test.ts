/**
 * The engine on whole crash logs and pasted excerpts from every loader, each labelled with the
 * real cause of its failure (cases/labels.json): the goals of docs/API.md's diagnosis promise,
 * measured over the whole set, with each case's result in the failure output.
 */
import { describe, expect, test } from "bun:test";
import { loadCases, scoreCase, summarise } from "./score.ts";

const results = (await loadCases()).map(({ case: c, text }) => scoreCase(c, text));
const summary = summarise(results);
const describeMiss = (r: (typeof results)[number]) => `${r.case.file}: want ${r.case.category}, found [${r.found.join(", ")}]`;

describe("diagnosis of labelled crash logs and excerpts", () => {
  test("there are cases of every kind", () => {
    expect(results.filter((r) => r.case.kind === "whole").length).toBeGreaterThanOrEqual(30);
    expect(results.filter((r) => r.case.kind === "excerpt").length).toBeGreaterThanOrEqual(10);
  });

  test("at least 85% name the real cause (and the mod or entity at fault)", () => {
    const misses = results.filter((r) => !r.diagnosed).map(describeMiss);
    expect({ rate: summary.diagnosed / summary.cases >= 0.85, misses }).toMatchObject({ rate: true });
  });

  test("software and Minecraft version right in at least 95% of the whole logs that state them", () => {
    const wrong = results
      .filter((r) => r.softwareRight === false || r.versionRight === false)
      .map((r) => `${r.case.file}: want ${r.case.software} ${r.case.minecraftVersion}, got ${r.type} ${r.version}`);
    expect({ software: summary.softwareRight / summary.softwareChecked >= 0.95, wrong }).toMatchObject({ software: true });
    expect({ version: summary.versionRight / summary.versionChecked >= 0.95, wrong }).toMatchObject({ version: true });
  });

  test("no case gets another cause in place of the real one (known misses apart)", () => {
    expect(results.filter((r) => r.contradicting.length > 0 && !r.case.knownMiss).map(describeMiss)).toEqual([]);
  });

  test("a known miss is still missed: once named, its mark goes", () => {
    expect(results.filter((r) => r.case.knownMiss && r.diagnosed).map((r) => r.case.file)).toEqual([]);
  });

  test("a client's crash is never worded as a server's", () => {
    const wrongSide = results
      .filter((r) => r.case.side === "client")
      .flatMap((r) => r.problems.filter((p) => /\bthe server\b/i.test(p.message) && !/\bintegrated server\b/i.test(p.message)).map((p) => `${r.case.file}: ${p.message}`));
    expect(wrongSide).toEqual([]);
  });
});
