/**
 * The engine's findings packed to cross threads (src/analysis/packed-insights.ts) come back as
 * the engine gave them: every field, in the same key order, and one object per entry whether a
 * finding or the entry list reaches it.
 */
import { describe, expect, test } from "bun:test";
import { analyseLog, logLines, packInsights, unpackInsights, type Insights } from "../../src/analysis/index.ts";
import * as crashLogs from "./fixtures/crash-logs.ts";
import * as jvmLogs from "./fixtures/jvm-logs.ts";
import { generatedLongStackTrace, generatedServerLog } from "./fixtures/generated-logs.ts";

/** Through a real thread boundary's copy, as the pool sends it. */
const roundTrip = (text: string, insights: Insights) => unpackInsights(structuredClone(packInsights(insights)), logLines(text));

const fixtures = Object.entries({ ...crashLogs, ...jvmLogs }).filter((entry): entry is [string, string] => typeof entry[1] === "string");

const texts: [string, string][] = [
  ...fixtures,
  ["a generated server log", generatedServerLog(300_000)],
  ["a long stack trace", generatedLongStackTrace(3_000)],
  ["CRLF line breaks, a lone CR and terminal colours", "[12:00:00] [Server thread/INFO]: a\r\n[12:00:01] [Server thread/ERROR]: \x1b[31mboom\x1b[0m\rnext\r\n"],
  ["a BOM", "\uFEFF[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4\n"],
  ["an empty text", ""],
];

describe("packed insights", () => {
  test("there are fixtures to try", () => {
    expect(fixtures.length).toBeGreaterThan(10);
  });

  for (const [name, text] of texts) {
    test(`come back as the engine gave them: ${name}`, () => {
      const insights = analyseLog(text);
      const back = roundTrip(text, insights);
      expect(JSON.stringify(back)).toBe(JSON.stringify(insights));
      expect(back).toEqual(insights);
      // A finding's entry is the very entry of the list (the page links problems to their lines so).
      for (const [k, problem] of insights.analysis.problems.entries()) {
        const index = insights.entries.indexOf(problem.entry);
        if (index >= 0) expect(back.analysis.problems[k].entry).toBe(back.entries[index]);
      }
      for (const [k, info] of insights.analysis.information.entries()) {
        const index = insights.entries.indexOf(info.entry);
        if (index >= 0) expect(back.analysis.information[k].entry).toBe(back.entries[index]);
      }
    });
  }

  test("a finding in an embedded crash report keeps its own entry, which is not one of the log's", () => {
    // As test/analysis/embedded-report.test.ts: the report's lines are one entry of the log, and
    // the report's own problem points at a line inside it.
    const text = [
      "[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4",
      "[12:00:01] [Server thread/INFO]: This server is running Paper version git-Paper-497 (MC: 1.20.4)",
      "[12:00:02] [Server thread/ERROR]: Encountered an unexpected exception",
      ...crashLogs.TICKING_ZOMBIE_REPORT,
    ].join("\n");
    const insights = analyseLog(text);
    const outside = insights.analysis.problems.filter((problem) => !insights.entries.includes(problem.entry));
    expect(outside.length).toBeGreaterThan(0);
    const back = roundTrip(text, insights);
    expect(back).toEqual(insights);
    expect(JSON.stringify(back)).toBe(JSON.stringify(insights));
  });

  test("a prefix that does not start its entry's first line travels as it is", () => {
    const text = "Description: Ticking entity\nplain";
    const insights = analyseLog(text);
    const odd: Insights = { ...insights, entries: insights.entries.map((entry, i) => (i === 0 ? { ...entry, prefix: "elsewhere:" } : entry)) };
    const back = roundTrip(text, odd);
    expect(back.entries[0].prefix).toBe("elsewhere:");
    expect(back).toEqual(odd);
  });

  test("are refused over other lines than the engine read", () => {
    const text = "[12:00:00] [Server thread/INFO]: a\n[12:00:01] [Server thread/INFO]: b";
    const packed = packInsights(analyseLog(text));
    expect(() => unpackInsights(packed, ["one line"])).toThrow("the engine read 2 lines, not 1");
  });

  test("are refused when the entries do not cover the lines in order", () => {
    const insights = analyseLog("[12:00:00] [Server thread/INFO]: a\n[12:00:01] [Server thread/INFO]: b");
    const reordered = { ...insights, entries: [...insights.entries].reverse() };
    expect(() => packInsights(reordered)).toThrow("entries must cover the lines in order");
  });
});
