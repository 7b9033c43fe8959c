/**
 * Minecraft's colour and format codes (`§c` red, `§l` bold, `§r` reset; the Bukkit hex form
 * `§x§f§f§a§a§0§0`) shown as the game shows them: the codes vanish and the text after them takes
 * a class (`mc-c`, `mc-l`) that style.css colours for light and dark with readable contrast.
 * The stored text keeps its codes (Raw and Download show them); the privacy filters already
 * look through them (src/filters/redactions/portable.ts, COLOUR_CODE).
 *
 * As in the game, a colour code ends the formats before it, and `§r` ends everything. Only `§`
 * is read: `&c` is what a plugin's config holds, and in a log `&` is mostly just "and".
 */
import { escapeHtml } from "./html.ts";

export interface FormattedRun {
  text: string;
  /** Space-separated classes: one `mc-<colour>` at most, then the formats (`mc-l mc-n`). */
  classes: string;
}

const COLOURS = "0123456789abcdef";
const FORMATS = "klmno";
/** The 16 colours as the game draws them, to match a hex colour to the nearest class. */
const RGB = [0x000000, 0x0000aa, 0x00aa00, 0x00aaaa, 0xaa0000, 0xaa00aa, 0xffaa00, 0xaaaaaa, 0x555555, 0x5555ff, 0x55ff55, 0x55ffff, 0xff5555, 0xff55ff, 0xffff55, 0xffffff];
const CODE = /§(?:x(?:§[0-9a-f]){6}|[0-9a-fk-or])/gi;

/** The page's stylesheet has 16 colours, and a page may not carry inline styles (CSP). */
function nearestColour(hex: string): string {
  const rgb = Number.parseInt(hex, 16);
  let best = 0;
  let bestDistance = Infinity;
  RGB.forEach((candidate, index) => {
    const distance = [16, 8, 0].reduce((sum, shift) => sum + (((rgb >> shift) & 255) - ((candidate >> shift) & 255)) ** 2, 0);
    if (distance < bestDistance) [best, bestDistance] = [index, distance];
  });
  return COLOURS[best];
}

/** The text split where codes change the look, codes removed. Text without `§` is one plain run. */
export function formatRuns(text: string): FormattedRun[] {
  if (!text.includes("§")) return [{ text, classes: "" }];
  const runs: FormattedRun[] = [];
  let colour = "";
  let formats = "";
  let at = 0;
  const push = (end: number) => {
    if (end > at) runs.push({ text: text.slice(at, end), classes: [colour && `mc-${colour}`, ...[...formats].map((f) => `mc-${f}`)].filter(Boolean).join(" ") });
  };
  for (const match of text.matchAll(CODE)) {
    push(match.index);
    at = match.index + match[0].length;
    const code = match[0][1].toLowerCase();
    if (code === "x") [colour, formats] = [nearestColour(match[0].replace(/§x|§/gi, "")), ""];
    else if (COLOURS.includes(code)) [colour, formats] = [code, ""];
    else if (FORMATS.includes(code)) formats += formats.includes(code) ? "" : code;
    else [colour, formats] = ["", ""]; // §r
  }
  push(text.length);
  return runs;
}

/** The runs as escaped HTML: plain runs as text, the others in a <span> with their classes. */
export function formattedHtml(runs: readonly FormattedRun[]): string {
  return runs.map((run) => (run.classes ? `<span class="${run.classes}">${escapeHtml(run.text)}</span>` : escapeHtml(run.text))).join("");
}
