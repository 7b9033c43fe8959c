/**
 * The page of one shared log: what the engine found (software, version, title, problems linking
 * to their lines, information), the log itself, and the controls that need JavaScript (AI
 * analysis, delete, go to line), which start hidden so the page reads the same without it.
 */
import type { LogEntry } from "../analysis/model.ts";
import type { InsightsBody } from "../logs/insights-answer.ts";
import { encodeFilePath } from "../logs/service.ts";
import type { AssetCatalog } from "./assets.ts";
import { escapeHtml, formatBytes, formatCount } from "./html.ts";
import { renderPage } from "./layout.ts";
import { renderLogLines, type RenderedLog } from "./log-lines.ts";
import type { LogView } from "./log-view.ts";

export interface LogPageInput extends LogView {
  aiEnabled: boolean;
  /** How long a log is kept after its last view (STORAGE_TIME_S), for the expiry note. */
  storageTimeS: number;
  /** The upload limits (MAX_LINES, MAX_LENGTH), to say where a truncated log was cut. */
  limits: { maxLines: number; maxLength: number };
}

/**
 * The page in three parts, in the order they are sent: everything above the lines, the lines (made
 * a piece at a time, as the response is read), and everything below them.
 */
export interface LogPageParts {
  start: string;
  lines: Iterable<string>;
  end: string;
}

/** Where the lines go in the page's HTML; NUL never occurs in the escaped text around it. */
const LINES_MARK = "\u0000lines\u0000";

export function renderLogPage(assets: AssetCatalog, input: LogPageInput): LogPageParts {
  const { info, insights, file } = input;
  const title = file ? `${file.name} · ${insights.title || "Log"}` : insights.title || "Log";
  const here = file ? fileHref(info.id, file.name) : `/${info.id}`;
  const lines = renderLogLines(input.entries);
  const lineCount = file?.lines ?? info.lines;
  const cut = truncation(input);
  // The delete panel sits after the log, away from Raw and Download, so it is never hit by mistake.
  const main = `<article class="log-page" data-id="${escapeHtml(info.id)}">
${summary(input, lines, cut)}
${tokenNotice()}
${problems(insights, info.id, here)}
${information(insights, info.id, here)}
${input.aiEnabled ? aiPanel() : ""}
${fileTabs(input)}
<section class="log" aria-labelledby="log-heading">
<div class="log-head"><h2 id="log-heading">${file ? escapeHtml(file.name) : "Log"} <span class="muted">${formatCount(lineCount)} lines</span></h2></div>
${logTools(lineCount)}
<div id="log" class="log-lines" aria-label="Log text, one line per row">${LINES_MARK}</div>
${cut ? `<p class="note cut-end">${cut.end}</p>` : ""}
</section>
${deletePanel()}
</article>`;
  const html = renderPage(assets, {
    title: `${title} · logpaste`,
    description: `${insights.name ?? "Log"}${insights.version ? ` ${insights.version}` : ""}: ${insights.analysis.problems.length} problems detected`,
    main,
    scripts: ["markdown.js", "log.js"],
  });
  const at = html.lastIndexOf(LINES_MARK);
  return { start: html.slice(0, at), lines: lines.pieces, end: html.slice(at + LINES_MARK.length) };
}

/**
 * The figures of the text shown (the main log or the attached file of this tab): its lines, size
 * and errors. The error count is that of the entries coloured red below, so the two always agree.
 */
function summary(input: LogPageInput, lines: RenderedLog, cut: Truncation | null): string {
  const { info, insights, file, storageTimeS } = input;
  const software = [insights.name, insights.version].filter(Boolean).map((part) => escapeHtml(String(part))).join(" ");
  const created = new Date(info.created * 1000);
  const expires = new Date(info.expires * 1000);
  const errors = lines.errorEntries;
  const facts = [
    software ? `<span class="software">${software}</span>` : "",
    file ? `<span class="file-name">${escapeHtml(file.name)}</span>` : "",
    `${formatCount(file?.lines ?? info.lines)} lines`,
    formatBytes(file?.size ?? info.size),
    errors > 0
      ? `<a class="errors" href="#L${lines.firstError}">${formatCount(errors)} error${errors === 1 ? "" : "s"}</a>`
      : "no errors",
    `uploaded ${utcTime(created)}`,
    `kept until ${utcTime(expires)}, ${formatDuration(storageTimeS)} after its last view`,
  ].filter(Boolean);
  const visibleMetadata = info.metadata.filter((entry) => entry.visible);
  const metadata = visibleMetadata.length
    ? `<dl class="metadata">${visibleMetadata
        .map((entry) => `<div><dt>${escapeHtml(entry.label ?? entry.key)}</dt><dd>${escapeHtml(String(entry.value))}</dd></div>`)
        .join("")}</dl>`
    : "";
  const raw = file ? `/v1/raw/${encodeURIComponent(info.id)}/${encodeFilePath(file.name)}` : `/v1/raw/${encodeURIComponent(info.id)}`;
  const downloadName = file ? (file.name.split("/").pop() ?? file.name) : `${info.id}.log`;
  return `<header class="summary">
<h1>${escapeHtml(insights.title || "Log")}</h1>
<p class="facts">${facts.join(" · ")}</p>
${cut ? `<p class="note">${cut.summary}</p>` : ""}
${metadata}
<p class="actions"><a class="button" href="${escapeHtml(raw)}">Raw</a><a class="button" href="${escapeHtml(raw)}" download="${escapeHtml(downloadName)}">Download</a><button type="button" id="copy-link" hidden>Copy link</button> <span id="copy-state" role="status"></span></p>
</header>`;
}

