import { describe, expect, test } from "bun:test";
import { LiteralIndex } from "./literal-index.ts";
import { LiteralSearch } from "./literal-search.ts";
import type { LogEntry } from "./model.ts";
import { requiredLiteral } from "./required-literal.ts";

/**
 * Every occurrence the naive way, each literal searched on its own, in the order the scan
 * promises: by where they end, the longest first among those ending at the same place.
 */
function naive(literals: readonly string[], text: string): string[] {
  const found: { id: number; end: number; length: number }[] = [];
  literals.forEach((literal, id) => {
    for (let at = text.indexOf(literal); at >= 0; at = text.indexOf(literal, at + 1)) found.push({ id, end: at + literal.length, length: literal.length });
  });
  return found.sort((a, b) => a.end - b.end || b.length - a.length).map(({ id, end }) => `${id}@${end}`);
}

function scanned(literals: readonly string[], text: string): string[] {
  const { ids, ends } = new LiteralSearch(literals).scan(text);
  return ids.map((id, k) => `${id}@${ends[k]}`);
}

/** A seeded generator (mulberry32): random(n) is a whole number below n. */
function seeded(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n;
  };
}

function randomText(random: (n: number) => number, alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[Math.floor(random(alphabet.length))]).join("");
}

describe("LiteralSearch finds every occurrence of every literal in one pass", () => {
  test("overlapping literals, literals inside others, repeats", () => {
    const literals = ["he", "she", "his", "hers", "Exception", "RuntimeException", "a", "aa"];
    const text = "ushers said: hishe aaa java.lang.RuntimeException: she\nException hers";
    expect(scanned(literals, text)).toEqual(naive(literals, text));
  });

  test("non-ASCII text and literals", () => {
    const literals = ["Mod §", "§r", "ü"];
    const text = "Mod §6foo§r requires über, Mod § and ü";
    expect(scanned(literals, text)).toEqual(naive(literals, text));
  });

  test("random texts over a small alphabet agree with the naive search", () => {
    const random = seeded(7);
    for (let round = 0; round < 50; round++) {
      const literals = [...new Set(Array.from({ length: 6 }, () => randomText(random, "abc", 1 + Math.floor(random(4)))))];
      const text = randomText(random, "abc\n", 300);
      expect(scanned(literals, text)).toEqual(naive(literals, text));
    }
  });
});

describe("LiteralSearch reads a long text as four quarters", () => {
  const literals = ["Exception", "ion", "java.lang.OutOfMemoryError", "a", "aa", "x"];
  /** Where the scan's quarters meet in a text of this length (literal-search.ts). */
  const boundaries = (length: number) => [length >> 2, length >> 1, length - (length >> 2)];

  test("a literal across a boundary is found once, and the order is kept", () => {
    for (const quarter of [0, 1, 2]) {
      for (let shift = -30; shift <= 30; shift++) {
        // The boundary falls inside, before and after the long literal.
        const length = 6000;
        const at = boundaries(length)[quarter] + shift - 10;
        const head = "a".repeat(at);
        const text = `${head}java.lang.OutOfMemoryError ${"b".repeat(length - at)} Exception x`;
        expect(scanned(literals, text)).toEqual(naive(literals, text));
      }
    }
  });

  test("random long texts agree with the naive search, literals across the boundaries included", () => {
    const random = seeded(11);
    for (let round = 0; round < 30; round++) {
      // Texts around the length where the walks start, of the literals' own characters.
      let text = randomText(random, "Exceptionajx \n", 4090 + Math.floor(random(5000)));
      // A literal placed on each boundary: crossing it, ending at it or starting at it.
      for (const boundary of boundaries(text.length)) {
        const literal = literals[Math.floor(random(literals.length))];
        const at = boundary - Math.floor(random(literal.length + 2));
        text = text.slice(0, at) + literal + text.slice(at + literal.length);
      }
      expect(scanned(literals, text)).toEqual(naive(literals, text));
    }
  });

  test("random literal sets, some single characters and some longer than a quarter or half the text", () => {
    const random = seeded(3);
    for (let round = 0; round < 30; round++) {
      const text = randomText(random, "abcd", 4096 + Math.floor(random(200)));
      const set = [...new Set(Array.from({ length: 5 }, () => randomText(random, "abcd", 1 + Math.floor(random(6)))))];
      const fraction = [4, 2, 1.5][round % 3];
      const long = text.slice(100, 100 + Math.floor(text.length / fraction) + 5);
      const literals = [...set, long];
      expect(scanned(literals, text)).toEqual(naive(literals, text));
    }
  });
});

