/**
 * The logs controller: HTTP in, service calls, HTTP out. Routes are unprefixed; the app mounts
 * this one definition under both /v1 and /1.
 */
import { Elysia, t } from "elysia";
import { negotiateEncoding } from "../edge/accept-encoding.ts";
import type { BodyLimits } from "../edge/body.ts";
import { decompressBlob } from "../storage/blobs.ts";
import { ApiError } from "../errors.ts";
import {
  BulkDeleteBody,
  BulkDeleteResponse,
  ErrorResponse,
  LogIdParams,
  LogInfoResponse,
  SuccessResponse,
  UploadForm,
  UploadJson,
  UploadMultipart,
  UploadResponse,
} from "./model.ts";
import type { LogService } from "./service.ts";
import type { InsightsService } from "../insights/service.ts";
import { readUploadInput } from "./upload-input.ts";

export interface LogRoutesDeps {
  logs: LogService;
  insights: InsightsService;
  bodyLimits: BodyLimits;
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

const errors = { 400: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse };

export function logRoutes({ logs, insights, bodyLimits }: LogRoutesDeps) {
  return new Elysia()
    .post(
      "/log",
      async ({ request }) => {
        const input = await readUploadInput(request, bodyLimits);
        return logs.upload(input);
      },
      {
        // The body is read by our own decoder (limits, Content-Encoding), not by Elysia.
        parse: "none",
        response: { 200: UploadResponse, ...errors },
        detail: {
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
        const info = await logs.info(params.id, { raw: query.raw !== undefined });
        if (query.parsed !== undefined || query.insights !== undefined) {
          info.content ??= {};
          if (query.parsed !== undefined) info.content.parsed = await insights.entriesOf(params.id);
          if (query.insights !== undefined) info.content.insights = await insights.ofLog(params.id);
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
        response: { 200: LogInfoResponse, 404: ErrorResponse },
        detail: { summary: "Log information", tags: ["Logs"] },
      },
    )
    .delete(
      "/log/:id",
      async ({ params, headers }) => {
        await logs.delete(params.id, bearerToken(headers.authorization));
        return { success: true as const };
      },
      {
        params: LogIdParams,
        response: { 200: SuccessResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
        detail: {
          summary: "Delete a log",
          description: "Needs `Authorization: Bearer <token>` with the token returned by the upload.",
          tags: ["Logs"],
          security: [{ bearer: [] }],
        },
      },
    )
    .post(
      "/bulk/log/delete",
      async ({ body, set }) => {
        const results = await logs.deleteMany(body);
        set.status = 207;
        return { success: results.every((result) => result.success), results };
      },
      {
        body: BulkDeleteBody,
        response: { 207: BulkDeleteResponse, 400: ErrorResponse },
        detail: { summary: "Delete several logs", description: "Answers 207 with a result per id.", tags: ["Logs"] },
      },
    )
    .get(
      "/raw/:id",
      async ({ params, request }) => {
        const { record, data } = await logs.readStored(params.id);
        return rawResponse(request, record.blobHash, data);
      },
      {
        params: LogIdParams,
        detail: {
          summary: "The log as plain text",
          description: "Served as the stored brotli bytes to clients that accept br, decompressed otherwise. Strong ETag; 304 on If-None-Match.",
          tags: ["Logs"],
          responses: {
            200: { description: "The log text", content: { "text/plain": { schema: { type: "string" } } } },
            304: { description: "Not modified" },
            404: { description: "Unknown id", content: { "application/json": { schema: ErrorResponse } } },
          },
        },
      },
    )
    .get(
      "/raw/:id/*",
      async ({ params, request }) => {
        const id = (params as Record<string, string>).id;
        const name = fileNameFromUrl(request.url, id);
        const { file, data } = await logs.readStoredFile(id, name);
        return rawResponse(request, file.blobHash, data);
      },
      {
        // No params schema: Elysia cannot compile one for the "*" wildcard; fileNameFromUrl reads it.
        detail: {
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" }, description: "Log id." },
            { name: "filename", in: "path", required: true, schema: { type: "string" }, description: "The file name: the rest of the path." },
          ],
          summary: "One attached file as plain text",
          description: "`{filename}` is the rest of the path and may hold dots, slashes and percent-encoded characters. Same encoding negotiation, ETag and caching as the log itself.",
          tags: ["Logs"],
          responses: {
            200: { description: "The file's text", content: { "text/plain": { schema: { type: "string" } } } },
            304: { description: "Not modified" },
            404: { description: "Unknown id or file", content: { "application/json": { schema: ErrorResponse } } },
          },
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
    throw new ApiError("invalid_file_name", "The file name in the address is not valid percent-encoding.");
  }
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1] : null;
}

/** Sends stored content: br bytes as they are when accepted, plain text otherwise. */
export async function rawResponse(request: Request, hash: string, data: Uint8Array): Promise<Response> {
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
  if (negotiateEncoding(request.headers.get("accept-encoding"), ["br", "identity"]) === "br") {
    return new Response(data as BodyInit, { headers: { ...headers, "content-encoding": "br" } });
  }
  return new Response((await decompressBlob(data)) as BodyInit, { headers });
}

function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}
