/**
 * The shell every page shares: head, header, Content-Security-Policy. Scripts are external
 * same-origin files only (no inline script), so the policy needs no hashes; styles likewise.
 */
import type { AssetCatalog } from "./assets.ts";
import { escapeHtml } from "./html.ts";

export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export interface PageOptions {
  title: string;
  /** Already-escaped HTML of the main content. */
  main: string;
  /** Asset file names of the page's scripts, loaded deferred. */
  scripts?: string[];
  description?: string;
}

export function renderPage(assets: AssetCatalog, page: PageOptions): string {
  const description = page.description ? `<meta name="description" content="${escapeHtml(page.description)}">\n` : "";
  const head = `${description}<link rel="stylesheet" href="${assets.url("style.css")}">\n${scriptTags(assets, page.scripts ?? [])}`;
  return htmlDocument(
    page.title,
    head,
    `<a class="skip" href="#main">Skip to content</a>
<header class="site"><a class="brand" href="/">logpaste</a><nav aria-label="Site"><a href="/">New paste</a><a href="/docs">API</a></nav></header>
<main id="main">
${page.main}
</main>`,
  );
}

/** Deferred same-origin scripts, by asset file name, in order. */
export function scriptTags(assets: AssetCatalog, names: readonly string[]): string {
  return names.map((name) => `<script src="${assets.url(name)}" defer></script>`).join("");
}

/** The document every page shares; `head` and `body` are already-escaped HTML. */
export function htmlDocument(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}
</body>
</html>`;
}

/** Headers of every page: the policy above, and no caching (a log can be deleted any time). */
export function pageHeaders(): Record<string, string> {
  return {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": PAGE_CSP,
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
  };
}
