/**
 * The rate limiter over real HTTP: headers on every response, the 429 answer, what shares a
 * bucket (normalised paths) and what does not (methods, clients), per-route rules, preflights,
 * and recovery after a real (short) window.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({
    RATE_LIMIT_MAX: "3",
    RATE_LIMIT_WINDOW_S: "60",
    RATE_LIMIT_ROUTES: "GET /v1/filters=5/60; GET /v1/errors/rate=100/60",
    // Requests from loopback are a trusted proxy's, so each test can be its own client.
    TRUSTED_PROXIES: "127.0.0.1/32, ::1",
  });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

let nextClient = 1;
/** A fresh client address for each test, forwarded by the (trusted) loopback proxy. */
function client(): (path: string, init?: RequestInit) => Promise<Response> {
  const ip = `198.51.100.${nextClient++}`;
  return (path, init = {}) => api.fetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": ip } });
}

async function statuses(responses: Promise<Response>[]): Promise<number[]> {
  return (await Promise.all(responses)).map((response) => response.status);
}

describe("headers", () => {
  test("every response carries RateLimit-Policy and RateLimit, counting down", async () => {
    const as = client();
    const first = await as("/v1/limits");
    expect(first.headers.get("ratelimit-policy")).toBe('"default";q=3;w=60');
    expect(first.headers.get("ratelimit")).toMatch(/^"default";r=2;t=\d+$/);
    expect((await as("/v1/limits")).headers.get("ratelimit")).toMatch(/^"default";r=1;t=\d+$/);
    // Errors count and carry the headers too.
    const missing = await as("/v1/log/zzzzzzzz");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("ratelimit")).toMatch(/;r=2;/); // its own bucket: GET /v1/log/{id}
  });

  test("a 429 has Retry-After and exactly the body of /v1/errors/rate", async () => {
    const as = client();
    expect(await statuses([as("/v1/limits"), as("/v1/limits"), as("/v1/limits")])).toEqual([200, 200, 200]);
    const refused = await as("/v1/limits");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // Three in this window already: the wait can reach into the next window (at most 2 windows).
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(refused.headers.get("ratelimit")).toMatch(/;r=0;/);
    expect(refused.headers.get("content-type")).toContain("application/json");
    expect(refused.headers.get("access-control-allow-origin")).toBe("*"); // readable by the panel that caused it
    const body = await refused.json();
    const sample = await (await as("/v1/errors/rate")).json();
    expect(body.code).toBe("rate_limited");
    expect(Object.keys(body).sort()).toEqual(Object.keys(sample).sort());
    expect(body.success).toBe(false);
  });
});

describe("buckets", () => {
  const sharing: [string, string[]][] = [
    ["/1/ counts as /v1/", ["/v1/limits", "/1/limits", "/v1/limits"]],
    ["ids are placeholders", ["/v1/raw/aaaaaaaa", "/v1/raw/bbbbbbbb", "/1/raw/cccccccc"]],
    ["file names are placeholders", ["/v1/raw/aaaaaaaa/a.log", "/v1/raw/bbbbbbbb/logs/b.log", "/1/raw/c/x%2Fy.txt"]],
    ["query strings do not matter", ["/v1/log/aaaaaaaa?raw", "/v1/log/aaaaaaaa?x=1", "/v1/log/bbbbbbbb"]],
    ["unknown paths share one bucket", ["/v1/nope/1", "/v1/nope/2", "/v1/other/thing"]],
  ];
  for (const [name, paths] of sharing) {
    test(`${name}: ${paths.join(", ")} share a budget`, async () => {
      const as = client();
      for (const path of paths) expect((await as(path)).status).not.toBe(429);
      expect((await as(paths[0])).status).toBe(429);
    });
  }

  test("methods and routes have separate budgets", async () => {
    const as = client();
    expect(await statuses([as("/v1/limits"), as("/v1/limits"), as("/v1/limits")])).toEqual([200, 200, 200]);
    expect((await as("/v1/limits")).status).toBe(429);
    expect((await as("/v1/limits", { method: "POST" })).status).toBe(405);
    expect((await as("/v1/healthz-not")).status).not.toBe(429);
    expect((await as("/v1/log/aaaaaaaa")).status).toBe(404);
  });

  test("clients (as forwarded by a trusted proxy) have separate budgets", async () => {
    const a = client();
    const b = client();
    for (let i = 0; i < 3; i++) await a("/v1/limits");
    expect((await a("/v1/limits")).status).toBe(429);
    expect((await b("/v1/limits")).status).toBe(200);
  });

  test("IPv6 clients are counted by /64", async () => {
    const as = (ip: string) => api.fetch("/v1/limits", { headers: { forwarded: `for="[${ip}]:4711"` } });
    expect((await as("2001:db8:1:2::1")).status).toBe(200);
    expect((await as("2001:db8:1:2:ffff::9")).status).toBe(200);
    expect((await as("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).status).toBe(200);
    expect((await as("2001:db8:1:2::5")).status).toBe(429);
    expect((await as("2001:db8:1:3::1")).status).toBe(200); // the next /64
  });

  test("a per-route rule replaces the default for that route only", async () => {
    const as = client();
    const responses = [];
    for (let i = 0; i < 6; i++) responses.push(await as("/1/filters"));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(responses[0].headers.get("ratelimit-policy")).toBe('"GET /v1/filters";q=5;w=60');
  });

  test("a preflight is counted once, in its own bucket, and answered without the routes", async () => {
    const as = client();
    const preflight = () =>
      as("/v1/log", {
        method: "OPTIONS",
        headers: { origin: "https://panel.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type, authorization" },
      });
    const first = await preflight();
    expect(first.status).toBe(204);
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    expect(first.headers.get("access-control-allow-methods")).toContain("POST");
    expect(first.headers.get("access-control-allow-headers")).toBe("content-type, authorization");
    expect(first.headers.get("ratelimit")).toMatch(/;r=2;/);
    // The upload's own budget is untouched by the preflight.
    const upload = await as("/v1/log", { method: "POST", body: "hello", headers: { "content-type": "text/plain" } });
    expect(upload.status).toBe(200);
    expect(upload.headers.get("ratelimit")).toMatch(/;r=2;/);
  });
});

test("a refused client is admitted again once the window has passed", async () => {
  const short = await startTestApp({ RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_S: "1" });
  try {
    expect((await short.fetch("/v1/limits")).status).toBe(200);
    expect((await short.fetch("/v1/limits")).status).toBe(200);
    const refused = await short.fetch("/v1/limits");
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    await Bun.sleep(wait * 1000 + 50);
    expect((await short.fetch("/v1/limits")).status).toBe(200);
  } finally {
    await short.stop();
  }
}, START_TIMEOUT_MS);
