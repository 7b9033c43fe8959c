/**
 * The one request-body decoder: reads the body while counting bytes (Content-Length is not trusted),
 * then undoes Content-Encoding steps (br, gzip, x-gzip, deflate; up to five, applied in reverse order
 * of listing) with the decoded size bounded at every step, so a small bomb is refused after producing
 * no more than the limit.
 */
import zlib from "node:zlib";
import { promisify } from "node:util";
import { ApiError } from "../errors.ts";

export interface BodyLimits {
  /** Bytes accepted as sent on the wire. */
  maxBodyBytes: number;
  /** Bytes accepted after each decoding step. */
  maxDecodedBytes: number;
  /**
   * Milliseconds allowed for receiving the whole body: a client trickling a byte at a time
   * never trips the connection's idle timeout, so reading has a deadline of its own (408).
   */
  readTimeoutMs?: number;
}

const MAX_ENCODING_STEPS = 5;

type Decoder = (input: Uint8Array, options: zlib.ZlibOptions | zlib.BrotliOptions) => Promise<Buffer>;

const decoders: Record<string, Decoder> = {
  br: promisify(zlib.brotliDecompress) as Decoder,
  gzip: promisify(zlib.gunzip) as Decoder,
  "x-gzip": promisify(zlib.gunzip) as Decoder,
  // "deflate" is zlib-wrapped by the standard, but some clients send raw deflate: accept both.
  deflate: promisify(zlib.inflate) as Decoder,
  identity: async (input) => Buffer.from(input.buffer, input.byteOffset, input.byteLength),
};
const inflateRaw = promisify(zlib.inflateRaw) as Decoder;

/** Reads and decodes a request body into bytes, or throws an ApiError (413, 415, 400). */
export async function readRequestBody(request: Request, limits: BodyLimits): Promise<Uint8Array> {
  const encodings = parseContentEncoding(request.headers.get("content-encoding"));
  let body = await readLimited(request, limits.maxBodyBytes, limits.readTimeoutMs);
  // Encodings are listed in the order they were applied; undo them from last to first.
  for (const encoding of encodings.reverse()) {
    body = await decodeStep(encoding, body, limits.maxDecodedBytes);
  }
  return body;
}

function parseContentEncoding(header: string | null): string[] {
  if (!header) return [];
  const steps = header
    .split(",")
    .map((step) => step.trim().toLowerCase())
    .filter((step) => step !== "");
  if (steps.length > MAX_ENCODING_STEPS) {
    throw new ApiError(
      "unsupported_encoding",
      `At most ${MAX_ENCODING_STEPS} Content-Encoding steps are accepted (got ${steps.length}).`,
    );
  }
  for (const step of steps) {
    if (!(step in decoders)) {
      throw new ApiError(
        "unsupported_encoding",
        `Content-Encoding '${step.slice(0, 40)}' is not supported; use br, gzip, x-gzip or deflate.`,
      );
    }
  }
  return steps;
}

function tooLarge(limit: number, what: string): ApiError {
  return new ApiError("payload_too_large", `The request body is larger than ${limit} bytes ${what}.`);
}

/**
 * Reads the body stream, stopping as soon as it passes the limit, or with a 408 when the
 * deadline passes first. One timer for the whole body, not one per chunk read.
 */
async function readLimited(request: Request, limit: number, timeoutMs?: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit, "as sent");
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  let expired = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          // Flag first: cancel() ends the pending read as if the body were complete.
          expired = true;
          reader.cancel().catch(() => {});
        }, timeoutMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (expired) throw new ApiError("request_timeout", "The request body did not arrive in time.");
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge(limit, "as sent");
      }
      chunks.push(value);
    }
  } finally {
    clearTimeout(timer);
  }
  return concat(chunks, total);
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

async function decodeStep(encoding: string, input: Uint8Array, limit: number): Promise<Uint8Array> {
  const options = { maxOutputLength: limit };
  try {
    return await decoders[encoding](input, options);
  } catch (error) {
    if (isTooLarge(error)) throw tooLarge(limit, "once decoded");
    if (encoding === "deflate") {
      try {
        return await inflateRaw(input, options);
      } catch (rawError) {
        if (isTooLarge(rawError)) throw tooLarge(limit, "once decoded");
      }
    }
    throw new ApiError(
      "invalid_encoding",
      `The request body is not valid ${encoding} data (Content-Encoding: ${encoding}).`,
    );
  }
}

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError;
}
