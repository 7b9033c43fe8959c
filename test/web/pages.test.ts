/** The pages over HTTP: negotiation at /, the log page's headers and escaping, 404s, fingerprinted assets. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { prefersHtml } from "../../src/edge/negotiate.ts";
import { hostileLog, paperLogWithBrokenPlugin } from "./fixtures.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(async () => {
  await api?.stop();
}, START_TIMEOUT_MS);

const asBrowser = { headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" } };

describe("GET /", () => {
  test("what counts as preferring a page", () => {
    expect(prefersHtml("text/html,application/xhtml+xml,*/*;q=0.8")).toBe(true);
    expect(prefersHtml("application/json")).toBe(false);
    expect(prefersHtml("*/*")).toBe(false);
    expect(prefersHtml(null)).toBe(false);
    expect(prefersHtml("application/json, text/html;q=0.5")).toBe(false);
    expect(prefersHtml("text/html;q=0")).toBe(false);
  });

  test("browsers get the paste page with the limits; API clients get the index", async () => {
    const page = await api.fetch("/", asBrowser);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await page.text();
    expect(html).toContain('<label for="paste-content">');
    expect(html).toContain("25,000 lines");
    expect(html).toContain("10 MB");
    const index = await api.fetch("/", { headers: { accept: "application/json" } });
    expect((await index.json()).endpoints).toContain("POST /v1/log");
    // Both representations live at one address: caches must key on Accept.
    expect(page.headers.get("vary")).toContain("Accept");
    expect(index.headers.get("vary")).toContain("Accept");
  });
});

describe("GET /{id}", () => {
  test("the log page is server-rendered: lines, levels, problems and information are in the HTML", async () => {
    const { id } = await api.upload(paperLogWithBrokenPlugin);
    const response = await api.fetch(`/${id}`, asBrowser);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(response.headers.get("server-timing")).toMatch(/^render;dur=\d/);
    const html = await response.text();
    expect(html).toContain('<div id="L4" class="e"><a href="#L4" tabindex="-1">4</a>');
    expect(html).toContain("<h1>Paper 1.20.4 Server Log</h1>");
    expect(html).toContain('<a class="line-link" href="#L4" data-last="7">Show lines 4–7</a>');
    expect(html).toContain("<dt>Minecraft version</dt>");
    expect(html).toContain(`href="/v1/raw/${id}" download="${id}.log"`);
  });

  test("log text, even hostile, is escaped", async () => {
    const { id } = await api.upload(hostileLog);
    const html = await (await api.fetch(`/${id}`, asBrowser)).text();
    expect(html).toContain("&lt;script&gt;window.__pwned = 1&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;window.__pwned = 2&quot;&gt;");
    expect(html).not.toContain("<script>window");
  });

  test("visible metadata is shown, hidden metadata is not", async () => {
    const response = await api.fetch("/v1/log", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        content: "hello",
        metadata: [
          { key: "server", value: "<survival>", label: "Server", visible: true },
          { key: "secret", value: "do-not-show", visible: false },
        ],
      }),
    });
    const { id } = await response.json();
    const html = await (await api.fetch(`/${id}`, asBrowser)).text();
    expect(html).toContain("<dt>Server</dt><dd>&lt;survival&gt;</dd>");
    expect(html).not.toContain("do-not-show");
  });

  test("an unknown or deleted id is a 404 page; paths that are no id keep the JSON 404 for API clients", async () => {
    const unknown = await api.fetch("/Zz9Zz9Zz", asBrowser);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await unknown.text()).toContain("This log is not here");

    const { id, token } = await api.upload("soon gone");
    await api.fetch(`/v1/log/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect((await api.fetch(`/${id}`, asBrowser)).status).toBe(404);

    const notAnId = await api.fetch("/favicon.ico");
    expect(notAnId.status).toBe(404);
    expect(await notAnId.json()).toMatchObject({ success: false, code: "not_found" });
  });

  test("the API's own paths are not taken for ids", async () => {
    expect((await api.fetch("/healthz")).headers.get("content-type")).toStartWith("application/json");
    expect((await api.fetch("/v1", asBrowser)).headers.get("content-type")).toStartWith("application/json");
    expect((await api.fetch("/1")).headers.get("content-type")).toStartWith("application/json");
    expect((await api.fetch("/openapi.json")).headers.get("content-type")).toStartWith("application/json");
  });
});

describe("assets", () => {
  test("served at a content-hash address, cached for a year; unknown names are 404", async () => {
    const html = await (await api.fetch("/", asBrowser)).text();
    const urls = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const url of urls) {
      const response = await api.fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const body = new Uint8Array(await response.arrayBuffer());
      const hash = new Bun.CryptoHasher("sha256").update(body).digest("hex").slice(0, 12);
      expect(url).toContain(`.${hash}.`);
    }
    expect((await api.fetch("/assets/style.000000000000.css")).status).toBe(404);
  });
});
