/**
 * Panel keys against the real server: a request with a known X-API-Key is counted per key at
 * that key's rate instead of per address; an unknown key is 401 (after it was counted against
 * its address); /metrics counts requests by the key's name and never shows a key.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { parseApiKeys } from "../../src/edge/api-keys.ts";

const PANEL_KEY = "panel-key-0123456789abcdef";
const OTHER_KEY = "other-key-0123456789abcdef";
let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({
    RATE_LIMIT_MAX: "2",
    RATE_LIMIT_BUCKETS: "1000",
    API_KEYS: `panel:${PANEL_KEY}:4/60, other:${OTHER_KEY}:1/60`,
  });
}, START_TIMEOUT_MS);
afterAll(() => api?.stop(), START_TIMEOUT_MS);

const statuses = async (count: number, path: string, headers: Record<string, string> = {}) => {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await api.fetch(path, { headers })).status);
  return result;
};

describe("X-API-Key", () => {
  test("a key is limited at its own rate, apart from the address and from other keys", async () => {
    const keyed = await api.fetch("/v1/filters", { headers: { "x-api-key": PANEL_KEY } });
    expect(keyed.headers.get("ratelimit-policy")).toBe('"key:panel";q=4;w=60');
    expect(keyed.headers.get("ratelimit")).toStartWith('"key:panel";r=3;');
    expect(await statuses(4, "/v1/filters", { "x-api-key": PANEL_KEY })).toEqual([200, 200, 200, 429]);
    // the address's own budget (2) is untouched by the key's requests
    expect(await statuses(3, "/v1/filters")).toEqual([200, 200, 429]);
    // another key has its own count and rate
    expect(await statuses(2, "/v1/filters", { "x-api-key": OTHER_KEY })).toEqual([200, 429]);
    // and the key counts per route, as the address does
    expect((await api.fetch("/v1/limits", { headers: { "x-api-key": PANEL_KEY } })).status).toBe(200);
  });

  test("a refused keyed request has the 429 body and Retry-After", async () => {
    const response = await api.fetch("/v1/filters", { headers: { "x-api-key": PANEL_KEY } });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await response.json()) as { code: string }).code).toBe("rate_limited");
  });

  test("an unknown key is 401 invalid_api_key, and counts against its address", async () => {
    const response = await api.fetch("/v1/errors/rate", { headers: { "x-api-key": "guessed-key-0123456789" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await response.json()) as { code: string; error: string };
    expect(body.code).toBe("invalid_api_key");
    expect(body.error).not.toContain("guessed-key");
    // the address's budget for that route (2) is spent by guesses too
    expect((await api.fetch("/v1/errors/rate", { headers: { "x-api-key": "guessed-key-abcdefghij" } })).status).toBe(401);
    expect((await api.fetch("/v1/errors/rate", { headers: { "x-api-key": "guessed-key-klmnopqrst" } })).status).toBe(429);
  });

  test("uploads with a key work and are counted by the key", async () => {
    const response = await api.fetch("/v1/log", {
      method: "POST",
      headers: { "x-api-key": PANEL_KEY, "content-type": "text/plain" },
      body: "[10:00:00] [Server thread/INFO]: from a panel",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-policy")).toBe('"key:panel";q=4;w=60');
  });

  test("/metrics counts requests by the key's name and never shows a key", async () => {
    const text = await (await api.fetch("/metrics")).text();
    expect(text).toContain("# TYPE logpaste_api_key_requests_total counter");
    const panel = Number(/^logpaste_api_key_requests_total\{name="panel"\} (\d+)$/m.exec(text)?.[1]);
    const other = Number(/^logpaste_api_key_requests_total\{name="other"\} (\d+)$/m.exec(text)?.[1]);
    expect(panel).toBe(8); // 1 + 4 + 1 + 1 (429) + 1 upload
    expect(other).toBe(2);
    expect(Number(/^logpaste_api_key_unknown_total (\d+)$/m.exec(text)?.[1])).toBe(3);
    expect(text).not.toContain(PANEL_KEY);
    expect(text).not.toContain(OTHER_KEY);
    expect(text).not.toContain("guessed-key");
  });
});

describe("API_KEYS parsing", () => {
  test("entries are read with their names and rates", () => {
    expect(parseApiKeys("a:0123456789abcdef:10/60,b.panel:fedcba9876543210xx:600/1")).toEqual([
      { name: "a", key: "0123456789abcdef", rule: { max: 10, windowMs: 60_000 } },
      { name: "b.panel", key: "fedcba9876543210xx", rule: { max: 600, windowMs: 1000 } },
    ]);
  });

  const bad: [string, string][] = [
    ["panel:short:1/60", "at least 16"],
    ["panel:0123456789abcdef", "is not"],
    ["panel:0123456789abcdef:10", "rate"],
    ["panel:0123456789abcdef:0/60", "rate"],
    ["pa nel:0123456789abcdef:1/60", "name"],
    ["a:0123456789abcdef:1/60,a:abcdef0123456789:1/60", "used twice"],
    ["a:0123456789abcdef:1/60,b:0123456789abcdef:1/60", "another entry's key"],
  ];
  for (const [text, message] of bad) {
    test(`'${text.replace(/[0-9a-f]{16}/g, "<key>")}' is refused without showing a key`, () => {
      let error: Error | undefined;
      try {
        parseApiKeys(text);
      } catch (caught) {
        error = caught as Error;
      }
      expect(error?.message).toContain(message);
      expect(error?.message).not.toContain("0123456789abcdef");
      expect(error?.message).not.toContain("abcdef0123456789");
    });
  }
});
