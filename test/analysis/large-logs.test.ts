/**
 * Big inputs must come out right (and, see bench/engine.ts for the timing, fast): the engine
 * matches line by line, so neither a 10 MB log nor a 30,000-line entry can make it backtrack.
 */
import { describe, expect, test } from "bun:test";
import { analyseLog, logStats } from "../../src/analysis/index.ts";
import { generatedLongStackTrace, generatedServerLog } from "./fixtures/generated-logs.ts";

describe("a 10 MB server log", () => {
  const text = generatedServerLog(10_000_000);
  const result = analyseLog(text);

  test("is detected and fully parsed", () => {
    expect(text.length).toBeGreaterThanOrEqual(10_000_000);
    expect(result.id).toBe("paper/server");
    expect(result.version).toBe("1.20.4");
    const lines = text.split("\n").length;
    expect(result.entries.reduce((n, e) => n + e.lines.length, 0)).toBe(lines);
    expect(result.entries.at(-1)!.lines.at(-1)!.number).toBe(lines);
  });

  test("repeats merge into counters instead of piling up", () => {
    expect(result.analysis.information).toHaveLength(1);
    expect(result.analysis.problems.length).toBeLessThan(5);
  });

  test("logStats agrees with the parser", () => {
    const errors = result.entries.filter((e) => e.level <= 3).length;
    expect(logStats(text)).toEqual({ lines: text.split("\n").length, errors });
  });
});

describe("a single 30,000-line stack trace", () => {
  const result = analyseLog(generatedLongStackTrace(30_000));

  test("is one entry", () => {
    expect(result.id).toBe("spigot/server");
    const trace = result.entries[2];
    expect(trace.level).toBe(3);
    expect(trace.lines).toHaveLength(2 + 30_000);
    expect(result.entries.at(-1)!.prefix).toBe("[12:05:00] [Server thread/INFO]:");
  });

  test("its problem is found", () => {
    const chunk = result.analysis.problems.find((p) => p.entry === result.entries[2]);
    expect(chunk).toBeDefined();
  });
});
