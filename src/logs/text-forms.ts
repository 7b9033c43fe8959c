/**
 * A small log's text for a client that does not take brotli (Java's HttpClient, curl without
 * --compressed and most bots send no Accept-Encoding; Python's requests sends `gzip, deflate`):
 * the plain bytes, or gzip at level 6, worked out once per blob and kept in the hot cache's
 * byte budget. Decompressing and gzipping on every read cost such a client 16 to 30 times the
 * brotli client's CPU for the same log. Large logs go to text files on disk (text-files.ts).
 */
import zlib from "node:zlib";
import { promisify } from "node:util";
import { decompressBlob } from "../storage/blobs.ts";
import type { HotLogCache } from "./hot-cache.ts";
import type { TextCoding } from "./text-files.ts";

const gzip = promisify(zlib.gzip);

/** Concurrent first reads of one form share one computation. */
const computing = new Map<string, Promise<Uint8Array>>();

/** The form as the cache keeps it (a Blob), or its bytes when this read computed it or waited for it. */
export async function textForm(cache: HotLogCache, hash: string, stored: Uint8Array, coding: TextCoding): Promise<Uint8Array | Blob> {
  const known = cache.getTextForm(hash, coding);
  if (known) return known;
  const key = `${hash}:${coding}`;
  let pending = computing.get(key);
  if (!pending) {
    pending = encode(stored, coding)
      .then((bytes) => {
        cache.setTextForm(hash, coding, bytes);
        return bytes;
      })
      .finally(() => computing.delete(key));
    computing.set(key, pending);
  }
  return pending;
}

async function encode(stored: Uint8Array, coding: TextCoding): Promise<Uint8Array> {
  const text = await decompressBlob(stored);
  if (coding === "identity") return text;
  const gzipped = await gzip(text, { level: 6 });
  return new Uint8Array(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength);
}
