/**
 * Reads with the caches off (CACHE_MAX_BYTES=0): every read goes to the database, where a log
 * comes with its attached files, and a raw read with its main blob, in one round trip
 * (storage/log-store.ts). What each view answers must be what it answers from the cache. Under
 * load, a raw body finished after a database read goes out as a stream (edge/late-response.ts).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let cold: TestApp;
let warm: TestApp;
beforeAll(async () => {
  [cold, warm] = await Promise.all([startTestApp({ CACHE_MAX_BYTES: "0" }), startTestApp()]);
}, START_TIMEOUT_MS);
afterAll(() => Promise.all([cold.stop(), warm.stop()]), START_TIMEOUT_MS);

const mainLog = Array.from({ length: 400 }, (_, i) => `[10:00:${String(i % 60).padStart(2, "0")}] [Server thread/INFO]: line ${i} of the main log`).join("\n");
const files = [
  { name: "crash.txt", content: "---- Minecraft Crash Report ----\nDescription: Ticking entity" },
  { name: "logs/debug.log", content: "[10:00:00] [main/DEBUG]: one\n[10:00:01] [main/ERROR]: two" },
  { name: "b.log", content: "x".repeat(3000) },
];

async function upload(app: TestApp): Promise<{ id: string; files: { name: string; raw: string }[] }> {
  const response = await app.fetch("/v1/log", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ content: mainLog, files }) });
  expect(response.status).toBe(200);
  return response.json();
}

/** The answers a reader sees, with the parts that differ between two uploads (id, times, links) left out. */
async function views(app: TestApp, id: string) {
  const info = await (await app.fetch(`/v1/log/${id}`)).json();
  const brotli = await app.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "br" }, decompress: false } as RequestInit);
  const plain = await app.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "identity" } });
  const fileTexts = await Promise.all(files.map(async (file) => (await app.fetch(`/v1/raw/${id}/${file.name}`, { headers: { "accept-encoding": "identity" } })).text()));
  return {
    files: info.files.map(({ raw: _raw, ...rest }: { raw: string }) => rest),
    lines: info.lines,
    errors: info.errors,
    size: info.size,
    brotli: { status: brotli.status, encoding: brotli.headers.get("content-encoding"), text: await brotliText(brotli) },
    plain: { status: plain.status, etag: plain.headers.get("etag"), text: await plain.text() },
    fileTexts,
  };
}

/** The body of a br answer, as sent (fetched with decompress: false). */
async function brotliText(response: Response): Promise<string> {
  return new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await response.arrayBuffer())));
}

test("with the caches off, a log, its files in order and its raw texts read as they do from the cache", async () => {
  const [coldLog, warmLog] = await Promise.all([upload(cold), upload(warm)]);
  expect(coldLog.files.map((file) => file.name)).toEqual(files.map((file) => file.name));
  const [coldViews, warmViews] = [await views(cold, coldLog.id), await views(warm, warmLog.id)];
  expect(coldViews).toEqual(warmViews);
  expect(coldViews.plain.text).toBe(mainLog);
  expect(coldViews.brotli).toEqual({ status: 200, encoding: "br", text: mainLog });
  expect(coldViews.fileTexts).toEqual(files.map((file) => file.content));
  expect(coldViews.files.map((file: { name: string }) => file.name)).toEqual(files.map((file) => file.name));
});

test("with the caches off, a deleted log is gone for every reader at once", async () => {
  const response = await cold.fetch("/v1/log", { method: "POST", headers: { "content-type": "text/plain" }, body: mainLog });
  const { id, token } = await response.json();
  expect((await cold.fetch(`/v1/raw/${id}`)).status).toBe(200);
  expect((await cold.fetch(`/v1/log/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  expect((await cold.fetch(`/v1/raw/${id}`)).status).toBe(404);
  expect((await cold.fetch(`/v1/log/${id}`)).status).toBe(404);
});

// PGlite answers within promise callbacks (no loop turn, so nothing to stream); Postgres over its socket.
const overSocket = process.env.TEST_DATABASE_URL !== undefined;

test(`many raw reads at once: all are whole${overSocket ? ", and those read from Postgres under load are streamed" : ""}`, async () => {
  const { id } = await upload(cold);
  const responses = await Promise.all(
    Array.from({ length: 64 }, (_, i) => cold.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": i % 2 === 0 ? "br" : "identity" }, decompress: false } as RequestInit)),
  );
  const streamed = responses.filter((response) => response.headers.get("transfer-encoding") === "chunked");
  if (overSocket) expect(streamed.length).toBeGreaterThan(0);
  for (const [i, response] of responses.entries()) {
    expect(response.status).toBe(200);
    expect(i % 2 === 0 ? await brotliText(response) : await response.text()).toBe(mainLog);
  }
});
