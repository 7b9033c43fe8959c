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
 * fixed length (a literal, classes of one character), the only kind PCRE compiles.
 */
export function after(alternatives: readonly string[]): string {
  return `(?<=${alternatives.join("|")})`;
}

/** Preceded by one of `texts`, each taken literally. */
export function afterText(texts: readonly string[]): string {
  return after(texts.map(literal));
}

/**
 * Preceded by one of `texts`, for many texts: alternatives of one length are grouped by the
 * length of their parts (`(?:passwd|secret)(?:=|:)`), which PCRE accepts because each group's
 * alternatives are equally long, and which JavaScriptCore tries several times faster than one
 * flat alternative per text. Each text is a key followed by a separator.
 */
export function afterLiterals(texts: readonly string[]): string {
  return after(groupByLength(texts).map((group) => (group.length === 1 ? literal(group[0]) : `(?:${group.map(literal).join("|")})`)));
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
