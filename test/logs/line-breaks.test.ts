/**
 * Lines ending in a bare `\r` were not counted by MAX_LINES, yet the page, the statistics and
 * `?parsed` all split on them: 4 KB of gzip stored 2,000,000 lines and a 139 MB page. Every
 * reader now counts the same breaks (`\r\n`, `\n`, `\r`), so the stored log, its statistics, its
 * page and its entries are all bounded by MAX_LINES.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ MAX_LINES: "1000" });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

test("2,000,000 lines ending in a lone \\r are cut to MAX_LINES everywhere", async () => {
  const body = gzipSync(Buffer.from("e\r".repeat(2_000_000)), { level: 9 });
  expect(body.byteLength).toBeLessThan(20 * 1024);
  const response = await api.fetch("/v1/log", {
    method: "POST",
    headers: { "content-type": "text/plain", "content-encoding": "gzip" },
    body: body as BodyInit,
  });
  expect(response.status).toBe(200);
  const upload = await response.json();
  expect(upload).toMatchObject({ lines: 1000, truncated: true });

  const parsed = await (await api.fetch(`/v1/log/${upload.id}?parsed`)).json();
  const parsedLines = parsed.content.parsed.reduce((sum: number, entry: { lines: unknown[] }) => sum + entry.lines.length, 0);
  expect(parsedLines).toBe(1000);

  const page = await (await api.fetch(`/${upload.id}`, { headers: { accept: "text/html" } })).text();
  expect(page.match(/id="L\d+"/g)?.length).toBe(1000);
  expect(page.length).toBeLessThan(200_000);
});

test("mixed breaks count alike in the statistics and the entries", async () => {
  const { id, lines } = await api.upload("[12:00:00] a\r[12:00:01] b\n[12:00:02] c\r\n[12:00:03] d");
  expect(lines).toBe(4);
  const parsed = await (await api.fetch(`/v1/log/${id}?parsed`)).json();
  expect(parsed.content.parsed.flatMap((entry: { lines: { number: number }[] }) => entry.lines.map((line) => line.number))).toEqual([1, 2, 3, 4]);
});
