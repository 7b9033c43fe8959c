/**
 * filterLog runs the slow redactions only on lines their gate finds something in (apply.ts).
 * That must never change what is stored: these tests hold the gated run against the plain,
 * whole-content run of the same published list, and each gate against its pattern.
 */
import { describe, expect, test } from "bun:test";
import { filterLog } from "../../src/filters/index.ts";
import { applyFilters } from "../../src/filters/apply.ts";
import { redactions, serverFilters } from "../../src/filters/list.ts";
import { forgeServerLog } from "../../bench/fixtures.ts";
import { keptOnPurpose, redactionsByKind, untouched } from "./samples.ts";

const limits = { maxBytes: 1 << 22, maxLines: 100_000 };
const plainRun = (content: string) => applyFilters(serverFilters(limits), content, { gated: false }).content;
const gatedRun = (content: string) => filterLog(content, limits).content;

const samples = [...Object.values(redactionsByKind).flat().map(([input]) => input), ...keptOnPurpose, ...untouched];

/** Where a line can sit: alone, first, last, between others, with CRLF and lone CR endings. */
const placements: [string, (line: string) => string][] = [
  ["alone", (line) => line],
  ["first of three", (line) => `${line}\nsecond\nthird`],
  ["last of three", (line) => `first\nsecond\n${line}`],
  ["between CRLF lines", (line) => `[12:00:00 INFO]: a\r\n${line}\r\n[12:00:01 INFO]: b`],
  ["ending in a lone CR", (line) => `x ${line}\ry`],
  ["twice on one line", (line) => `${line} | ${line}`],
  ["glued to its neighbours", (line) => `a\n${line}\n${line}\nb`],
];

describe("gated redaction equals the whole-content run", () => {
  for (const [where, place] of placements) {
    test(`every sample line, ${where}`, () => {
      for (const line of samples) {
        const content = `start ${place(line)} end`;
        expect(gatedRun(content)).toBe(plainRun(content));
      }
    });
  }

  test("all samples in one log, in order and reversed", () => {
    const log = samples.join("\n");
    expect(gatedRun(log)).toBe(plainRun(log));
    const reversed = samples.toReversed().join("\r\n");
    expect(gatedRun(reversed)).toBe(plainRun(reversed));
  });

  test("a 200 KB Forge server log with player joins", () => {
    const log = forgeServerLog();
    const filtered = gatedRun(log);
    expect(filtered).toBe(plainRun(log));
    // The log has addresses and player UUIDs to redact: the comparison saw real work.
    expect(filtered).not.toBe(log);
  });
});

describe("every gate finds something in each line its patterns match", () => {
  const gated = redactions.filter((redaction) => redaction.gate);

  test("the slow redactions have gates", () => {
    expect(gated.length).toBeGreaterThanOrEqual(8);
  });

  for (const { name, data, gate } of gated) {
    test(name, () => {
      let matchedLines = 0;
      for (const line of samples) {
        if (!data.patterns.some(({ pattern, modifiers }) => new RegExp(pattern, modifiers.join("")).test(line))) continue;
        matchedLines++;
        gate!.lastIndex = 0;
        expect(gate!.test(line)).toBe(true);
      }
      // The check saw at least one line the redaction changes.
      expect(matchedLines).toBeGreaterThan(0);
    });
  }
});
