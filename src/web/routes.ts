/**
 * The web pages (controller): `/` is the paste page for browsers and the JSON index for API
 * clients; `/{id}` is a log's page; `/docs` the API reference; `/assets/*` the fingerprinted
 * static files. Pages are rendered on the server, so reading a log needs no JavaScript.
 */
import { Elysia } from "elysia";
import { negotiateEncoding } from "../edge/accept-encoding.ts";
import { compressedStream } from "../edge/stream-compression.ts";
import { ApiError } from "../errors.ts";
import { IndexResponse, type limitsOf } from "../info/routes.ts";
import type { InsightsService } from "../insights/service.ts";
import { isPlausibleLogId } from "../logs/credentials.ts";
import type { LogService } from "../logs/service.ts";
import { AssetCatalog, IMMUTABLE } from "./assets.ts";
import { pageHeaders } from "./layout.ts";
import { renderLogPage } from "./log-page.ts";
import { loadLogView } from "./log-view.ts";
import { renderNotFoundPage } from "./not-found-page.ts";
import { renderUnavailablePage } from "./unavailable-page.ts";
import { renderPastePage } from "./paste-page.ts";
import { docsHeaders, renderDocsPage } from "./docs-page.ts";
import { prefersHtml } from "../edge/negotiate.ts";
import { renderSiteFooter, withSiteFooter, type Site } from "./site-footer.ts";

export interface WebRoutesDeps {
  logs: LogService;
  insights: InsightsService;
  limits: ReturnType<typeof limitsOf>;
  /** Whether an AI model is configured: the "Analyse with AI" button shows only then. */
  aiEnabled: boolean;
  /** The JSON index API clients get at `GET /`. */
  apiIndex(): unknown;
  /** Who runs this instance, for every page's footer. */
  site: Site;
}

export function webRoutes(deps: WebRoutesDeps) {
  const assets = new AssetCatalog();
  const footer = renderSiteFooter(deps.site);
  const pastePage = renderPastePage(assets, deps.limits);
  const docsPage = withSiteFooter(renderDocsPage(assets), footer);

  // Every page but the docs passes here, and gets the footer here.
  const page = (html: string, status = 200, extra: Record<string, string> = {}) =>
    new Response(withSiteFooter(html, footer), { status, headers: { ...pageHeaders(), ...extra } });

  return new Elysia({ name: "logpaste/web" })
    .get(
      "/",
      ({ request, set }) => {
        // One address, two representations: caches must keep them apart.
        if (prefersHtml(request.headers.get("accept"))) return page(pastePage, 200, { vary: "Accept" });
        set.headers.vary = "Accept";
        return deps.apiIndex();
      },
      {
        detail: {
          operationId: "getIndex",
          summary: "List every operation (browsers get the paste page)",
          tags: ["Information"],
          responses: {
            200: {
              description: "The operations as JSON; the paste page for a request whose Accept prefers text/html.",
              content: { "application/json": { schema: IndexResponse }, "text/html": { schema: { type: "string" } } },
            },
          },
        },
      },
    )
    .get("/docs", () => new Response(docsPage, { headers: docsHeaders() }), { detail: { hide: true } })
    .get(
      "/assets/:file",
      async ({ params, request }) => {
        const asset = assets.find(`/assets/${params.file}`);
        if (!asset) throw new ApiError("not_found", `There is no asset '${params.file.slice(0, 100)}'.`);
        const headers = { "content-type": asset.contentType, "cache-control": IMMUTABLE, "x-content-type-options": "nosniff", vary: "Accept-Encoding" };
        // Compressed once and kept, rather than by the edge on every request.
        if (negotiateEncoding(request.headers.get("accept-encoding"), ["br", "identity"]) === "br") {
          return new Response((await assets.brotli(asset)) as BodyInit, { headers: { ...headers, "content-encoding": "br" } });
        }
        return new Response(asset.body as BodyInit, { headers });
      },
      { detail: { hide: true } },
    )
    .get(
      "/:id",
      async ({ params, query, request }) => {
        const id = params.id;
        if (!isPlausibleLogId(id)) {
          if (prefersHtml(request.headers.get("accept"))) return page(renderNotFoundPage(assets, id), 404);
          throw new ApiError("not_found", `Nothing is at GET /${id.slice(0, 200)}.`);
        }
        const started = performance.now();
        const fileName = typeof query.file === "string" && query.file !== "" ? query.file : null;
        try {
          const view = await loadLogView(deps.logs, deps.insights, id, fileName);
          const parts = renderLogPage(assets, { ...view, aiEnabled: deps.aiEnabled, storageTimeS: deps.limits.storageTime, limits: deps.limits });
          // Server-Timing lets the browser's tools (and our measurements) see how long the first bytes took.
          const headers = {
            ...pageHeaders(),
            vary: "Accept-Encoding",
            "server-timing": `render;dur=${(performance.now() - started).toFixed(1)}`,
          };
          const body = streamedHtml([parts.start, parts.lines, withSiteFooter(parts.end, footer)]);
          const coding = negotiateEncoding(request.headers.get("accept-encoding"));
          if (coding === "br" || coding === "gzip") {
            return new Response(compressedStream(coding, body), { headers: { ...headers, "content-encoding": coding } });
          }
          return new Response(body, { headers });
        } catch (error) {
          if (error instanceof ApiError && (error.code === "log_not_found" || error.code === "file_not_found")) {
            return page(renderNotFoundPage(assets, id, error.code === "file_not_found" ? fileName : null), 404);
          }
          if (error instanceof ApiError && error.status === 503) {
            const retryAfterS = Math.max(1, Math.ceil(error.retryAfterS ?? 5));
            return page(renderUnavailablePage(assets, id, error.code, retryAfterS), 503, { "retry-after": String(retryAfterS), refresh: String(retryAfterS) });
          }
          throw error;
        }
      },
      { detail: { hide: true } },
    );
}

/**
 * A page sent while it is made: each part is a string or pieces of one, encoded when the client
 * asks for more. A big log's page starts arriving before its last line is written, and a client
 * that stops reading stops the writing.
 */
function streamedHtml(parts: (string | Iterable<string>)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pieces = (function* () {
    for (const part of parts) {
      if (typeof part === "string") yield part;
      else yield* part;
    }
  })();
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Between pieces, other requests go first: 15 MB of page is made a piece at a time, and
        // the page's own stylesheet is asked for meanwhile.
        if (sent++ > 0) await new Promise((resolve) => setImmediate(resolve));
        const next = pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      cancel() {
        pieces.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
