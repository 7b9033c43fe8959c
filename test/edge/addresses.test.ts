/**
 * Addresses the router could read otherwise than the edge. A Host of three characters or fewer
 * once let `POST /aa/v1/log` reach the upload handler while it was counted in the default
 * rate-limit bucket, and routed `GET /v1/limits` to the HTML 404 page (raw HTTP here, since
 * fetch sets Host). Malformed percent-encoding reached the handlers as null: a 500.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { firstResponse, rawExchange } from "../support/raw-http.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ RATE_LIMIT_ROUTES: "POST /v1/log=3/60", RATE_LIMIT_MAX: "1000" });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

/** One request over a fresh socket with the given Host; the status and body. */
async function raw(host: string, method: string, path: string, body = ""): Promise<{ status: number; body: string }> {
  const head = `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  return firstResponse(await rawExchange(api.url, head + body));
}

test.each(["x", "ab", "abc", "a:1"])("with Host %j, a path under another prefix is not the upload route", async (host) => {
  const answer = await raw(host, "POST", "/aa/v1/log", "[12:00:00] hello");
  expect(answer.status).not.toBe(200);
  expect(answer.body).not.toContain('"token"');
});

test.each(["x", "ab", "abc"])("with Host %j, GET /v1/limits is the limits, as JSON", async (host) => {
  const answer = await raw(host, "GET", "/v1/limits");
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toHaveProperty("maxLength");
});

test.each([
  ["HTTP/1.0 without Host", "GET /v1/limits HTTP/1.0\r\n\r\n"],
  ["an empty Host", "GET /v1/limits HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n"],
  ["a Host holding '?'", "GET /v1/limits HTTP/1.1\r\nHost: a?b\r\nConnection: close\r\n\r\n"],
  ["a Host holding a space", "GET /v1/limits HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n"],
])("with %s (Bun gives the path alone as the URL), GET /v1/limits is the limits, as JSON", async (_what, head) => {
  const answer = firstResponse(await rawExchange(api.url, head));
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toHaveProperty("maxLength");
});

test("with Host x, uploads count against the upload route's own limit", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await raw("x", "POST", "/v1/log", `[12:00:0${i}] hello ${i}`)).status);
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
}, 30_000);

test.each(["/%ff", "/assets/%ff", "/v1/ai/%ff", "/v1/log/%ff", "/v1/raw/abcdefgh/%ff", "/%E0%A4%A", "/v1/insights/%C0"])(
  "malformed percent-encoding in %s is a JSON 400, not a 500",
  async (path) => {
    const response = await api.fetch(path);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: "bad_request" });
  },
);
