/**
 * The log text as HTML: one element per line with a stable anchor (`id="L120"`), a class for its
 * level, long stack traces folded in <details> (readable without JavaScript), and lines grouped
 * in chunks that the stylesheet marks `content-visibility: auto`, so the browser lays out only
 * what is on screen. This keeps a 25,000-line log responsive without a virtual scroller.
 */
import type { LogEntry } from "../analysis/model.ts";
import { escapeHtml } from "./html.ts";

/** Lines per chunk: small enough to skip most of the layout, large enough to keep the DOM flat. */
const CHUNK_LINES = 200;
/** Entries longer than this are folded after their first FOLD_KEEP lines. */
const FOLD_OVER = 24;
const FOLD_KEEP = 8;

const STACK_LINE = /^\s*(at |Caused by:|\.\.\. \d+ more|Suppressed:)/;

/** Engine level number -> CSS class ("" for plain information). */
function levelClass(level: number): string {
  if (level <= 3 || level === 10) return "e";
  if (level === 4) return "w";
  if (level === 7 || level === 9) return "d";
  return "";
}

export function renderLogLines(entries: readonly LogEntry[]): string {
  const out: string[] = [];
  let inChunk = 0;
  const openChunk = () => out.push('<div class="chunk">');
  const line = (number: number, content: string, cls: string) => {
    if (inChunk === CHUNK_LINES) {
      out.push('</div><div class="chunk">');
      inChunk = 0;
    }
    inChunk++;
    out.push(
      `<div id="L${number}"${cls ? ` class="${cls}"` : ""}><a href="#L${number}" tabindex="-1">${number}</a>${escapeHtml(content)}</div>`,
    );
  };

  openChunk();
  for (const entry of entries) {
    const base = levelClass(entry.level);
    const classOf = (content: string, index: number) =>
      index > 0 && base && STACK_LINE.test(content) ? `${base} s` : base;
    const lines = entry.lines;
    const foldAt = lines.length > FOLD_OVER ? FOLD_KEEP : lines.length;
    for (let i = 0; i < foldAt; i++) line(lines[i].number, lines[i].content, classOf(lines[i].content, i));
    if (foldAt < lines.length) {
      // A fold spans chunks badly, so it gets chunks of its own inside the <details>.
      out.push(`</div><details class="fold"><summary>${lines.length - foldAt} more lines of this entry</summary><div class="chunk">`);
      inChunk = 0;
      for (let i = foldAt; i < lines.length; i++) line(lines[i].number, lines[i].content, classOf(lines[i].content, i));
      out.push('</div></details><div class="chunk">');
      inChunk = 0;
    }
  }
  out.push("</div>");
  return out.join("");
}
