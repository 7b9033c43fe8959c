import { describe, expect, test } from "bun:test";
import { problemCatalog } from "../../../src/analysis/problems/index.ts";
import { ruleFixtures } from "./fixtures.ts";
import { analyse, entriesOf, reportEntriesOf } from "./log-builder.ts";

describe("every catalog rule has a fixture", () => {
  test("the fixtures cover all 105 codes", () => {
    const covered = new Set(ruleFixtures.map((f) => f.code));
    expect(problemCatalog().map((c) => c.code).filter((code) => !covered.has(code))).toEqual([]);
    expect(covered.size).toBe(105);
  });
});

describe("each rule fires on its own fixture", () => {
  for (const fixture of ruleFixtures) {
    test(`${fixture.code} names ${fixture.entities.map((e) => `'${e}'`).join(", ") || "the problem"} and offers a fix`, () => {
      const entries = fixture.report ? reportEntriesOf(fixture.log) : entriesOf(fixture.log);
      const found = analyse(fixture.groups, fixture.log, entries, fixture.side).filter((p) => p.code === fixture.code);
      expect(found).toHaveLength(1);
      const [problem] = found;
      for (const entity of fixture.entities) expect(problem.message).toContain(`'${entity}'`);
      expect(problem.solutions.length).toBeGreaterThan(0);
      for (const solution of problem.solutions) expect(solution.trim().length).toBeGreaterThan(10);
    });
  }
});