interface Truncation {
  /** For the summary: which part of the upload this is. */
  summary: string;
  /** For the end of the log: where the text stops. */
  end: string;
}

/**
 * What the limits kept of a cut upload. The filters always keep the beginning (limit-bytes, then
 * limit-lines: src/filters/limits.ts); a text of exactly MAX_LINES lines was cut at that count,
 * any other at the size limit. The original length is not stored, so it is not named.
 */
function truncation({ info, file, limits }: LogPageInput): Truncation | null {
  if (!(file ? file.truncated : info.truncated)) return null;
  const lines = file?.lines ?? info.lines;
  const byLines = lines >= limits.maxLines;
  const limit = byLines ? `the limit of ${formatCount(limits.maxLines)} lines` : `the limit of ${formatBytes(limits.maxLength)}`;
  const what = file ? "This file" : "This log";
  return {
    summary: `${what} was cut to ${limit}: it shows the beginning of the upload, lines 1 to ${formatCount(lines)}; the rest was not kept.`,
    end: `The upload went on after line ${formatCount(lines)}; ${limit} cut the rest.`,
  };
}

function utcTime(date: Date): string {
  return `<time datetime="${date.toISOString()}">${date.toISOString().slice(0, 16).replace("T", " ")} UTC</time>`;
}

/** A retention period as a person says it: 90 days, 12 hours, 30 minutes. */
function formatDuration(seconds: number): string {
  const [amount, unit] = seconds >= 86_400 ? [seconds / 86_400, "day"] : seconds >= 3_600 ? [seconds / 3_600, "hour"] : [seconds / 60, "minute"];
  const rounded = Math.round(amount);
  return `${formatCount(rounded)} ${unit}${rounded === 1 ? "" : "s"}`;
}

/**
 * The reading tools above the log: error navigation, search, the level filter, wrapping and go
 * to line. They need log.js, so they start hidden and the page reads the same without it. The
 * first row stays on screen while scrolling (sticky), the options row scrolls away.
 */
function logTools(lineCount: number): string {
  const level = (cls: string, label: string) =>
    `<label><input type="checkbox" data-level="${cls}" checked> ${label}</label>`;
  return `<div id="log-tools" class="log-tools" hidden>
<div class="log-nav">
<span class="group"><button type="button" id="error-prev" aria-keyshortcuts="Shift+E">Previous error</button><button type="button" id="error-next" aria-keyshortcuts="E">Next error</button></span>
<form id="search" class="group search" role="search"><input id="search-text" type="search" aria-label="Search the log" placeholder="Search the log" aria-keyshortcuts="/" autocomplete="off" spellcheck="false"><button type="button" id="search-prev">Previous match</button><button type="submit" id="search-next">Next match</button></form>
<span id="log-state" class="muted" role="status"></span>
</div>
<div class="log-options">
<button type="button" id="errors-only" aria-pressed="false">Errors only</button>
<fieldset class="levels"><legend>Levels</legend>${level("e", "Errors")}${level("w", "Warnings")}${level("i", "Info")}${level("d", "Debug")}</fieldset>
<label><input type="checkbox" id="wrap-lines" checked> Wrap lines</label>
<form id="goto" class="goto"><label for="goto-line">Go to line</label> <input id="goto-line" type="number" min="1" max="${lineCount}" inputmode="numeric"><button type="submit">Go</button></form>
</div>
</div>`;
}

function tokenNotice(): string {
  return `<div id="token-notice" class="notice" role="status" hidden>
<p><strong>Your log is online.</strong> This is its delete token, shown once. It is kept in this browser; copy it to delete the log from elsewhere.</p>
<p><code id="token-value"></code> <button type="button" id="token-copy">Copy token</button></p>
</div>`;
}

