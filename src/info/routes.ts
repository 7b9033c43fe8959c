/**
 * What the service publishes about itself: limits, filters, the rate-limit error sample.
 * Unprefixed; mounted under /v1 and /1 with the other features.
 */
import { Elysia, t } from "elysia";
import type { Config } from "../config.ts";
import { publishedFilters } from "../filters/index.ts";
import { rateLimitError } from "../edge/rate-limit-error.ts";
import { ErrorResponse } from "../logs/model.ts";

export function limitsOf(config: Config) {
  return {
    storageTime: config.STORAGE_TIME_S,
    maxLength: config.MAX_LENGTH,
    maxLines: config.MAX_LINES,
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

export const LimitsResponse = t.Object({
  storageTime: t.Integer({ description: "Seconds a log lives after its last view." }),
  maxLength: t.Integer({ description: "Bytes of content kept; more is truncated." }),
  maxLines: t.Integer({ description: "Lines of content kept; more are truncated." }),
  maxBodyBytes: t.Integer({ description: "Largest request body as sent; 413 beyond." }),
  maxDecodedBytes: t.Integer({ description: "Largest request body once Content-Encoding is undone; 413 beyond." }),
  maxEncodingSteps: t.Integer(),
  files: t.Object(
    {
      maxFiles: t.Integer(),
      maxFileBytes: t.Integer(),
      maxTotalBytes: t.Integer(),
      maxArchiveEntries: t.Integer(),
      maxArchiveRatio: t.Integer(),
      maxArchiveDepth: t.Integer(),
      archiveFormats: t.Array(t.String()),
    },
    { description: "Limits on attached files and archives." },
  ),
  rateLimit: t.Object({ requests: t.Integer(), windowSeconds: t.Integer() }),
});

export function infoRoutes(config: Config) {
  const limits = limitsOf(config);
  const filters = publishedFilters({ maxBytes: config.MAX_LENGTH, maxLines: config.MAX_LINES });
  return new Elysia()
    .get("/limits", () => limits, {
      response: { 200: LimitsResponse },
      detail: { summary: "Limits applied to uploads and requests", tags: ["Information"] },
    })
    .get("/filters", () => filters, {
      detail: {
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
        response: { 429: ErrorResponse },
        detail: { summary: "Always 429: the rate limiter's exact answer, for testing clients", tags: ["Information"] },
      },
    );
}
