import { describe, expect, test } from "bun:test";
import { filterLog } from "../../src/filters/index.ts";

const roomy = { maxBytes: 1 << 20, maxLines: 10_000 };
const bytes = (text: string) => Buffer.byteLength(text, "utf8");

describe("trim", () => {
  test.each([
    ["  \n\t[12:00:00] [main/INFO]: Hello\r\n\n  ", "[12:00:00] [main/INFO]: Hello"],
    ["\uFEFF[12:00:00] first\n  indented second  \n", "[12:00:00] first\n  indented second"],
    ["no whitespace", "no whitespace"],
  ])("%j becomes %j", (input, expected) => {
    expect(filterLog(input, roomy)).toEqual({ content: expected, truncated: false });
  });

  test("empty and blank input give empty content, not truncated", () => {
    expect(filterLog("", roomy)).toEqual({ content: "", truncated: false });
    expect(filterLog(" \n\r\n\t ", roomy)).toEqual({ content: "", truncated: false });
  });
});

describe("limit-bytes", () => {
  test("content exactly at the limit is kept whole", () => {
    const log = "é".repeat(50); // 100 bytes
    expect(filterLog(log, { ...roomy, maxBytes: 100 })).toEqual({ content: log, truncated: false });
  });

  test.each([
    // limit falls inside a 2-byte, 3-byte and 4-byte (surrogate pair) character
    ["é", 2, 7],
    ["€", 3, 7],
    ["😀", 4, 7],
  ])("never splits %s: a cut inside it drops the whole character", (char, size, limit) => {
    const log = char.repeat(10);
    const { content, truncated } = filterLog(log, { ...roomy, maxBytes: limit });
    expect(truncated).toBe(true);
    expect(content).toBe(char.repeat(Math.floor(limit / size)));
    expect(bytes(content)).toBeLessThanOrEqual(limit);
    expect(content).not.toContain("\uFFFD");
  });

  test("cuts at the byte limit as a client does, even inside a line", () => {
    const log = "[12:00:00] line one\n[12:00:01] line two\n[12:00:02] line three is long";
    const { content, truncated } = filterLog(log, { ...roomy, maxBytes: 45 });
    expect(truncated).toBe(true);
    expect(content).toBe(log.slice(0, 45));
  });
});

describe("limit-lines", () => {
  const log = Array.from({ length: 10 }, (_, i) => `[12:00:0${i}] [Server thread/INFO]: line ${i + 1}`).join("\n");

  test("keeps the first lines and says it truncated", () => {
    const { content, truncated } = filterLog(log, { ...roomy, maxLines: 3 });
    expect(truncated).toBe(true);
    expect(content.split("\n")).toEqual(log.split("\n").slice(0, 3));
  });

  test("exactly the limit is not a truncation", () => {
    expect(filterLog(log, { ...roomy, maxLines: 10 })).toEqual({ content: log, truncated: false });
  });

  test("counts CRLF lines and leaves no \\r at the end", () => {
    expect(filterLog("a\r\nb\r\nc\r\nd", { ...roomy, maxLines: 2 }).content).toBe("a\r\nb");
  });

  test("counts a lone \\r as a line break, as the page and the statistics do", () => {
    expect(filterLog("a\rb\rc\rd", { ...roomy, maxLines: 2 })).toEqual({ content: "a\rb", truncated: true });
    expect(filterLog("a\rb\nc\r\nd", { ...roomy, maxLines: 3 })).toEqual({ content: "a\rb\nc", truncated: true });
    expect(filterLog("e\r".repeat(100_000), { ...roomy, maxLines: 10 }).content).toBe("e\r".repeat(9) + "e");
  });

  test("cuts where the pattern would: a log of \\n breaks only takes a search of its own", () => {
    // The same lines with a \r after the last one go through the pattern: the cut must not move.
    const lines = Array.from({ length: 500 }, (_, i) => `[12:00:00] [Server thread/INFO]: line ${i}${i % 7 === 0 ? "" : " more"}`);
    for (const limit of [1, 2, 250, 499, 500, 501]) {
      const plain = filterLog(lines.join("\n"), { ...roomy, maxLines: limit });
      const withCarriageReturn = filterLog(`${lines.join("\n")}\rx`, { ...roomy, maxLines: limit });
      expect(plain.content).toBe(lines.slice(0, limit).join("\n"));
      if (limit <= 500) expect(withCarriageReturn.content).toBe(plain.content);
      expect(plain.truncated).toBe(limit < 500);
    }
  });

  test("a limit of zero keeps nothing", () => {
    expect(filterLog("a\nb", { ...roomy, maxLines: 0 })).toEqual({ content: "", truncated: true });
    expect(filterLog("a\nb", { ...roomy, maxBytes: 0 })).toEqual({ content: "", truncated: true });
  });

  test("trailing blank lines are trimmed before lines are counted", () => {
    expect(filterLog("a\nb\n\n\n\n", { ...roomy, maxLines: 2 })).toEqual({ content: "a\nb", truncated: false });
  });
});

test("limits apply before redaction, and redaction still runs on what is kept", () => {
  const log = "Steve[/203.0.113.7:51234] logged in\nAlex[/198.51.100.2:4000] logged in\nthird line";
  expect(filterLog(log, { ...roomy, maxLines: 2 })).toEqual({
    content: "Steve[/**.**.**.**:51234] logged in\nAlex[/**.**.**.**:4000] logged in",
    truncated: true,
  });
});

describe("what is stored stays within the byte limit after the redactions", () => {
  test("placeholders longer than the addresses they hide are cut back to the limit", () => {
    const limits = { maxBytes: 100_000, maxLines: 1_000_000 };
    const content = "1::2 ".repeat(20_000).slice(0, 100_000);
    const filtered = filterLog(content, limits);
    expect(Buffer.byteLength(filtered.content)).toBeLessThanOrEqual(limits.maxBytes);
    expect(filtered.content.startsWith("****:****:****:****:****:****:****:**** ")).toBe(true);
    expect(filtered.truncated).toBe(true);
  });

  test("a text within the limit after the redactions is not marked truncated", () => {
    expect(filterLog("from 1::2 and 203.0.113.7", { maxBytes: 1_000, maxLines: 10 })).toEqual({
      content: "from ****:****:****:****:****:****:****:**** and **.**.**.**",
      truncated: false,
    });
  });
});
