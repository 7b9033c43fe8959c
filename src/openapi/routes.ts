/**
 * GET /openapi.json: the document of the app it is mounted in, built on the first request (every
 * route is registered by then; the generator is loaded then too) and kept. The reference page for people is /docs (web/docs-page.ts).
 */
import { Elysia } from "elysia";
import type { buildOpenApiDocument, OpenApiOptions } from "./document.ts";
import { VERSION } from "../version.ts";

export interface OpenApiRoutesDeps {
  /** Alias prefixes and the prefix each repeats, e.g. { "/1": "/v1" }. */
  aliases: Record<string, string>;
}

const description = `Share and analyse game-server logs. The API speaks the shape of mclo.gs's, so its integrations work by changing the base address: every operation is under \`/v1\` and, identical, under mclo.gs's \`/1\`.

Errors are JSON with one shape, \`{"success": false, "error": "...", "code": "..."}\` (the \`Error\` schema); \`code\` is one of a closed set and fixes the status. A known path called with a method it does not have answers 405 \`method_not_allowed\` with an \`Allow\` header.

Every response carries \`RateLimit-Policy\` and \`RateLimit\` (the client's budget for that route); a 429 carries \`Retry-After\`, as does a 503.`;

const options: Omit<OpenApiOptions, "aliases"> = {
  // The release's version (package.json); the API's own version is in its paths (/v1).
  info: { title: "logpaste API", version: VERSION, description },
  tags: [
    { name: "Logs", description: "Upload, read and delete logs and their attached files." },
    { name: "Analysis", description: "The analysis engine's insights: software, version, problems with solutions." },
    { name: "AI", description: "An AI explanation of a log, streamed as server-sent events (503 `ai_disabled` when no model is configured)." },
    { name: "Information", description: "What the service publishes about itself." },
    { name: "Operations", description: "Health, readiness and metrics, outside the API prefixes." },
    { name: "Admin", description: "Moderation for the operator: exist only when the server sets ADMIN_TOKEN (404 otherwise), need it as a bearer token (401 otherwise)." },
  ],
  securitySchemes: {
    bearer: { type: "http", scheme: "bearer", description: "A log's delete token (from its upload), or the metrics token." },
    admin: { type: "http", scheme: "bearer", description: "The server's ADMIN_TOKEN: deletes any log, opens the admin routes." },
    apiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "A panel key (API_KEYS): optional on every operation; the request is rate-limited per key at its rate instead of per address. An unknown key is 401 `invalid_api_key`." },
  },
};

export function openApiRoutes(deps: OpenApiRoutesDeps) {
  const aliases = Object.fromEntries(
    Object.entries(deps.aliases).map(([prefix, of]) => [
      prefix,
      {
        of,
        // uploadLog under /v1, uploadLogMclogs under /1: distinct client methods, the canonical ones unmarked.
        operationIdSuffix: "Mclogs",
        tag: { name: `mclo.gs paths (${prefix})`, description: `The operations of \`${of}\` under mclo.gs's \`${prefix}\`, for its integrations. Identical in every respect.` },
      },
    ]),
  );
  let document: Promise<ReturnType<typeof buildOpenApiDocument>> | undefined;
  // Once mounted, an instance sees every route of the app (what @elysiajs/openapi relies on too).
  const routes = new Elysia();
  // The generator (@elysiajs/openapi, about 19 MiB once loaded) loads with the first request for
  // the document, not with the server.
  const build = async () => (await import("./document.ts")).buildOpenApiDocument(routes, { ...options, aliases });
  const built = () =>
    build().catch((error) => {
      document = undefined; // the next request tries again
      throw error;
    });
  return routes.get("/openapi.json", () => (document ??= built()), {
    detail: { hide: true },
  });
}