/**
 * A link to the lines of an entry on the page `target` (the main log or a file's tab). On the page
 * itself the href names the first line, which works without JavaScript, and log.js reads
 * data-last to select the whole range; to another page it carries the range (#L120-L140).
 */
function lineLink(entry: LogEntry, target: string, here: string): { href: string; label: string; last: string } {
  const first = entry.lines[0]?.number ?? 1;
  const last = entry.lines[entry.lines.length - 1]?.number ?? first;
  const label = first === last ? `line ${first}` : `lines ${first}–${last}`;
  if (target !== here) return { href: escapeHtml(`${target}#L${first}${first === last ? "" : `-L${last}`}`), label, last: "" };
  return { href: `#L${first}`, label, last: first === last ? "" : ` data-last="${last}"` };
}

function fileHref(id: string, name: string): string {
  return `/${id}?file=${encodeURIComponent(name)}`;
}

function problems(insights: InsightsBody, id: string, here: string): string {
  const list = insights.analysis.problems;
  if (list.length === 0) {
    return `<section class="problems" aria-labelledby="problems-heading"><h2 id="problems-heading">Problems</h2><p class="muted">No known problems detected.</p></section>`;
  }
  const items = list
    .map((problem) => {
      const link = lineLink(problem.entry, problem.file ? fileHref(id, problem.file) : `/${id}`, here);
      const where = problem.file ? ` in ${escapeHtml(problem.file)}` : "";
      const solutions = problem.solutions.length
        ? `<ul class="solutions" aria-label="Solutions">${problem.solutions.map((s) => `<li>${escapeHtml(s.message)}</li>`).join("")}</ul>`
        : "";
      const count = problem.counter > 1 ? ` <span class="muted">(×${problem.counter})</span>` : "";
      return `<li class="problem"><p class="message">${escapeHtml(problem.message)}${count}</p><p><a class="line-link" href="${link.href}"${link.last}>Show ${link.label}${where}</a></p>${solutions}</li>`;
    })
    .join("");
  return `<section class="problems" aria-labelledby="problems-heading"><h2 id="problems-heading">Problems <span class="count">${list.length}</span></h2><ol>${items}</ol></section>`;
}

function information(insights: InsightsBody, id: string, here: string): string {
  const list = insights.analysis.information;
  if (list.length === 0) return "";
  const items = list
    .map((item) => {
      const link = lineLink(item.entry, `/${id}`, here);
      return `<div><dt>${escapeHtml(item.label)}</dt><dd>${escapeHtml(item.value)} <a class="line-link" href="${link.href}"${link.last} aria-label="${escapeHtml(item.label)}: ${link.label}">${link.label}</a></dd></div>`;
    })
    .join("");
  return `<section class="information" aria-labelledby="information-heading"><h2 id="information-heading">Information</h2><dl>${items}</dl></section>`;
}

function aiPanel(): string {
  return `<section id="ai" class="ai" aria-labelledby="ai-heading" hidden>
<h2 id="ai-heading">AI analysis</h2>
<p class="ai-controls"><button type="button" id="ai-start">Analyse with AI</button> <button type="button" id="ai-stop" hidden>Stop</button> <span id="ai-state" class="muted" role="status"></span></p>
<ol id="ai-steps" class="ai-steps" aria-label="Analysis steps"></ol>
<div id="ai-answer" class="ai-answer" aria-live="polite"></div>
</section>`;
}

function deletePanel(): string {
  return `<section id="delete" class="delete" aria-label="Delete this log" hidden>
<form id="delete-form">
<p id="delete-stored" hidden><button type="submit" class="danger">Delete this log</button> <span class="muted">This browser holds its delete token.</span></p>
<details id="delete-paste"><summary>Delete with a token</summary>
<p><label for="delete-token">Delete token</label> <input id="delete-token" type="password" autocomplete="off" spellcheck="false" size="40"> <button type="submit" class="danger">Delete</button></p>
</details>
<p id="delete-state" role="status"></p>
</form>
</section>`;
}

function fileTabs({ info, file, tabs }: LogPageInput): string {
  if (tabs.length === 0) return "";
  const tab = (href: string, label: string, lines: number, current: boolean) =>
    `<a href="${escapeHtml(href)}"${current ? ' aria-current="page"' : ""}>${escapeHtml(label)} <span class="muted">${formatCount(lines)} lines</span></a>`;
  return `<nav class="tabs" aria-label="Files of this log">${tab(`/${info.id}`, "Main log", info.lines, file === null)}${tabs
    .map((candidate) => tab(fileHref(info.id, candidate.name), candidate.name, candidate.lines, file?.name === candidate.name))
    .join("")}</nav>`;
}
