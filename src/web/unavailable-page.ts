/**
 * The page for a log that exists but cannot be shown right now: a 503 from below (the server is
 * turning first analyses away, its database does not answer, it is stopping). The answer carries
 * Retry-After and Refresh with the same delay, so a browser tries again by itself.
 */
import type { ErrorCode } from "../errors.ts";
import type { AssetCatalog } from "./assets.ts";
import { escapeHtml } from "./html.ts";
import { renderPage } from "./layout.ts";

const REASONS: Partial<Record<ErrorCode, string>> = {
  server_busy: "The server is busy reading other large logs for the first time.",
  database_unavailable: "The server cannot reach its database at the moment.",
  shutting_down: "The server is restarting.",
};

export function renderUnavailablePage(assets: AssetCatalog, id: string, code: ErrorCode, retryAfterS: number): string {
  const reason = REASONS[code] ?? "The server cannot show it at the moment.";
  const main = `<section class="not-found" aria-labelledby="busy-heading">
<h1 id="busy-heading">This log cannot be shown right now</h1>
<p>${escapeHtml(reason)} This page tries again in ${retryAfterS} seconds; the log <code>${escapeHtml(id.slice(0, 64))}</code> is not lost.</p>
<p><a class="button" href="/${encodeURIComponent(id)}">Try again now</a></p>
</section>`;
  return renderPage(assets, { title: "Try again shortly · logpaste", main });
}
