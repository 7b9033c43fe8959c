/**
 * The logs controller: HTTP in, service calls, HTTP out. Routes are unprefixed; the app mounts
 * this one definition under both /v1 and /1.
 */
import { Elysia, t, type DocumentDecoration } from "elysia";
import { negotiateEncoding } from "../edge/accept-encoding.ts";
import { lateBody, watchLoopTurn } from "../edge/late-response.ts";
import type { BodyLimits } from "../edge/body.ts";
import { decompressedStream } from "../storage/blobs.ts";
import { ApiError, errorResponses } from "../errors.ts";
import {
  BulkDeleteBody,
  BulkDeleteResponse,
  LogIdParams,
  LogInfoResponse,
  MAX_BULK_DELETE,
  SuccessResponse,
  UploadForm,
  UploadJson,
  UploadMultipart,
  UploadResponse,
} from "./model.ts";
import type { LogService } from "./service.ts";
import type { LogDocument } from "./log-document.ts";
import { readUploadBody } from "./upload-input.ts";
import { prefersHtml } from "../edge/negotiate.ts";
import type { DeleteBudget } from "./delete-budget.ts";
import type { HotLogCache } from "./hot-cache.ts";
import { textForm } from "./text-forms.ts";
import type { TextCoding } from "./text-files.ts";
import { readBulkDeleteInput } from "./bulk-delete-input.ts";
import { clientOf } from "../edge/app-request.ts";
import type { AdminToken } from "../edge/admin-token.ts";

/**
 * What `GET /v1/log/{id}?parsed&insights` adds from the analysis (src/insights gives it; the logs
 * feature sits below the analysis of its logs and does not import it).
 */
export interface LogAnalysis {
  ofLog(log: LogDocument): Promise<unknown>;
}

export interface LogRoutesDeps {
  logs: LogService;
  insights: LogAnalysis;
  bodyLimits: BodyLimits;
  deleteBudget: DeleteBudget;
  /** Large logs as text files for clients without brotli; null: streamed instead. */
  /** Hot logs: small logs' text forms live in its byte budget; large ones in its text files. */
  cache: HotLogCache;
  /** With ADMIN_TOKEN set: a DELETE carrying it removes any log (moderation). */
  adminToken: AdminToken | null;
}

/** The request bodies POST /log accepts, for the OpenAPI document (validation is in upload-input.ts). */
export const uploadRequestBody = {
  required: true,
  content: {
    "text/plain": { schema: { type: "string", description: "The log text." } },
    "application/json": { schema: UploadJson },
    "application/x-www-form-urlencoded": { schema: UploadForm },
    "multipart/form-data": { schema: UploadMultipart },
  },
};

const bulkDeleteRequestBody = {
  required: true,
  content: {
    "application/json": { schema: BulkDeleteBody },
    "application/x-www-form-urlencoded": { schema: { type: "object", description: "PHP-style fields: 0[id]=...&0[token]=...&1[id]=..." } },
    "multipart/form-data": { schema: { type: "object", description: "PHP-style fields: 0[id], 0[token], 1[id]..." } },
  },
};

/** How GET /raw/{id} and /raw/{id}/{filename} answer, for the OpenAPI document. */
const rawDocumentation = {
  parameters: [
    { name: "If-None-Match", in: "header", required: false, schema: { type: "string" }, description: "An ETag from an earlier answer: 304 while it still matches." },
  ] satisfies DocumentDecoration["parameters"],
  responses: {
    200: {
      description: "The text, UTF-8. `Content-Encoding: br` (the stored bytes) when the client accepts br.",
      headers: { ETag: { description: "The content's SHA-256, strong.", schema: { type: "string" } } },
      content: { "text/plain": { schema: { type: "string" } } },
    },
    304: { description: "Not modified: the If-None-Match ETag still matches." },
  } satisfies DocumentDecoration["responses"],
};

function isBrowserForm(request: Request): boolean {
  const type = request.headers.get("content-type") ?? "";
  return /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type) && prefersHtml(request.headers.get("accept"));
}

