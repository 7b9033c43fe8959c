import { describe, expect, test } from "bun:test";
import { filterLog } from "../../src/filters/index.ts";
import { keptOnPurpose, redactionsByKind } from "./samples.ts";

/** Limits far above any sample, so only the redactions act. */
const roomy = { maxBytes: 1 << 20, maxLines: 10_000 };
const redact = (line: string) => filterLog(line, roomy).content;

for (const [kind, rows] of Object.entries(redactionsByKind)) {
  describe(`redacts ${kind}`, () => {
    test.each(rows)("%s", (input, expected) => {
      expect(redact(input)).toBe(expected);
    });
  });
}

describe("keeps what an exemption protects", () => {
  test.each(keptOnPurpose)("%s", (line) => {
    expect(redact(line)).toBe(line);
  });
});

describe("stays linear on text built to make a pattern backtrack", () => {
  // Quadratic, each of these took seconds (the JWT one 2.6 s for 160 KB): the test's timeout is the check.
  const traps = [
    ["runs of JWT starts", "eyJ-".repeat(100_000)],
    ["JWT starts with dots", "eyJaaaaaaaa.".repeat(40_000)],
  ] as const;
  test.each(traps)("%s", (_name, trap) => {
    expect(filterLog(`${trap}\nsecond line`, { maxBytes: 1 << 22, maxLines: 100_000 }).content).toContain("second line");
  });
});
