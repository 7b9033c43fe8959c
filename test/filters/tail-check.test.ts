/**
 * The quick lookbehind `after` puts in front of a long one (src/filters/redactions/portable.ts):
 * it must hold wherever the long one does, so that it changes no match, only how soon a
 * position is given up.
 */
import { describe, expect, test } from "bun:test";
import { after, afterLiterals, afterText, combine, literal, literalTail } from "../../src/filters/redactions/portable.ts";

describe("literalTail", () => {
  test.each([
    [literal("--accessToken "), "--accessToken "],
    [String.raw`[a-z]:\/Users\/`, ":/Users/"],
    [String.raw`^\/home\/`, "/home/"],
    [String.raw`§[0-9a-fk-orA-FK-OR]\/home\/`, "/home/"],
    [String.raw`[^A-Za-z0-9_]id"=`, 'id"='],
    [literal("\\\\Users\\\\"), "\\\\Users\\\\"],
    [String.raw`\d{1,3}ab`, "ab"],
    [String.raw`xa?b`, "b"],
    [String.raw`(?:ab|cd)`, ""],
    [String.raw`ab\s`, ""],
    [String.raw`[\]x]y`, "y"],
  ])("%s ends in %j", (pattern, tail) => {
    expect(literalTail(pattern)).toBe(tail);
  });
});

/** Every start of a `Q` in the text that `lookbehind` lets through. */
function positions(lookbehind: string, text: string, flags = ""): number[] {
  return [...text.matchAll(new RegExp(`${lookbehind}Q`, `g${flags}`))].map((match) => match.index);
}

describe("after", () => {
  // Each alternative, near misses of it (one character changed, cut short, other casing) and
  // the alternatives glued to each other, each followed by the Q the patterns look for.
  const text = (alternatives: readonly string[]) =>
    alternatives
      .flatMap((alternative) => [
        alternative,
        alternative.slice(1),
        alternative.slice(0, -1),
        alternative.toUpperCase(),
        `${alternative.slice(0, -2)}x${alternative.slice(-1)}`,
        `${alternative.slice(0, -3)}${alternative.slice(-2)}`,
        `x${alternative}`,
      ])
      .map((prefix) => `${prefix}Q`)
      .join(" ");

  test("with a quick check in front, a lookbehind of literals allows exactly the positions it allowed alone", () => {
    const keys = combine(["token", "passwd", "api-key"], ["", '"'], ["=", ":"], ["", " "], ["", "'"]);
    for (const flags of ["", "i"]) {
      expect(afterLiterals(keys)).toStartWith("(?<=[");
      expect(positions(afterLiterals(keys), text(keys), flags)).toEqual(positions(`(?<=${keys.map(literal).join("|")})`, text(keys), flags));
      expect(positions(afterText(keys), text(keys), flags)).toEqual(positions(`(?<=${keys.map(literal).join("|")})`, text(keys), flags));
    }
  });

  test("so does a lookbehind of patterns that end in literal characters", () => {
    const alternatives = [String.raw`[a-z]:\/Users\/`, String.raw`\/mnt\/[a-z]\/Users\/`, literal("\\Users\\"), literal("\\\\Documents and Settings\\\\")];
    const samples = ["c:/Users/", "/mnt/c/Users/", "\\Users\\", "\\\\Documents and Settings\\\\", "x:/users/", "/Users\\", "s\\\\"];
    for (const flags of ["", "i"]) {
      expect(positions(after(alternatives), text(samples), flags)).toEqual(positions(`(?<=${alternatives.join("|")})`, text(samples), flags));
    }
  });

  test("adds no check where an alternative ends in no literal character, or where there is one alternative", () => {
    expect(after([String.raw`ab\d`, "cd"])).toBe(String.raw`(?<=ab\d|cd)`);
    expect(afterText(["Bearer "])).toBe("(?<=Bearer )");
  });
});