export function logRoutes({ logs, insights, bodyLimits, deleteBudget, cache, adminToken }: LogRoutesDeps) {
  return new Elysia()
    .post(
      "/log",
      async ({ request, set }) => {
        const uploaded = await logs.upload(await readUploadBody(request, bodyLimits), { clientGone: request.signal, uploader: clientOf(request)?.ip });
        // The paste page's form sent without JavaScript: the person lands on the log's page, not
        // on JSON. Only a form whose sender prefers HTML (a browser); API clients keep the JSON.
        if (isBrowserForm(request)) {
          set.status = 303;
          set.headers.location = `/${uploaded.id}`;
        }
        return uploaded; // (after a 303 the browser does not show it)
      },
      {
        // The body is read by our own decoder (limits, Content-Encoding), not by Elysia.
        parse: "none",
        response: { 200: UploadResponse, ...errorResponses(400, 401, 408, 413, 415, 503) },
        detail: {
          operationId: "uploadLog",
          // Anyone may upload; a panel may send its key (API_KEYS) to be counted per key (401 for an unknown one).
          security: [{}, { apiKey: [] }],
          summary: "Upload a log",
          description:
            "Stores a log after the privacy filters. Accepts text/plain, JSON, form-urlencoded and multipart bodies, optionally Content-Encoding br/gzip/deflate (up to 5 steps).",
          tags: ["Logs"],
          requestBody: uploadRequestBody as never,
        },
      },
    )
    .get(
      "/log/:id",
      async ({ params, query }) => {
        const log = await logs.open(params.id);
        const info: LogInfoResponse = { ...log.info };
        if (query.raw !== undefined || query.parsed !== undefined || query.insights !== undefined) {
          info.content = {};
          if (query.raw !== undefined) info.content.raw = await log.text();
          if (query.parsed !== undefined) info.content.parsed = (await log.insights()).entries;
          if (query.insights !== undefined) info.content.insights = await insights.ofLog(log);
        }
        return info;
      },
      {
        params: LogIdParams,
        query: t.Object({
          raw: t.Optional(t.String({ description: "Present: include content.raw (the text)." })),
          parsed: t.Optional(t.String({ description: "Present: include content.parsed (the entries)." })),
          insights: t.Optional(t.String({ description: "Present: include content.insights (the analysis)." })),
        }),
        response: { 200: LogInfoResponse, ...errorResponses(404, 503) },
        detail: { operationId: "getLog", summary: "Log information", tags: ["Logs"] },
      },
    )
    .delete(
      "/log/:id",
      async ({ params, headers, request }) => {
        deleteBudget.charge(request, 1);
        if (adminToken?.authorizes(headers.authorization)) await logs.deleteAsModerator(params.id);
        else await logs.delete(params.id, authorizationToken(headers.authorization));
        return { success: true as const };
      },
      {
        params: LogIdParams,
        response: { 200: SuccessResponse, ...errorResponses(400, 403, 404, 503) },
        detail: {
          operationId: "deleteLog",
          summary: "Delete a log",
          description: "Needs `Authorization: Bearer <token>` with the token returned by the upload (as in mclo.gs, the token is the header's second word whatever the scheme). 400 without a token. With the server's admin token (`Bearer <ADMIN_TOKEN>`, when it sets one) any log is deleted.",
          tags: ["Logs"],
          security: [{ bearer: [] }, { admin: [] }],
        },
      },
    )
    .post(
      "/bulk/log/delete",
      async ({ request, set }) => {
        const items = await readBulkDeleteInput(request, bodyLimits);
        deleteBudget.charge(request, items.length);
        const results = await logs.deleteMany(items);
        set.status = 207;
        // As in mclo.gs: the request as a whole succeeded; each result says how its log fared.
        return { success: true as const, results };
      },
      {
        // Read by our own decoder (limits, Content-Encoding, PHP-style forms), not by Elysia.
        parse: "none",
        response: { 207: BulkDeleteResponse, ...errorResponses(400, 408, 413, 415, 503) },
        detail: {
          operationId: "deleteLogs",
          summary: "Delete several logs",
          description: `Answers 207 with a result per id (top-level \`success\` is true even when some fail). Up to ${MAX_BULK_DELETE} ids, as JSON or as form fields \`0[id]=...&0[token]=...\`; Content-Encoding as for uploads.`,
          tags: ["Logs"],
          requestBody: bulkDeleteRequestBody as never,
        },
      },
    )
    .get(
      "/raw/:id",
      async ({ params, request }) => {
        const loopTurned = watchLoopTurn();
        const log = await logs.openWithMainBlob(params.id);
        return rawResponse(request, { hash: log.main.hash, data: await log.blob(), size: log.main.size }, cache, loopTurned);
      },
      {
        params: LogIdParams,
        response: errorResponses(404, 503),
        detail: {
          operationId: "getRawLog",
          summary: "The log as plain text",
          description: "Served as the stored brotli bytes to clients that accept br, decompressed otherwise. Strong ETag; 304 on If-None-Match.",
          tags: ["Logs"],
          ...rawDocumentation,
        },
      },
    )
    .get(
      "/raw/:id/*",
      async ({ params, request }) => {
        const id = (params as Record<string, string>).id;
        const name = fileNameFromUrl(request.url, id);
        const loopTurned = watchLoopTurn();
        const log = await logs.open(id);
        const file = log.file(name);
        return rawResponse(request, { hash: file.hash, data: await log.blob(file), size: file.size }, cache, loopTurned);
      },
      {
        // No params schema: Elysia cannot compile one for the "*" wildcard; fileNameFromUrl reads it.
        response: errorResponses(400, 404, 503),
        detail: {
          operationId: "getRawFile",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" }, description: "Log id." },
            {
              name: "filename",
              in: "path",
              required: true,
              schema: { type: "string", examples: ["crash-reports/crash-2024-01-01.txt"] },
              description:
                "The file's name as `files[].name` lists it: the rest of the path, slashes included, each segment percent-encoded (`crash-reports/a%20b.txt`). An encoded slash (`%2F`) reads as a slash too, so a client that encodes the whole name reaches the same file.",
            },
            ...rawDocumentation.parameters,
          ],
          summary: "One attached file as plain text",
          description: "Same encoding negotiation, ETag and caching as the log itself.",
          tags: ["Logs"],
          responses: rawDocumentation.responses,
        },
      },
    );
}

