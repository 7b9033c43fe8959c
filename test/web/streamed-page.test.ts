/**
 * A big log's page is sent while it is made: the figures and the first lines leave before the
 * rest is written, compressed piece by piece for br and gzip clients, and a client that stops
 * reading stops the writing. Every encoding still carries the same, whole page.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { largeLog } from "./fixtures.ts";

let api: TestApp;
let id: string;
const errors: unknown[] = [];
beforeAll(async () => {
  api = await startTestApp({ MAX_LINES: "100000", MAX_LENGTH: String(32 * 1024 * 1024) }, { logError: (error) => errors.push(error) });
  id = (await api.upload(largeLog(100_000))).id;
  await (await pageRequest("identity")).arrayBuffer(); // the first view analyses the log; the others reuse it
}, START_TIMEOUT_MS);
afterAll(() => api.stop());

const pageRequest = (encoding: string, signal?: AbortSignal) =>
  api.fetch(`/${id}`, { headers: { accept: "text/html", "accept-encoding": encoding }, decompress: false, signal } as RequestInit);

test("br, gzip and identity clients get the same whole page", async () => {
  const pages: Record<string, string> = {};
  for (const encoding of ["br", "gzip", "identity"]) {
    const response = await pageRequest(encoding);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const coding = response.headers.get("content-encoding");
    expect(coding).toBe(encoding === "identity" ? null : encoding);
    const page = (coding === "br" ? brotliDecompressSync(bytes) : coding === "gzip" ? gunzipSync(bytes) : bytes).toString("utf8");
    // Each view moves the expiry ("kept until ..."), so the times are left out of the comparison.
    pages[encoding] = page.replace(/<time datetime="[^"]*">[^<]*<\/time>/g, "<time>");
  }
  expect(pages.br).toBe(pages.identity);
  expect(pages.gzip).toBe(pages.identity);
  const page = pages.identity;
  expect(page.startsWith("<!doctype html>")).toBe(true);
  expect(page.trimEnd().endsWith("</html>")).toBe(true);
  expect(page).toContain('id="L1"');
  expect(page).toContain('id="L100000"');
  // the site footer goes into the last part, after the lines
  expect(page.indexOf('class="site-footer"')).toBeGreaterThan(page.indexOf('id="L100000"'));
}, 60_000);

test("the first bytes arrive long before the last: the page is sent while it is made", async () => {
  for (const encoding of ["br", "identity"]) {
    const started = performance.now();
    const response = await pageRequest(encoding);
    const reader = response.body!.getReader();
    let firstBytes = 0;
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
      firstBytes ||= performance.now() - started;
    }
    const whole = performance.now() - started;
    console.log(`100,000-line page, ${encoding}: first bytes after ${firstBytes.toFixed(0)} ms, the last after ${whole.toFixed(0)} ms`);
    // Built (and compressed) whole before sending, as it once was, the first bytes came after
    // 59-89% of the whole time without compression and ~99% with brotli.
    expect(firstBytes).toBeLessThan(whole / 2);
  }
}, 60_000);

test("a client that hangs up after the first piece leaves the server serving, with nothing logged", async () => {
  for (let i = 0; i < 5; i++) {
    const abort = new AbortController();
    const response = await pageRequest("br", abort.signal);
    const reader = response.body!.getReader();
    await reader.read();
    abort.abort();
    await reader.cancel().catch(() => {});
  }
  const health = await api.fetch("/healthz");
  expect(health.status).toBe(200);
  const again = await pageRequest("identity");
  expect((await again.text()).trimEnd().endsWith("</html>")).toBe(true);
  expect(errors).toEqual([]);
}, 60_000);
