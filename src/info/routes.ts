/**
 * What the service publishes about itself: limits, filters, the rate-limit error sample.
 * Unprefixed; mounted under /v1 and /1 with the other features.
 */
import { Elysia, t, type Static } from "elysia";
import { Type } from "@sinclair/typebox";
import type { Config } from "../config.ts";
import { VERSION } from "../version.ts";
import { publishedFilters } from "../filters/index.ts";
import { rateLimitError } from "../edge/rate-limit-error.ts";
import { errorResponses } from "../errors.ts";
import { FiltersResponse } from "../filters/model.ts";

export function limitsOf(config: Config) {
  return {
    storageTime: config.STORAGE_TIME_S,
    maxLength: config.MAX_LENGTH,
    maxLines: config.MAX_LINES,
    maxFormFields: config.MAX_FORM_FIELDS,
    maxBodyBytes: config.MAX_BODY_BYTES,
    maxDecodedBytes: config.MAX_DECODED_BYTES,
    maxEncodingSteps: 5,
    files: {
      maxFiles: config.MAX_FILES,
      maxFileBytes: config.MAX_FILE_BYTES,
      maxTotalBytes: config.MAX_FILES_TOTAL_BYTES,
      maxArchiveEntries: config.MAX_ARCHIVE_ENTRIES,
      maxArchiveRatio: config.MAX_ARCHIVE_RATIO,
      maxArchiveDepth: config.MAX_ARCHIVE_DEPTH,
      archiveFormats: [".zip", ".tar", ".tar.gz", ".tgz", ".gz"],
    },
    rateLimit: { requests: config.RATE_LIMIT_MAX, windowSeconds: config.RATE_LIMIT_WINDOW_S },
  };
}

export const LimitsResponse = t.Object(
  {
    success: t.Literal(true),
    storageTime: Type.Integer({ description: "Seconds a log lives after its last view." }),
    maxLength: Type.Integer({ description: "Bytes of content kept; more is truncated." }),
    maxLines: Type.Integer({ description: "Lines of content kept; more are truncated." }),
  maxFormFields: Type.Integer({ description: "Fields or parts a form upload may hold; 413 beyond." }),
    maxBodyBytes: Type.Integer({ description: "Largest request body as sent; 413 beyond." }),
    maxDecodedBytes: Type.Integer({ description: "Largest request body once Content-Encoding is undone; 413 beyond." }),
    maxEncodingSteps: Type.Integer(),
    files: t.Object(
      {
        maxFiles: Type.Integer(),
        maxFileBytes: Type.Integer(),
        maxTotalBytes: Type.Integer(),
        maxArchiveEntries: Type.Integer(),
        maxArchiveRatio: Type.Integer(),
        maxArchiveDepth: Type.Integer(),
        archiveFormats: t.Array(t.String()),
      },
      { description: "Limits on attached files and archives." },
    ),
    rateLimit: t.Object({ requests: Type.Integer(), windowSeconds: Type.Integer() }),
  },
  { $id: "Limits", description: "The limits in force on this server." },
);

/** GET /v1 (and GET / for API clients): every operation as "<METHOD> <path>". */
export const IndexResponse = t.Object(
  {
    success: t.Literal(true),
    message: t.String(),
    version: t.String({ description: "The server's version (package.json), e.g. \"0.1.0\"." }),
    endpoints: t.Array(t.String({ examples: ["POST /v1/log"] })),
  },
  { $id: "ApiIndex", description: "Every operation of the API." },
);

/** The index's body, from the API's operations (the route catalogue lists them). */
export function indexOf(endpoints: string[]): Static<typeof IndexResponse> {
  return {
    success: true,
    message: "logpaste: share and analyse game-server logs. Documentation at /docs.",
    version: VERSION,
    endpoints,
  };
}

export function infoRoutes(config: Config) {
  const limits = limitsOf(config);
  const filters = publishedFilters({ maxBytes: config.MAX_LENGTH, maxLines: config.MAX_LINES });
  return new Elysia()
    .get("/limits", () => ({ success: true as const, ...limits }), {
      response: { 200: LimitsResponse },
      detail: { operationId: "getLimits", summary: "Limits applied to uploads and requests", tags: ["Information"] },
    })
    .get("/filters", () => filters, {
      response: { 200: FiltersResponse },
      detail: {
        operationId: "getFilters",
        summary: "The privacy filters every upload passes, in order",
        description: "Regex filters carry JavaScript patterns, flags, replacements and exemptions a client can apply itself before uploading.",
        tags: ["Information"],
      },
    })
    .get(
      "/errors/rate",
      () => {
        throw rateLimitError(config.RATE_LIMIT_WINDOW_S);
      },
      {
        response: errorResponses(429),
        detail: { operationId: "getRateLimitError", summary: "Always 429: the rate limiter's exact answer, for testing clients", tags: ["Information"] },
      },
    );
}
