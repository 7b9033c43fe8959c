/**
 * Building blocks for patterns that mean the same in JavaScript, Java's java.util.regex and
 * PCRE (see model.ts): ASCII classes spelled out, because `\s`, `\b` and `\w` differ between
 * them once text leaves ASCII, and lookbehinds whose alternatives each have a fixed length,
 * which is all PCRE accepts.
 */

/** Inside a character class: the whitespace all three engines agree on. */
export const SPACE = String.raw` \t\n\r\f\x0B`;
/** Inside a character class: what `\w` means in all three without Unicode flags. */
export const WORD = "A-Za-z0-9_";
/** Not preceded by a word character: `\b` before a word, as all three engines read it. */
export const WORD_START = `(?<![${WORD}])`;
/**
 * Minecraft's colour and format codes (`§e`, and `&e` as plugins write them): displayed, they
 * vanish, so `§e203.0.113.7` shows an address glued to nothing. Patterns that refuse a letter
 * before a match accept one that ends such a code. Two alternatives of fixed length, so PCRE
 * (which reads `§` as two bytes without the `u` modifier) still compiles them.
 */
export const COLOUR_CODE = ["§[0-9a-fk-orA-FK-OR]", "&[0-9a-fk-orA-FK-OR]"] as const;
export const AFTER_COLOUR_CODE = `(?<=${COLOUR_CODE.join("|")})`;

/** Not followed by a word character. */
export const WORD_END = `(?![${WORD}])`;

/**
 * A literal as a pattern: metacharacters escaped, and `/` too, so that a client wrapping the
 * pattern in PCRE's usual `/.../` delimiters needs no escaping of its own.
 */
export function literal(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}/]/g, "\\$&");
}

/**
 * Preceded by one of `alternatives` (patterns): a lookbehind whose alternatives each have a
 * fixed length (a literal, classes of one character), the only kind PCRE compiles. With several
 * alternatives, a quick lookbehind of their last characters goes first (`tailCheck`); `tails`
 * are the literal texts the alternatives end in, when the caller knows them better than
 * `literalTail` reads them.
 */
export function after(alternatives: readonly string[], tails: readonly string[] = alternatives.map(literalTail)): string {
  return `${alternatives.length > 1 ? tailCheck(tails) : ""}(?<=${alternatives.join("|")})`;
}

/** Preceded by one of `texts`, each taken literally. */
export function afterText(texts: readonly string[]): string {
  return after(texts.map(literal), texts);
}

/** How many last characters the quick lookbehind reads at most: four leave few positions to try. */
const TAIL_LENGTH = 4;

/**
 * `(?<=[..][..][..])`: for each of the last characters, a class of what the alternatives have
 * there. Every alternative ends in one of these combinations, so the check holds wherever the
 * long lookbehind does and changes no match. It is for the clients, which run our list without
 * gates: their engines try every alternative of a long lookbehind at every position, where this
 * one reads a few characters. The whole published list over a 200 KB log (`bun run
 * bench:client-filters`): Java 900 -> 74 ms (the keyed-secret pattern alone took 391), PHP's
 * PCRE 17 -> 6.1, JavaScript 12 -> 4.2. Empty when an alternative ends in no literal character.
 */
function tailCheck(tails: readonly string[]): string {
  const length = Math.min(TAIL_LENGTH, ...tails.map((tail) => tail.length));
  if (length === 0) return "";
  const classes: string[] = [];
  for (let fromEnd = length; fromEnd >= 1; fromEnd--) {
    const characters = [...new Set(tails.map((tail) => tail[tail.length - fromEnd]))].sort();
    classes.push(characters.length === 1 ? literal(characters[0]) : `[${characters.map((character) => character.replace(/[\\\]^[\-/]/, "\\$&")).join("")}]`);
  }
  return `(?<=${classes.join("")})`;
}

/**
 * The literal characters a pattern ends in: what follows its last class, group, escape class,
 * anchor or quantifier (`[a-z]:\/Users\/` ends in ":/Users/"). Conservative: any construct it
 * does not read as one literal character ends the tail there.
 */
export function literalTail(pattern: string): string {
  let tail = "";
  for (let i = 0; i < pattern.length; i++) {
    const character = pattern[i];
    if (character === "\\") {
      const escaped = pattern[++i];
      // `\d`, `\s`, `\x0B`...: a class or a code, not the character itself
      tail = /[A-Za-z0-9]/.test(escaped) ? "" : tail + escaped;
    } else if (character === "[") {
      // to the class's end (our classes never start with `]`, which engines read differently)
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
      tail = "";
    } else if (character === "{") {
      i = pattern.indexOf("}", i);
      tail = "";
    } else if ("()|^$.?*+".includes(character)) {
      tail = "";
    } else {
      tail += character;
    }
  }
  return tail;
}

/**
 * Preceded by one of `texts`, for many texts: alternatives of one length are grouped by the
 * length of their parts (`(?:passwd|secret)(?:=|:)`), which PCRE accepts because each group's
 * alternatives are equally long, and which JavaScriptCore tries several times faster than one
 * flat alternative per text. Each text is a key followed by a separator.
 */
export function afterLiterals(texts: readonly string[]): string {
  const groups = groupByLength(texts);
  return after(
    groups.map((group) => (group.length === 1 ? literal(group[0]) : `(?:${group.map(literal).join("|")})`)),
    groups.flat(),
  );
}

function groupByLength(texts: readonly string[]): string[][] {
  const groups = new Map<number, string[]>();
  for (const text of texts) groups.set(text.length, [...(groups.get(text.length) ?? []), text]);
  return [...groups.values()];
}

/** Every combination of the parts, in order: `combine(["a", "b"], ["=", ":"])` is a=, a:, b=, b:. */
export function combine(...parts: readonly (readonly string[])[]): string[] {
  return parts.reduce<string[]>((prefixes, options) => prefixes.flatMap((prefix) => options.map((option) => prefix + option)), [""]);
}
