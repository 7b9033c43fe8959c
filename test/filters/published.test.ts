import { describe, expect, test } from "bun:test";
import { filterLog, publishedFilters, type PublishedFilter } from "../../src/filters/index.ts";
import { keptOnPurpose, redactionsByKind, untouched } from "./samples.ts";

const limits = { maxBytes: 1 << 20, maxLines: 10_000 };
const rows = Object.values(redactionsByKind).flat();
/** Every sample in one log: redacted lines, exempted lines and lines to keep. */
const mixedLog = [...rows.map(([input]) => input), ...keptOnPurpose, ...untouched].join("\n");
const mixedExpected = [...rows.map(([, expected]) => expected), ...keptOnPurpose, ...untouched].join("\n");

/**
 * What a client does with the JSON from GET /v1/filters: it knows nothing of our code,
 * only RegExp and String.prototype.replace (which expands `$1` itself).
 */
function applyAsClient(filters: PublishedFilter[], content: string): string {
  for (const filter of filters) {
    if (filter.type === "trim") content = content.trim();
    if (filter.type !== "regex") continue; // the mixed log is within the limits
    const { pattern, flags, replacement, exemptions } = filter.data;
    const regex = new RegExp(pattern, flags);
    if (exemptions.length === 0) {
      content = content.replace(regex, replacement);
    } else {
      const exempt = exemptions.map((exemption) => new RegExp(exemption, flags.replace("g", "")));
      content = content.replace(regex, (match) => (exempt.some((e) => e.test(match)) ? match : replacement));
    }
  }
  return content;
}

const regexData = (filters: PublishedFilter[]) =>
  filters.flatMap((filter) => (filter.type === "regex" ? [filter.data] : []));

describe("the published filter list", () => {
  const served: PublishedFilter[] = JSON.parse(JSON.stringify(publishedFilters(limits)));

  test("starts with trim and the two limits, carrying the configured numbers", () => {
    expect(served.slice(0, 3)).toEqual([
      { type: "trim", data: null },
      { type: "limit-bytes", data: { limit: limits.maxBytes } },
      { type: "limit-lines", data: { limit: limits.maxLines } },
    ]);
  });

  test("continues with regex filters only, each with exactly pattern, flags, replacement, exemptions", () => {
    const rest = served.slice(3);
    expect(rest.length).toBeGreaterThan(0);
    for (const filter of rest) {
      expect(filter.type).toBe("regex");
      expect(Object.keys(filter.data!).sort()).toEqual(["exemptions", "flags", "pattern", "replacement"]);
    }
  });

  test("every regex compiles with global flags, and a filter with exemptions has a literal replacement", () => {
    for (const data of regexData(served)) {
      expect(data.flags).toContain("g");
      expect(() => new RegExp(data.pattern, data.flags)).not.toThrow();
      for (const exemption of data.exemptions) expect(() => new RegExp(exemption, data.flags.replace("g", ""))).not.toThrow();
      // a client filtering with a callback for exemptions then needs no `$1` expansion
      if (data.exemptions.length > 0) expect(data.replacement).not.toContain("$");
    }
  });

  test("applied by a client from its JSON, gives what filterLog stores", () => {
    const byClient = applyAsClient(served, mixedLog);
    expect(byClient).toBe(filterLog(mixedLog, limits).content);
    expect(byClient).toBe(mixedExpected);
  });

  test("holds no dead filter: each regex changes something in the mixed sample", () => {
    for (const data of regexData(served)) {
      const alone = applyAsClient([{ type: "regex", data }], mixedLog);
      expect({ pattern: data.pattern, changed: alone !== mixedLog }).toEqual({ pattern: data.pattern, changed: true });
    }
  });

  test("cannot be changed by a caller, so what runs stays what is served", () => {
    const [, , , first] = publishedFilters(limits);
    expect(() => {
      (first.data as { pattern: string }).pattern = "x";
    }).toThrow();
    expect(publishedFilters(limits)).toEqual(served);
  });
});

test("filtering filtered text changes nothing (clients filter, then the server filters again)", () => {
  const once = filterLog(mixedLog, limits).content;
  expect(filterLog(once, limits).content).toBe(once);
});
