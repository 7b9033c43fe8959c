/**
 * The paste page at `/`: a text area and a file picker, the limits shown before sending. With
 * JavaScript (paste.js) it uploads gzip-compressed, keeps the delete token in localStorage and
 * opens the log's page; without, the form posts to the API, which sends a browser's form on to
 * the log's page (logs/routes.ts).
 */
import type { limitsOf } from "../info/routes.ts";
import type { AssetCatalog } from "./assets.ts";
import { escapeHtml, formatBytes, formatCount } from "./html.ts";
import { redactions } from "../filters/list.ts";
import { renderPage } from "./layout.ts";

type Limits = ReturnType<typeof limitsOf>;

export function renderPastePage(assets: AssetCatalog, limits: Limits): string {
  const days = Math.round(limits.storageTime / 86400);
  const kept = days >= 1 ? `${formatCount(days)} days` : `${Math.round(limits.storageTime / 3600)} hours`;
  const main = `<section class="paste" aria-labelledby="paste-heading">
<h1 id="paste-heading">Share a log</h1>
<form id="paste-form" method="post" action="/v1/log" enctype="multipart/form-data" data-max-length="${limits.maxLength}" data-max-lines="${limits.maxLines}" data-max-body-bytes="${limits.maxBodyBytes}" data-max-decoded-bytes="${limits.maxDecodedBytes}">
<p><label for="paste-content">Log text</label></p>
<textarea id="paste-content" name="content" rows="18" spellcheck="false" autocomplete="off" placeholder="Paste a log here, or drop a file anywhere on this page"></textarea>
<p class="file-pick"><label for="paste-file">Or choose a file</label> <input id="paste-file" name="file" type="file" multiple accept=".log,.txt,.gz,.zip,.tar,.tgz,text/plain,application/gzip,application/zip,application/x-tar"> <span class="muted">(.log, .txt, .gz; or .zip, .tar, .tar.gz archives, whose files become tabs)</span></p>
<p class="limits" id="paste-limits">Up to <strong>${formatCount(limits.maxLines)} lines</strong> and <strong>${formatBytes(limits.maxLength)}</strong>; longer logs are cut. A log is kept <strong>${kept} after it was last viewed</strong>, then deleted.</p>
<details class="filtered" id="paste-filtered"><summary>Before storing, we remove IP and e-mail addresses, user names, tokens, passwords and keys, and player UUIDs.</summary>
<p>Every upload passes these filters, in this order (<a href="/v1/filters">their patterns</a>); what they find is replaced, the rest is stored as sent:</p>
<ul>${redactions.map((redaction) => `<li>${escapeHtml(redaction.name)}</li>`).join("")}</ul>
</details>
<p id="paste-stats" class="stats" aria-live="polite"></p>
<p><button type="submit" id="paste-submit" aria-keyshortcuts="Control+S Meta+S Control+Enter Meta+Enter">Upload</button> <span class="muted keys">Ctrl+S or Ctrl+Enter</span> <span id="paste-state" role="status"></span></p>
</form>
</section>`;
  return renderPage(assets, { title: "logpaste · share a log", description: "Share and analyse game-server logs.", main, scripts: ["paste.js"] });
}
