/**
 * The longest piece of fixed text every match of a regex contains, read from its source: what
 * lets a shape without a `hint` be indexed (literal-index.ts) instead of tried on every line.
 *
 * Deliberately conservative: it only reads the top level of a pattern without `|`, takes runs of
 * plain characters, and treats anything else (groups, classes, escapes of character kinds,
 * `.`, anchors) as a break; escapes that take an argument make it give up. A character followed by `?`, `*` or `{` may be absent, so it leaves the
 * run. Case-insensitive and stateful (`g`, `y`) patterns get null: a line they skip would change
 * their result or their `lastIndex`.
 */
const ESCAPED_LITERAL: Readonly<Record<string, string>> = { t: "\t" };

export function requiredLiteral(pattern: RegExp): string | null {
  if (/[igy]/.test(pattern.flags)) return null;
  const source = pattern.source;
  const runs: string[] = [];
  let run = "";
  const breakRun = () => {
    if (run) runs.push(run);
    run = "";
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === "|") return null;
    if (char === "\\") {
      const next = source[++i];
      if (next === undefined) return null;
      // Escapes that take the characters after them (`\x41`, `\u0041`, `\cJ`, `\k<name>`, `\p{L}`,
      // octal `\12`, backreferences): give up rather than read those characters as text.
      if (/[0-9cxukpP]/.test(next)) return null;
      if (ESCAPED_LITERAL[next] !== undefined) run += ESCAPED_LITERAL[next];
      else if (/[A-Za-z]/.test(next)) breakRun();
      else run += next;
    } else if (char === "(" || char === "[") {
      breakRun();
      const end = closing(source, i);
      if (end < 0) return null;
      i = end;
    } else if (char === "?" || char === "*" || char === "{") {
      // The character before may be absent: drop it. `{n,m}` is skipped whole; a literal `{`
      // read as a quantifier only loses text, never adds any.
      run = run.slice(0, -1);
      breakRun();
      if (char === "{") {
        const end = source.indexOf("}", i);
        if (end < 0) return null;
        i = end;
      }
      if (source[i + 1] === "?") i++;
    } else if (char === "+") {
      breakRun();
      if (source[i + 1] === "?") i++;
    } else if (char === "." || char === "^" || char === "$" || char === ")" || char === "]") {
      breakRun();
    } else {
      run += char;
    }
  }
  breakRun();
  let longest: string | null = null;
  for (const candidate of runs) if (candidate.length > (longest?.length ?? 0)) longest = candidate;
  return longest;
}

/** Index of the `)` or `]` closing the group or class opened at `open`, or -1. */
function closing(source: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < source.length; i++) {
    const char = source[i];
    if (char === "\\") {
      i++;
    } else if (inClass) {
      if (char === "]") {
        inClass = false;
        if (depth === 0) return i;
      }
    } else if (char === "[") {
      inClass = true;
    } else if (char === "(") {
      depth++;
    } else if (char === ")") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
