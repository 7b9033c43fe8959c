import { describe, expect, test } from "bun:test";
import { compileLineRegex } from "../../src/ai/line-regex.ts";

/** Same verdict as JavaScript's RegExp on the syntax the matcher supports. */
const agreesWithJavaScript: [pattern: string, line: string, caseSensitive?: boolean][] = [
  ["abc", "xxabcxx"], ["^abc", "xabc"], ["abc$", "xabc"], ["a.c", "abc"], ["a|b", "zzb"], ["(ab)+c", "ababc"],
  ["(ab){2}c", "abc"], ["(ab){2}c", "ababc"], ["x{2,3}y", "xy"], ["x{2,}y", "xxxxy"], ["colou?r", "color"],
  ["\\d+\\.\\d+", "v1.20"], ["[a-c]+x", "bbx"], ["[^a-c]x", "ax"], ["\\bfoo\\b", "a foo b"], ["\\bfoo\\b", "afoob"],
  ["ERROR", "error here", false], ["[A-Z]+", "abc", false], ["\\s\\S", " a"], ["[\\d.]+", "1.2"],
  ["\\[Server thread/ERROR\\]", "[Server thread/ERROR]: x"], ["(?:WARN|ERROR)\\]:", "[main/ERROR]: x"], ["(?<plugin>\\w+)@", "me@x"],
  ["", "anything"], ["a*", ""], ["^$", ""], ["[]a]", "]"], ["\\x41", "A"], ["[\\-a]", "-"], ["Caused by: .*Exception", "Caused by: java.io.IOException: x"],
];

describe("the linear-time line matcher", () => {
  test.each(agreesWithJavaScript)("%p on %p matches like RegExp", (pattern, line, caseSensitive = true) => {
    expect(compileLineRegex(pattern, caseSensitive).test(line)).toBe(new RegExp(pattern, caseSensitive ? "" : "i").test(line));
  });

  test("refuses what needs backtracking or is malformed", () => {
    for (const bad of ["(a", "a)", "*a", "(?=a)", "(?<!a)b", "(a)\\1", "a{3,1}", "[a", "\\q", "a{1000}"]) {
      expect(() => compileLineRegex(bad, true)).toThrow();
    }
  });

  test("a catastrophic pattern for a backtracking engine costs microseconds per line", () => {
    const matcher = compileLineRegex("^(a|aa)+$", true);
    const line = `${"a".repeat(2_000)}!`;
    const started = performance.now();
    for (let run = 0; run < 20; run++) expect(matcher.test(line)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
