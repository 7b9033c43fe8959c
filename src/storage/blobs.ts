/**
 * Content-addressed blobs: the filtered content of a log, stored once per distinct SHA-256,
 * brotli-compressed once at upload and served as those exact bytes to clients that accept br.
 */
import zlib from "node:zlib";
import { promisify } from "node:util";
import { brotliTextOptions } from "../brotli.ts";

const brotliCompress = promisify(zlib.brotliCompress);
const brotliDecompress = promisify(zlib.brotliDecompress);

/**
 * The quality blobs end up at: quality 5 compresses a 10 MB log in tens of milliseconds at a ratio
 * close to the maximum for text this repetitive; quality 11 would cost seconds per upload for a
 * few percent.
 */
export const BROTLI_QUALITY = 5;

/**
 * The quality an upload is stored at before src/logs/recompression.ts brings it to BROTLI_QUALITY
 * when uploads pause: a 200 KB log takes 0.3 ms at quality 1 against 2.8 ms at 5, and comes out
 * about 30% larger.
 */
export const UPLOAD_BROTLI_QUALITY = 1;

export interface PreparedBlob {
  hash: string;
  /** brotli bytes */
  data: Uint8Array;
  /** uncompressed bytes */
  size: number;
}

export function contentHash(bytes: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
}

/** Hashes and compresses content; done before any transaction so the database waits on nothing. */
export async function prepareBlob(content: string, quality = UPLOAD_BROTLI_QUALITY): Promise<PreparedBlob> {
  const bytes = new TextEncoder().encode(content);
  return blobOf(bytes, await brotliCompress(bytes, brotliTextOptions(quality, bytes.byteLength)));
}

/** The same, compressing on the calling thread: for worker threads, which have no one to wait for. */
export function prepareBlobSync(content: string, quality = UPLOAD_BROTLI_QUALITY): PreparedBlob {
  const bytes = new TextEncoder().encode(content);
  return blobOf(bytes, zlib.brotliCompressSync(bytes, brotliTextOptions(quality, bytes.byteLength)));
}

/** Stored bytes compressed again at `quality` (same content, so the same hash), and the size of the text between. */
export async function recompressBlob(data: Uint8Array, quality = BROTLI_QUALITY): Promise<{ data: Uint8Array; textBytes: number }> {
  const text = await decompressBlob(data);
  const out = await brotliCompress(text, brotliTextOptions(quality, text.byteLength));
  return { data: new Uint8Array(out.buffer, out.byteOffset, out.byteLength), textBytes: text.byteLength };
}

function blobOf(bytes: Uint8Array, data: Buffer): PreparedBlob {
  return { hash: contentHash(bytes), data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), size: bytes.byteLength };
}

/**
 * Below this many stored bytes, decompressing on the spot (microseconds) is cheaper than the
 * hand-off to the thread pool and back that the async form costs on every call.
 */
const SYNC_DECOMPRESS_BELOW = 8 * 1024;

/** The text of stored bytes as a stream: decompressed as it is read, never whole in memory. */
export function decompressedStream(data: Uint8Array): ReadableStream<Uint8Array> {
  return new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream("brotli" as CompressionFormat));
}

export async function decompressBlob(data: Uint8Array): Promise<Uint8Array> {
  const out = data.byteLength < SYNC_DECOMPRESS_BELOW ? zlib.brotliDecompressSync(data) : await brotliDecompress(data);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
