/**
 * Every answer that carries a log's text or findings says how shared caches may keep it, so a
 * proxy never serves a log after its delete.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

test("log info, raw, insights and the page each carry a Cache-Control that makes caches revalidate", async () => {
  const { id } = await api.upload("[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4");
  const paths = [`/v1/log/${id}`, `/v1/log/${id}?raw`, `/1/log/${id}?raw`, `/v1/log/${id}?insights`, `/v1/insights/${id}`, `/1/insights/${id}`, `/v1/raw/${id}`, `/${id}`];
  for (const path of paths) {
    const response = await api.fetch(path, { headers: { accept: path === `/${id}` ? "text/html" : "*/*" } });
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    expect({ path, cacheControl: response.headers.get("cache-control") }).toEqual({
      path,
      cacheControl: expect.stringMatching(/no-cache|no-store/),
    });
  }
});

test("a route's own Cache-Control is kept", async () => {
  expect((await api.fetch("/metrics")).headers.get("cache-control")).toBe("no-store");
});
