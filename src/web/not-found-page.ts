/** The page for an id that does not exist (never did, expired or was deleted). */
import type { AssetCatalog } from "./assets.ts";
import { escapeHtml } from "./html.ts";
import { renderPage } from "./layout.ts";

export function renderNotFoundPage(assets: AssetCatalog, id: string, fileName: string | null = null): string {
  if (fileName !== null) {
    const main = `<section class="not-found" aria-labelledby="nf-heading">
<h1 id="nf-heading">This file is not here</h1>
<p>The log <a href="/${encodeURIComponent(id)}">${escapeHtml(id)}</a> has no attached file named <code>${escapeHtml(fileName.slice(0, 200))}</code>.</p>
</section>`;
    return renderPage(assets, { title: "File not found · logpaste", main });
  }
  const main = `<section class="not-found" aria-labelledby="nf-heading">
<h1 id="nf-heading">This log is not here</h1>
<p>There is no log with the id <code>${escapeHtml(id.slice(0, 64))}</code>. It may have expired, been deleted by its uploader, or the link is mistyped.</p>
<p><a class="button" href="/">Share a new log</a></p>
</section>`;
  return renderPage(assets, { title: "Log not found · logpaste", main });
}
