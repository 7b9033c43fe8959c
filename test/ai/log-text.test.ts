import { describe, expect, test } from "bun:test";
import { lineMatcher, readLines, searchLines, toLogFileText, toolLimits } from "../../src/ai/log-text.ts";

const numbered = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join("\n");
const search = (files: ReturnType<typeof toLogFileText>[], query: string, more: Partial<Parameters<typeof searchLines>[1]> = {}) =>
  searchLines(files, { query, regex: false, caseSensitive: false, context: 0, ...more });

describe("read_file ranges", () => {
  test("returns numbered lines and says how to continue", () => {
    const file = toLogFileText("latest.log", numbered(500));
    const out = readLines(file, 10, 12);
    expect(out).toBe("10| line 10\n11| line 11\n12| line 12\n(latest.log: lines 10-12 of 500; call again with startLine=13 for more)");
  });

  test("never returns more than the per-call line and size bounds", () => {
    const many = readLines(toLogFileText("a", numbered(5000)), 1, 5000).split("\n");
    expect(many).toHaveLength(toolLimits.readMaxLines + 1);
    const wide = readLines(toLogFileText("b", Array(300).fill("x".repeat(10_000)).join("\n")));
    expect(wide.length).toBeLessThan(toolLimits.maxOutputChars + 200);
    expect(wide).toContain("[line cut, 10000 chars]");
  });

  test("refuses a start past the end", () => {
    expect(() => readLines(toLogFileText("a", numbered(3)), 4)).toThrow("has 3 lines");
  });
});

describe("search_log", () => {
  const log = toLogFileText("latest.log", ["INFO start", "WARN disk", "ERROR boom", "INFO middle", "INFO more", "ERROR again", "INFO end"].join("\n"));

  test("separates distant groups with --", async () => {
    expect(await search([log], "start|end", { regex: true })).toBe("2 matches:\nlatest.log:1: INFO start\n--\nlatest.log:7: INFO end");
  });

  test("prints matches grep-style with merged context", async () => {
    expect(await search([log], "error", { context: 1 })).toBe(
      [
        "2 matches:",
        "latest.log-2- WARN disk",
        "latest.log:3: ERROR boom",
        "latest.log-4- INFO middle",
        "latest.log-5- INFO more",
        "latest.log:6: ERROR again",
        "latest.log-7- INFO end",
      ].join("\n"),
    );
  });

  test("matches by regular expression, case-sensitively when asked", async () => {
    expect(await search([log], "^(ERROR|WARN) ", { regex: true })).toStartWith("3 matches:");
    expect(await search([log], "error", { caseSensitive: true })).toStartWith("No line matches");
  });

  test("stops at the match cap", async () => {
    const out = await search([toLogFileText("big", numbered(10_000))], "line");
    expect(out).toStartWith(`${toolLimits.searchMaxMatches} matches shown, more exist`);
    expect(out.split("\n")).toHaveLength(toolLimits.searchMaxMatches + 1);
  });

  test("only the first part of a very long line is matched", async () => {
    const file = toLogFileText("long", `${"x".repeat(toolLimits.matchedLineChars)}NEEDLE`);
    expect(await search([file], "needle")).toStartWith("No line matches");
  });

  test("refuses invalid and oversized patterns, and those that need backtracking, with a message for the model", () => {
    const refuse = (query: string) => () => lineMatcher({ query, regex: true, caseSensitive: false, context: 0 });
    expect(refuse("([a-z")).toThrow("invalid regular expression");
    expect(refuse("a".repeat(toolLimits.patternMaxChars + 1))).toThrow("longer than");
    expect(refuse("(x)\\1")).toThrow("backreferences are not supported");
    expect(refuse("foo(?=bar)")).toThrow("lookahead");
  });

  test("patterns that make a backtracking engine explode run in linear time", async () => {
    const file = toLogFileText("evil", Array(2_000).fill(`${"a".repeat(toolLimits.matchedLineChars - 10)}!`).join("\n"));
    for (const evil of ["^(a|aa)+$", "(a+)+$", "(\\w*\\s?)*x"]) {
      const started = performance.now();
      const out = await search([file], evil, { regex: true });
      expect(out.startsWith("No line matches") || out.includes("before the time limit")).toBe(true);
      expect(performance.now() - started).toBeLessThan(toolLimits.searchBudgetMs + 250);
    }
  });
});
