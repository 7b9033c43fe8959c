/**
 * Slow uploads: Bun's idle timer ran on while a body was still arriving, so an upload at
 * 10 KB/s was closed at ~32 s with no answer, and every such upload was counted as a 500.
 * A body that keeps arriving is received until BODY_TIMEOUT_S; a client that hangs up is a
 * client abort (499 in the metrics), never a server error.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { slowUpload } from "../support/slow-upload.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ IDLE_TIMEOUT_S: "1", BODY_TIMEOUT_S: "5" });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

const metricLines = async (pattern: RegExp) =>
  (await (await api.fetch("/metrics")).text()).split("\n").filter((line) => pattern.test(line) && !line.startsWith("#"));

// The two slow bodies take 3 and 5 s of waiting and nothing else: they run side by side.
test.concurrent("a body arriving steadily for three idle timeouts is received whole and stored", async () => {
  // 30 pieces of 100 bytes, one every 100 ms: 3 s, three times IDLE_TIMEOUT_S
  const answer = await slowUpload(api.url, { declared: 3000, chunkEveryMs: 100, chunks: 30, chunkBytes: 100 });
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ success: true, size: 3000 });
  expect(answer.elapsedMs).toBeGreaterThan(2500);
}, 20_000);

test.concurrent("a body still arriving at BODY_TIMEOUT_S gets the JSON 408", async () => {
  const answer = await slowUpload(api.url, { declared: 100_000, chunkEveryMs: 200, chunks: 50, chunkBytes: 10 });
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "request_timeout" });
  expect(answer.elapsedMs).toBeGreaterThan(4500);
  expect(answer.elapsedMs).toBeLessThan(9_000);
}, 20_000);

test("a client that hangs up mid-body is counted as a client abort, not a server error", async () => {
  const before = await metricLines(/status="5\d\d"/);
  await slowUpload(api.url, { declared: 10_000, chunkEveryMs: 50, chunks: 10, chunkBytes: 10, hangUp: true });
  await Bun.sleep(300);
  expect(await metricLines(/status="5\d\d"/)).toEqual(before);
  expect((await metricLines(/_requests_total\{.*status="499"/)).length).toBe(1);
});