describe("LiteralIndex files occurrences under their entry and line", () => {
  const entry = (...lines: string[]): LogEntry => ({ level: 6, time: null, prefix: null, lines: lines.map((content, i) => ({ number: i + 1, content })) });

  test("one hit per literal and line, lines in order", () => {
    const index = new LiteralIndex();
    const error = index.idOf("ERROR");
    const boom = index.idOf("boom");
    const entries = [entry("[12:00] ok", "nothing"), entry("[12:01] ERROR boom ERROR", "\tat boom", "boom")];
    const log = { text: entries.flatMap((e) => e.lines.map((l) => l.content)).join("\n"), entries };
    expect(index.hitsOf(entries[0], log)!.lines).toEqual([]);
    const hits = index.hitsOf(entries[1], log)!;
    expect(hits.lines.map((line, k) => `${line}:${hits.literals[k]}`)).toEqual([`0:${error}`, `0:${boom}`, `1:${boom}`, `2:${boom}`]);
    expect(index.wordsOf(entries[1], log)).toBe(index.bitOf(error) | index.bitOf(boom));
  });

  test("a literal of the whole text only is found, but filed under no entry, until a reader files it", () => {
    const index = new LiteralIndex();
    const error = index.idOf("ERROR");
    const server = index.textLiteralOf("Server");
    const entries = [entry("[12:00] Server ERROR"), entry("[12:01] Server ok")];
    const log = { text: entries.flatMap((e) => e.lines.map((l) => l.content)).join("\n"), entries };
    expect(index.startsIn(log.text, server)).toEqual([8, 29]);
    expect(index.hitsOf(entries[0], log)!.literals).toEqual([error]);
    expect(index.entriesOpening(log)).toEqual([entries[0]]);
    // Registered for the entries too: now filed.
    expect(index.idOf("Server")).toBe(server);
    expect(index.hitsOf(entries[1], log)!.literals).toEqual([server]);
    expect(index.entriesOpening(log)).toEqual(entries);
  });

  test("the same characters in another string (a body posted twice) give the same starts; other text its own", () => {
    const index = new LiteralIndex();
    const error = index.textLiteralOf("ERROR");
    const text = "ok\nERROR one\nok ERROR";
    expect(index.startsIn(text, error)).toEqual([3, 16]);
    const again = ["ok", "ERROR one", "ok ERROR"].join("\n");
    expect(index.startsIn(again, error)).toEqual([3, 16]);
    expect(index.startsIn(text, error)).toEqual([3, 16]);
    expect(index.startsIn("ERROR" + text.slice(5), error)).toEqual([0, 16]);
  });

  test("a text that is not the entries' lines gets no answer (the caller reads the lines)", () => {
    const index = new LiteralIndex();
    index.idOf("ERROR");
    const entries = [entry("ERROR")];
    expect(index.hitsOf(entries[0], { text: "other text", entries })).toBeNull();
    expect(index.wordsOf(entries[0], { text: "other text", entries })).toBe(-1);
  });
});

describe("requiredLiteral reads the fixed text every match contains", () => {
  test.each([
    [/Encountered an unexpected exception$/, "Encountered an unexpected exception"],
    [/ from pack file\/(.+)$/, " from pack file/"],
    [/^\s*Suspected Mods?: ?(.*)$/, "Suspected Mod"],
    [/abc?def/, "def"],
    [/ab+cd/, "ab"],
    [/x(a|b)yz/, "yz"],
    [/[abc]de{1,3}fgh/, "fgh"],
    [/\tat foo\.bar/, "\tat foo.bar"],
    [/[(]xyz/, "xyz"],
  ])("%p -> %p", (pattern, literal) => {
    expect(requiredLiteral(pattern)).toBe(literal);
  });

  test("nothing where a match may lack every piece, or where skipping lines would change the result", () => {
    expect(requiredLiteral(/a|b/)).toBeNull();
    expect(requiredLiteral(/^(foo|bar)$/)).toBeNull();
    expect(requiredLiteral(/Foo/i)).toBeNull();
    expect(requiredLiteral(/Foo/g)).toBeNull();
    expect(requiredLiteral(/\d+\w*/)).toBeNull();
    expect(requiredLiteral(/\d+\.\w+/)).toBe(".");
    expect(requiredLiteral(/abc\x41def/)).toBeNull();
    expect(requiredLiteral(/(a)bcd\1/)).toBeNull();
  });
});
