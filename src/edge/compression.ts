/**
 * compression: compresses responses for clients that accept it (Accept-Encoding with q-values,
 * br preferred, then gzip, else identity; negotiateEncoding in accept-encoding.ts).
 *
 * Left alone, each for a reason:
 *  - responses that already carry Content-Encoding (the raw route sends stored brotli bytes as
 *    they are): never compress twice;
 *  - text/event-stream (AI streams): buffering would hold the stream back until it ends;
 *  - `Cache-Control: no-transform`, HEAD, 204/206/304 and 1xx: nothing to compress or not ours to;
 *  - bodies under `minBytes`: the headers and CPU cost more than the bytes saved;
 *  - media types that are already compressed (images, archives): only text-like types qualify.
 * Brotli runs at a low quality (default 4): on dynamic JSON it is about as fast as gzip -6 and
 * smaller; the top qualities are for static assets compressed once, not per request.
 * A strong ETag becomes weak on a compressed response (the bytes differ from the identity ones).
 */
import zlib from "node:zlib";
import { promisify } from "node:util";
import { brotliTextOptions } from "../brotli.ts";
import { negotiateEncoding } from "./accept-encoding.ts";
import { appendToken, type EdgeMiddleware } from "./pipeline.ts";

export interface CompressionOptions {
  /** Smaller bodies are sent as they are. */
  minBytes?: number;
  brotliQuality?: number;
  gzipLevel?: number;
  /** Bodies up to this size are compressed synchronously (faster than a thread-pool round trip). */
  syncBelowBytes?: number;
}

const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|[\w.+-]*\+json|javascript|xml|[\w.+-]*\+xml)|image\/svg\+xml)/i;
const UNTOUCHED_STATUS = new Set([204, 206, 304]);

/**
 * Dynamic bodies (made per request) are compressed at these levels, here and where a body is
 * compressed as it is sent (stream-compression.ts): brotli 4 is about as fast as gzip 6 and smaller.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;
export const DYNAMIC_GZIP_LEVEL = 6;

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

export function compression(options: CompressionOptions = {}) {
  const minBytes = options.minBytes ?? 1024;
  const syncBelow = options.syncBelowBytes ?? 64 * 1024;
  const brotliQuality = options.brotliQuality ?? DYNAMIC_BROTLI_QUALITY;
  const gzipOptions = { level: options.gzipLevel ?? DYNAMIC_GZIP_LEVEL };

  const compress = async (coding: "br" | "gzip", body: Uint8Array): Promise<Uint8Array> => {
    if (body.byteLength <= syncBelow) {
      return coding === "br" ? zlib.brotliCompressSync(body, brotliTextOptions(brotliQuality, body.byteLength)) : zlib.gzipSync(body, gzipOptions);
    }
    return coding === "br" ? brotliAsync(body, brotliTextOptions(brotliQuality, body.byteLength)) : gzipAsync(body, gzipOptions);
  };

  return async function compression(request, context, next): ReturnType<EdgeMiddleware> {
    let response = await next(request, context);
    const type = response.headers.get("content-type");
    if (!type || !COMPRESSIBLE.test(type)) return response;
    if (response.status < 200 || UNTOUCHED_STATUS.has(response.status) || request.method === "HEAD") return response;
    // The answer depends on Accept-Encoding from here on, whether or not we compress this one.
    response = appendToken(response, "vary", "Accept-Encoding");
    if (response.headers.has("content-encoding")) return response;
    const coding = negotiateEncoding(request.headers.get("accept-encoding"));
    // null: the client refused identity too; RFC 9110 lets us send identity anyway. Decided
    // before `response.body` is read: that makes a stream of the body (35 µs for a 437 KB answer).
    if (coding === null || coding === "identity") return response;
    if (!response.body || /\bno-transform\b/i.test(response.headers.get("cache-control") ?? "")) return response;
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (declared < minBytes) return response;

    const body = new Uint8Array(await response.arrayBuffer());
    const init = { status: response.status, statusText: response.statusText, headers: response.headers };
    if (body.byteLength < minBytes) return new Response(body, init);
    const compressed = await compress(coding, body);
    const headers = new Headers(response.headers);
    headers.set("content-encoding", coding);
    headers.delete("content-length");
    const etag = headers.get("etag");
    if (etag?.startsWith('"')) headers.set("etag", `W/${etag}`);
    return new Response(compressed as BodyInit, { status: response.status, statusText: response.statusText, headers });
  } satisfies EdgeMiddleware;
}
