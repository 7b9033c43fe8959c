/**
 * Transport over real sockets: TLS with a self-signed certificate made at test time, the plain
 * listener's 308 to https, HSTS, and trusted-proxy handling (X-Forwarded-For, Forwarded,
 * X-Forwarded-Proto) against an app that trusts nobody.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { firstResponse, rawExchange } from "../support/raw-http.ts";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { program, requires } from "../support/requires.ts";

const insecure = { tls: { rejectUnauthorized: false } } as RequestInit;

// The test certificate is made with openssl.
const has = requires({ openssl: program("openssl", "openssl") });

describe.skipIf(!has.openssl)("TLS with a redirect listener", () => {
  let api: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "logpaste-tls-"));
    const cert = join(dir, "cert.pem");
    const key = join(dir, "key.pem");
    const openssl = Bun.spawnSync([
      "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert,
    ]);
    if (openssl.exitCode !== 0) throw new Error(`openssl failed: ${openssl.stderr.toString()}`);
    api = await startTestApp({ TLS_CERT: cert, TLS_KEY: key, HSTS_MAX_AGE_S: "600" });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }, START_TIMEOUT_MS);

  test("the main listener speaks TLS and sends HSTS", async () => {
    expect(api.url).toStartWith("https://127.0.0.1:");
    const response = await api.fetch("/v1/limits");
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=600");
    await expect(fetch(api.url.replace("https:", "http:") + "/v1/limits")).rejects.toThrow();
  });

  const redirects: [string, string][] = [
    ["GET", "/v1/limits"],
    ["GET", "/v1/raw/abcdefgh?x=1&y=%20z"],
    ["POST", "/v1/log"],
    ["DELETE", "/1/log/abcdefgh"],
  ];
  for (const [method, path] of redirects) {
    test(`plain http ${method} ${path} is a 308 to the same path and query over https`, async () => {
      expect(api.redirectUrl).toStartWith("http://127.0.0.1:");
      const response = await fetch(api.redirectUrl + path, { method, redirect: "manual", body: method === "POST" ? "x" : undefined });
      expect(response.status).toBe(308);
      expect(response.headers.get("location")).toBe(api.url + path);
      expect(response.headers.get("strict-transport-security")).toBeNull(); // HSTS only over https
    });
  }

  for (const host of ["a b", "x:99999", "[::1", "bad_host!"]) {
    test(`the plain listener answers a malformed Host ${JSON.stringify(host)} with a JSON 400, never a stack`, async () => {
      const { status, body } = await rawGet(api.redirectUrl!, host, "/v1/limits");
      expect(status).toBe(400);
      expect(JSON.parse(body)).toMatchObject({ success: false, code: "bad_request" });
      expect(body).not.toContain("src/");
    });
  }

  test("following the redirect reaches the API over TLS", async () => {
    const response = await fetch(api.redirectUrl + "/v1/limits", insecure);
    expect(response.status).toBe(200);
    expect(response.url).toStartWith("https://");
    expect((await response.json()).maxLines).toBeNumber();
  });
});

describe("behind a trusted proxy", () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ TRUSTED_PROXIES: "127.0.0.0/8", PUBLIC_URL: "https://logs.example.test", RATE_LIMIT_MAX: "2" });
  }, START_TIMEOUT_MS);
  afterAll(() => api.stop(), START_TIMEOUT_MS);

  test("X-Forwarded-Proto: http is a 308 to the public https address", async () => {
    const response = await api.fetch("/v1/raw/abcdefgh?x=1", { headers: { "x-forwarded-proto": "http", "x-forwarded-for": "203.0.113.1" }, redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("https://logs.example.test/v1/raw/abcdefgh?x=1");
  });

  test("Forwarded: proto=http redirects likewise; proto=https is served with HSTS", async () => {
    const plain = await api.fetch("/v1/limits", { headers: { forwarded: "for=203.0.113.2;proto=http" }, redirect: "manual" });
    expect(plain.status).toBe(308);
    const secure = await api.fetch("/v1/limits", { headers: { forwarded: "for=203.0.113.2;proto=https" } });
    expect(secure.status).toBe(200);
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  test("the client is the rightmost untrusted X-Forwarded-For entry (a forged left part does not help)", async () => {
    const as = (xff: string) => api.fetch("/v1/filters", { headers: { "x-forwarded-for": xff } });
    expect((await as("203.0.113.9")).status).toBe(200);
    expect((await as("1.1.1.1, 203.0.113.9")).status).toBe(200);
    expect((await as("2.2.2.2, 203.0.113.9, 127.0.0.5")).status).toBe(429); // 127.0.0.5 is a trusted hop
    expect((await as("203.0.113.10")).status).toBe(200);
  });
});

test("behind a trusted proxy with an http PUBLIC_URL (a private network), proto=http is served, not redirected", async () => {
  const api = await startTestApp({ TRUSTED_PROXIES: "127.0.0.1", PUBLIC_URL: "http://logs.internal" });
  try {
    const response = await api.fetch("/v1/limits", { headers: { "x-forwarded-proto": "http" }, redirect: "manual" });
    expect(response.status).toBe(200);
  } finally {
    await api.stop();
  }
}, START_TIMEOUT_MS);

describe("no trusted proxies", () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_MAX: "2", PUBLIC_URL: "https://logs.example.test" });
  }, START_TIMEOUT_MS);
  afterAll(() => api.stop(), START_TIMEOUT_MS);

  test("forwarding headers are ignored: the socket address is the client and no redirect happens", async () => {
    const as = (ip: string) =>
      api.fetch("/v1/limits", { headers: { "x-forwarded-for": ip, forwarded: `for=${ip};proto=http`, "x-forwarded-proto": "http" }, redirect: "manual" });
    expect((await as("203.0.113.1")).status).toBe(200);
    expect((await as("203.0.113.2")).status).toBe(200);
    const third = await as("203.0.113.3");
    expect(third.status).toBe(429);
    expect(third.headers.get("strict-transport-security")).toBeNull();
  });
});

/** One GET over a raw socket with the Host header as given (fetch would fix it); status and body. */
async function rawGet(base: string, host: string, path: string): Promise<{ status: number; body: string }> {
  return firstResponse(await rawExchange(base, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
}
