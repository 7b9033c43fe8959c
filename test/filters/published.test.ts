import { describe, expect, test } from "bun:test";
import { filterLog, publishedFilters, type PublishedFilter } from "../../src/filters/index.ts";
import { applyFilters } from "../../src/filters/apply.ts";
import { serverFilters } from "../../src/filters/list.ts";
import { keptOnPurpose, redactionsByKind, untouched } from "./samples.ts";
import { applyAsClient } from "./client.ts";

const limits = { maxBytes: 1 << 20, maxLines: 10_000 };
const rows = Object.values(redactionsByKind).flat();
/** Every sample in one log: redacted lines, exempted lines and lines to keep. */
const mixedLog = [...rows.map(([input]) => input), ...keptOnPurpose, ...untouched].join("\n");
const mixedExpected = [...rows.map(([, expected]) => expected), ...keptOnPurpose, ...untouched].join("\n");

/** The redactions the server runs and does not publish, alone. */
const serverOnly = (content: string) =>
  applyFilters(
    serverFilters(limits).filter((filter) => filter.type === "regex" && !filter.redaction.published),
    content,
  ).content;

const regexData = (filters: PublishedFilter[]) => filters.flatMap((filter) => (filter.type === "regex" ? [filter.data] : []));

describe("the published filter list (the mclo.gs shape)", () => {
  const served: PublishedFilter[] = JSON.parse(JSON.stringify(publishedFilters(limits)));

  test("starts with trim (its data an empty object, never null) and the two limits with the configured numbers", () => {
    expect(served.slice(0, 3)).toEqual([
      { type: "trim", data: {} },
      { type: "limit-bytes", data: { limit: limits.maxBytes } },
      { type: "limit-lines", data: { limit: limits.maxLines } },
    ]);
  });

  test("continues with regex filters of exactly patterns [{pattern, modifiers, replacement}] and exemptions [{pattern, modifiers}]", () => {
    const rest = served.slice(3);
    expect(rest.length).toBeGreaterThan(10);
    for (const filter of rest) {
      expect(filter.type).toBe("regex");
      expect(Object.keys(filter.data).sort()).toEqual(["exemptions", "patterns"]);
      const data = filter.data as { patterns: object[]; exemptions: object[] };
      expect(data.patterns.length).toBeGreaterThan(0);
      for (const pattern of data.patterns) expect(Object.keys(pattern).sort()).toEqual(["modifiers", "pattern", "replacement"]);
      for (const exemption of data.exemptions) expect(Object.keys(exemption).sort()).toEqual(["modifiers", "pattern"]);
    }
  });

  test("modifiers are single letters and never g; replacements are literal; exemptions are anchored", () => {
    for (const data of regexData(served)) {
      for (const { modifiers, replacement } of data.patterns) {
        for (const modifier of modifiers) expect(modifier).toMatch(/^[a-z]$/);
        expect(modifiers).not.toContain("g");
        // a client inserts it as it is: no group reference may appear literally in its output
        expect(replacement).not.toMatch(/\$/);
      }
      // anchored, so "finds something" (PCRE, JS) and "matches the whole" (Java's matches()) agree
      for (const { pattern } of data.exemptions) expect(pattern).toMatch(/^\^.*\$$/);
    }
  });

  test("no pattern holds an unescaped `/`, so PCRE clients can wrap it in /.../ as it is", () => {
    for (const data of regexData(served)) {
      for (const { pattern } of [...data.patterns, ...data.exemptions]) expect(pattern).not.toMatch(/(?<!\\)(?:\\\\)*\//);
    }
  });

  test("applied by a client from its JSON, gives what filterLog stores, but for the server-only redactions", () => {
    for (const [input, expected] of rows) {
      const byClient = applyAsClient(served, input);
      expect(serverOnly(byClient)).toBe(expected);
    }
    const byClient = applyAsClient(served, mixedLog);
    expect(serverOnly(byClient)).toBe(filterLog(mixedLog, limits).content);
    expect(filterLog(mixedLog, limits).content).toBe(mixedExpected);
  });

  test("a client filtering before upload changes nothing the server then stores", () => {
    const byClient = applyAsClient(served, mixedLog);
    expect(filterLog(byClient, limits).content).toBe(filterLog(mixedLog, limits).content);
  });

  test("holds no dead filter: each pattern changes something in the mixed sample", () => {
    for (const data of regexData(served)) {
      for (const pattern of data.patterns) {
        const alone = applyAsClient([{ type: "regex", data: { patterns: [pattern], exemptions: data.exemptions } }], mixedLog);
        expect({ pattern: pattern.pattern, changed: alone !== mixedLog }).toEqual({ pattern: pattern.pattern, changed: true });
      }
    }
  });

  test("cannot be changed by a caller, so what runs stays what is served", () => {
    const [, , , first] = publishedFilters(limits);
    expect(() => {
      (first as { data: { patterns: { pattern: string }[] } }).data.patterns[0].pattern = "x";
    }).toThrow();
    expect(publishedFilters(limits)).toEqual(served);
  });
});

test("filtering filtered text changes nothing (clients filter, then the server filters again)", () => {
  const once = filterLog(mixedLog, limits).content;
  expect(filterLog(once, limits).content).toBe(once);
});

test("the server's own form of a redaction replaces exactly what the published form replaces, on every key and separator shape", () => {
  const served: PublishedFilter[] = JSON.parse(JSON.stringify(publishedFilters(limits)));
  const keys = ["token", "accessToken", "rcon.password", "PASSWD", "client_secret", "api_key", "apiKey", "X-Api-Key", "tokens", "passw"];
  const separators = ["=", ":", ": ", " = ", '":"', '": "', "':'", " :", "= '", '"=', "  =  ", "=\t", ""];
  const values = ["hunter2", '"quoted"', "a=b", "x;y", "", " lead", "p@ss&next=1"];
  let lines = 0;
  for (const key of keys)
    for (const separator of separators)
      for (const value of values) {
        const line = `[12:00:00] [main/INFO]: ${key}${separator}${value} tail`;
        expect(serverOnly(applyAsClient(served, line))).toBe(filterLog(line, limits).content);
        lines++;
      }
  expect(lines).toBe(keys.length * separators.length * values.length);
});
