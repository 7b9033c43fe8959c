/**
 * Header timestamps. Formats use the PHP date letters the reference engine's log types declare
 * (Y, m, d, H, i, s; everything else is literal). Times are read as UTC wall-clock time and the
 * whole text must match: leftovers such as Bedrock's `:643` milliseconds give null, as before.
 */

const FIELD_PATTERNS: Readonly<Record<string, string>> = {
  Y: "(\\d{4})",
  m: "(\\d{1,2})",
  d: "(\\d{1,2})",
  H: "(\\d{1,2})",
  i: "(\\d{2})",
  s: "(\\d{2})",
};

interface CompiledTimeFormat {
  pattern: RegExp;
  fields: string[];
}

const compiled = new Map<string, CompiledTimeFormat>();

function compile(format: string): CompiledTimeFormat {
  let source = "^";
  const fields: string[] = [];
  for (const ch of format) {
    const field = FIELD_PATTERNS[ch];
    if (field) {
      source += field;
      fields.push(ch);
    } else {
      source += ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    }
  }
  return { pattern: new RegExp(source + "$"), fields };
}

/**
 * The last time read: a log prints many lines within the same second, and comparing the text
 * is far cheaper than the pattern and the date arithmetic.
 */
let last: { text: string; format: string; time: number | null } = { text: "", format: "", time: null };

/** Unix seconds for `text` read with `format`, or null when it does not fit exactly. */
export function parseTime(text: string, format: string): number | null {
  if (text === last.text && format === last.format) return last.time;
  const time = readTime(text, format);
  last = { text, format, time };
  return time;
}

function readTime(text: string, format: string): number | null {
  let fmt = compiled.get(format);
  if (!fmt) {
    fmt = compile(format);
    compiled.set(format, fmt);
  }
  const match = fmt.pattern.exec(text);
  if (!match) return null;
  const value: Record<string, number> = { Y: 1970, m: 1, d: 1, H: 0, i: 0, s: 0 };
  for (const [index, field] of fmt.fields.entries()) value[field] = Number(match[index + 1]);
  // Date.UTC rolls overflowing fields over (day 32 -> next month), as PHP's parser does.
  const ms = Date.UTC(value.Y, value.m - 1, value.d, value.H, value.i, value.s);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}
