/**
 * CORS, security headers on pages, and request hygiene (URL and header limits, slow clients),
 * over real sockets against the real app.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { contentSecurityPolicy, scriptHash, securityHeaders } from "../../src/edge/security-headers.ts";
import { composeEdge } from "../../src/edge/pipeline.ts";
import { slowUpload } from "../support/slow-upload.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ MAX_URL_BYTES: "1024", MAX_HEADER_BYTES: "4096", BODY_TIMEOUT_S: "1", IDLE_TIMEOUT_S: "2" });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

describe("CORS", () => {
  for (const path of ["/v1/limits", "/1/filters", "/v1/log/unknownid", "/v1/errors/rate", "/v1/nothing-here"]) {
    test(`GET ${path} is readable from any origin`, async () => {
      const response = await api.fetch(path, { headers: { origin: "https://panel.example" } });
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-expose-headers")).toContain("RateLimit");
    });
  }

  test("preflight for a delete with a token is allowed", async () => {
    const response = await api.fetch("/v1/log/abcdefgh", {
      method: "OPTIONS",
      headers: { origin: "https://panel.example", "access-control-request-method": "DELETE", "access-control-request-headers": "authorization" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toContain("DELETE");
    expect(response.headers.get("access-control-allow-headers")).toBe("authorization");
    expect(Number(response.headers.get("access-control-max-age"))).toBeGreaterThan(0);
  });

  test("a malformed Access-Control-Request-Headers is not echoed", async () => {
    const response = await api.fetch("/v1/log", {
      method: "OPTIONS",
      headers: { origin: "https://x.example", "access-control-request-method": "POST", "access-control-request-headers": "x y, <script>" },
    });
    expect(response.headers.get("access-control-allow-headers")).toBe("Authorization, Content-Type, Content-Encoding");
  });
});

describe("security headers", () => {
  test("HTML pages get a CSP without inline script, no framing, nosniff, Referrer-Policy", async () => {
    for (const path of ["/", "/docs"]) {
      const response = await api.fetch(path, { headers: { accept: "text/html" } });
      expect(response.headers.get("content-type")).toContain("text/html");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src [^;]*'self'/);
      expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
      expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBeTruthy();
    }
  });

  test("JSON responses get nosniff but no page policy", async () => {
    const response = await api.fetch("/v1/limits");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBeNull();
  });

  test("a page's own CSP (with its script hashes) is left alone; without one it gets the base policy", async () => {
    const inline = "document.body.dataset.ready = '1';";
    const own = contentSecurityPolicy({ scriptHashes: [scriptHash(inline)] });
    expect(own).toContain(`script-src 'self' ${scriptHash(inline)}`);
    expect(scriptHash(inline)).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    const client = { ip: "192.0.2.1", group: "192.0.2.1", forwardedProto: null, viaTrustedProxy: false };
    const page = (headers: Record<string, string>) =>
      composeEdge([securityHeaders()], () => new Response("<p>hi</p>", { headers: { "content-type": "text/html", ...headers } }))(
        new Request("http://localhost/abc"),
        client,
      );
    expect((await page({ "content-security-policy": own })).headers.get("content-security-policy")).toBe(own);
    expect((await page({})).headers.get("content-security-policy")).toBe(contentSecurityPolicy());
  });
});

describe("request hygiene", () => {
  test("a URL over MAX_URL_BYTES is a JSON 414", async () => {
    const response = await api.fetch(`/v1/raw/${"a".repeat(2000)}`);
    expect(response.status).toBe(414);
    expect(await response.json()).toMatchObject({ success: false, code: "uri_too_long" });
  });

  test("headers over MAX_HEADER_BYTES are a JSON 431", async () => {
    const response = await api.fetch("/v1/limits", { headers: { "x-padding": "p".repeat(6000) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ success: false, code: "header_too_large" });
  });

  test("a body trickling in slower than BODY_TIMEOUT_S is cut off with a JSON 408", async () => {
    const { status, body, elapsedMs } = await slowUpload(api.url, { declared: 1000, chunkEveryMs: 300, chunks: 20 });
    expect(status).toBe(408);
    expect(JSON.parse(body)).toMatchObject({ success: false, code: "request_timeout" });
    expect(elapsedMs).toBeLessThan(4000);
  });

  test("an idle keep-alive connection is closed after IDLE_TIMEOUT_S", async () => {
    const { hostname, port } = new URL(api.url);
    const started = Date.now();
    let answered = false;
    const closedAfter = await new Promise<number>((resolve, reject) => {
      Bun.connect({
        hostname,
        port: Number(port),
        socket: {
          open: (socket) => void socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`),
          data: () => void (answered = true),
          close: () => resolve(Date.now() - started),
          error: reject,
        },
      }).catch(reject);
      setTimeout(() => reject(new Error("still open after 10 s")), 10_000);
    });
    expect(answered).toBe(true);
    // Bun's idle timer ticks coarsely (seen: from 0.2 s to 2x the setting when several servers
    // share the process): the promise is only that an idle connection does not stay open.
    expect(closedAfter).toBeLessThan(6500);
  }, 15_000);
});
