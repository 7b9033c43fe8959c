/**
 * Uploads store a quick brotli; once uploads pause, the blob is brought to the storage quality
 * in place: the same text under the same hash, fewer bytes, served alike from storage and cache.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import zlib from "node:zlib";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

const text = Array.from({ length: 2000 }, (_, i) => `[10:00:${String(i % 60).padStart(2, "0")}] [Server thread/INFO]: Preparing spawn area: ${i % 97}% of world_${i % 7}`).join("\n");

async function until(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await Bun.sleep(50);
  }
}

test("a new blob is recompressed denser once uploads pause; its text, hash and reads stay the same", async () => {
  const { id } = await api.upload(text);
  const hash = new Bun.CryptoHasher("sha256").update(text).digest("hex");
  const quick = (await api.service.store.readBlob(hash))!;
  expect(zlib.brotliDecompressSync(quick).toString()).toBe(text);
  // Read once, most likely before its turn: blobs enter the hot cache on their first read.
  expect((await api.fetch(`/v1/raw/${id}`)).status).toBe(200);
  expect(api.service.cache.getBlob(hash)).toBeDefined();

  await until(async () => (await api.service.store.readBlob(hash))!.byteLength < quick.byteLength);
  const dense = (await api.service.store.readBlob(hash))!;
  expect(zlib.brotliDecompressSync(dense).toString()).toBe(text);
  expect(api.service.cache.getBlob(hash)).toEqual(dense); // the hot copy was replaced too

  const read = await api.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "br" }, decompress: false } as RequestInit);
  expect(read.headers.get("etag")).toBe(`"${hash}"`);
  expect(zlib.brotliDecompressSync(Buffer.from(await read.arrayBuffer())).toString()).toBe(text);
});

test("a blob deleted before its turn is skipped", async () => {
  const { id, token } = await api.upload(text + "\ndeleted soon");
  const deleted = await api.fetch(`/v1/log/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
  expect(deleted.status).toBe(200);
  await until(async () => api.service.recompressor.pending === 0);
  const hash = new Bun.CryptoHasher("sha256").update(text + "\ndeleted soon").digest("hex");
  expect(await api.service.store.readBlob(hash)).toBeNull();
});
