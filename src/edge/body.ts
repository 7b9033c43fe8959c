/**
 * The one request-body decoder: reads the body while counting bytes (Content-Length is not trusted),
 * then undoes Content-Encoding steps (br, gzip, x-gzip, deflate; up to five, applied in reverse order
 * of listing) as one stream. What every step produces counts against one limit, so stacked
 * encodings cannot multiply it, and no step's output is held whole: only the final bytes are,
 * charged to the process's body budget (body-budget.ts) while the request runs.
 */
import zlib from "node:zlib";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../errors.ts";
import type { BodyBudget } from "./body-budget.ts";

export interface BodyLimits {
  /** Bytes accepted as sent on the wire. */
  maxBodyBytes: number;
  /** Bytes all decoding steps together may produce; 413 beyond. */
  maxDecodedBytes: number;
  /**
   * Milliseconds allowed for receiving the whole body: a client trickling a byte at a time
   * never trips the connection's idle timeout, so reading has a deadline of its own (408).
   */
  readTimeoutMs?: number;
  /** The process-wide budget decoded bodies are charged to (absent: unbounded, for tools and tests). */
  budget?: BodyBudget;
}

const MAX_ENCODING_STEPS = 5;

/** Output chunks of 128 KiB: fewer callbacks on the request thread than zlib's 16 KiB default. */
const CHUNK = { chunkSize: 128 * 1024 };

/** A fresh decoding stream per step. */
const decoders: Record<string, (() => Transform) | null> = {
  br: () => zlib.createBrotliDecompress(CHUNK),
  gzip: () => zlib.createGunzip(CHUNK),
  "x-gzip": () => zlib.createGunzip(CHUNK),
  // "deflate" is zlib-wrapped by the standard, but some clients send raw deflate: accept both.
  deflate: () => new DeflateEitherWay(),
  identity: null,
};

/** A body as it came over the wire: its bytes, and the Content-Encoding steps still to undo. */
export interface EncodedBody {
  bytes: Uint8Array;
  /** In the order they were applied (as listed in the header); validated, identity left out. */
  encodings: string[];
}

/** Reads and decodes a request body into bytes, or throws an ApiError (413, 415, 400). */
export async function readRequestBody(request: Request, limits: BodyLimits): Promise<Uint8Array> {
  const lease = limits.budget?.leaseOf(request);
  const encoded = await readEncodedBody(request, limits);
  return decodeBody(encoded, limits.maxDecodedBytes, (bytes) => lease?.reserve(bytes));
}

/**
 * Reads a request body as sent, within MAX_BODY_BYTES and the read deadline, and checks its
 * Content-Encoding, without decoding it: a few KiB of gzip may decode to tens of MiB, so the
 * intake decodes on its workers (src/logs/preparation.ts), not on the thread that answers reads.
 */
export async function readEncodedBody(request: Request, limits: BodyLimits): Promise<EncodedBody> {
  const encodings = parseContentEncoding(request.headers.get("content-encoding")).filter((encoding) => decoders[encoding] !== null);
  return { bytes: await readLimited(request, limits.maxBodyBytes, limits.readTimeoutMs), encodings };
}

/**
 * Undoes a body's Content-Encoding steps, last applied first, within `maxDecodedBytes` for
 * all steps together. `hold` is told of every decoded byte kept (the body budget).
 */
export async function decodeBody(body: EncodedBody, maxDecodedBytes: number, hold: (bytes: number) => void): Promise<Uint8Array> {
  if (body.encodings.length === 0) {
    if (body.bytes.byteLength > maxDecodedBytes) throw tooLarge(maxDecodedBytes, "once decoded");
    hold(body.bytes.byteLength);
    return body.bytes;
  }
  return decodeSteps([...body.encodings].reverse(), body.bytes, maxDecodedBytes, hold);
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
      const { done, value } = await reader.read().catch((error: unknown) => {
        if (expired) return { done: true, value: undefined };
        throw new ApiError("client_closed_request", `The client closed the connection while sending its body (${String(error).slice(0, 80)}).`);
      });
      if (expired) throw new ApiError("request_timeout", "The request body did not arrive in time.");
      if (done || value === undefined) break;
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

/**
 * Runs the steps as one stream. Each step's output is counted as it appears (all steps
 * together against `limit`), so `gzip, gzip` holding 60 MiB fails at the limit having held
 * only stream buffers of the middle step; the final output is charged to `hold` chunk by chunk.
 */
async function decodeSteps(steps: string[], input: Uint8Array, limit: number, hold: (bytes: number) => void): Promise<Uint8Array> {
  let produced = 0;
  const counted = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done: TransformCallback) {
        produced += chunk.byteLength;
        done(produced > limit ? tooLarge(limit, "once decoded") : null, chunk);
      },
    });
  const chunks: Buffer[] = [];
  let total = 0;
  const stages = steps.flatMap((step) => [decoders[step]!(), counted()]);
  try {
    await pipeline(Readable.from([Buffer.from(input.buffer, input.byteOffset, input.byteLength)]), ...stages, async (decoded: AsyncIterable<Buffer>) => {
      for await (const chunk of decoded) {
        hold(chunk.byteLength);
        chunks.push(chunk);
        total += chunk.byteLength;
      }
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("invalid_encoding", `The request body is not valid ${steps.join(", ")} data (Content-Encoding).`);
  }
  return concat(chunks, total);
}

/** Inflates zlib-wrapped deflate, or raw deflate when the first two bytes are no zlib header. */
class DeflateEitherWay extends Transform {
  private inner: Transform | null = null;
  private head: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.inner) {
      this.feed(chunk, done);
      return;
    }
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.byteLength < 2) {
      done();
      return;
    }
    const zlibHeader = (this.head[0] & 0x0f) === 8 && ((this.head[0] << 8) | this.head[1]) % 31 === 0;
    this.inner = zlibHeader ? zlib.createInflate(CHUNK) : zlib.createInflateRaw(CHUNK);
    this.inner.on("data", (data: Buffer) => this.push(data));
    this.inner.on("error", (error) => this.destroy(error));
    this.feed(this.head, done);
  }

  override _flush(done: TransformCallback): void {
    if (!this.inner) {
      done(new Error("deflate data too short"));
      return;
    }
    this.inner.once("end", () => done());
    this.inner.end();
  }

  private feed(chunk: Buffer, done: TransformCallback): void {
    if (this.inner!.write(chunk)) done();
    else this.inner!.once("drain", () => done());
  }
}