/** The `{filename}` of /raw/{id}/{filename}: the rest of the path, percent-decoded per segment. */
function fileNameFromUrl(url: string, id: string): string {
  const path = new URL(url).pathname;
  const marker = `/raw/${id}/`;
  const rest = path.slice(path.indexOf(marker) + marker.length);
  try {
    return rest.split("/").map(decodeURIComponent).join("/");
  } catch {
    // The edge answers such an address before any route (app-request.ts): the same answer here.
    throw new ApiError("bad_request", "The address holds malformed percent-encoding.");
  }
}

/** The delete token: the second word of Authorization, whatever the scheme, as mclo.gs reads it. */
function authorizationToken(header: string | undefined): string | null {
  return header?.trim().split(/\s+/)[1] ?? null;
}

/**
 * Logs larger than this (as text) go to clients that do not take brotli as a file (text-files.ts:
 * sendfile, nothing held per reader), or streamed when there is no file cache; smaller ones are
 * sent whole from their text form (text-forms.ts, cached). A reader that stops reading a 10 MiB
 * log once held a full copy.
 */
const WHOLE_UP_TO_BYTES = 256 * 1024;
const GZIP_FROM_BYTES = 1024;

/** A stored text: its blob's hash, brotli bytes and size as text. */
interface StoredText {
  hash: string;
  data: Uint8Array;
  size: number;
}

/**
 * Sends stored content: br bytes as they are when accepted, else plain or gzip text. A large body
 * finished after the event loop turned (`loopTurned`: the database was read, or a text form
 * made) goes out as a one-chunk stream, which Bun writes with its headers at once (late-response.ts).
 */
export async function rawResponse(request: Request, { hash, data, size }: StoredText, cache: HotLogCache, loopTurned: () => boolean): Promise<Response> {
  const etag = `"${hash}"`;
  const headers: Record<string, string> = {
    "content-type": "text/plain; charset=utf-8",
    etag,
    vary: "Accept-Encoding",
    // Content under an id never changes, but a log can be deleted: caches revalidate (cheap 304).
    "cache-control": "public, no-cache",
    "x-content-type-options": "nosniff",
  };
  if (ifNoneMatch(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const coding = negotiateEncoding(request.headers.get("accept-encoding"), ["br", "gzip", "identity"]);
  if (coding === "br") return new Response(lateBody(data, loopTurned), { headers: { ...headers, "content-encoding": "br" } });
  // Under a kilobyte gzip saves nothing worth a header (the edge's compression draws the same line).
  const textCoding: TextCoding = coding === "gzip" && size >= GZIP_FROM_BYTES ? "gzip" : "identity";
  const gzipped: Record<string, string> = textCoding === "gzip" ? { "content-encoding": "gzip", etag: `W/${etag}` } : {};
  if (size <= WHOLE_UP_TO_BYTES) {
    const form = await textForm(cache, hash, data, textCoding);
    return new Response(lateBody(form, loopTurned), { headers: { ...headers, ...gzipped } });
  }
  const { textFiles } = cache;
  if (textFiles) {
    const file = await textFiles.file(hash, data, textCoding);
    return new Response(Bun.file(file.path), { headers: { ...headers, ...gzipped } });
  }
  const text = decompressedStream(data);
  if (textCoding === "gzip") {
    return new Response(text.pipeThrough(new CompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>), { headers: { ...headers, ...gzipped } });
  }
  return new Response(text, { headers: { ...headers, "content-length": String(size) } });
}

function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}
