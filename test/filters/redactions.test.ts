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
