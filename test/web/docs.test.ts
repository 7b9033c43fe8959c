/**
 * /docs in a real browser, offline: the API reference is served from our own assets, renders
 * the OpenAPI document, and neither asks for nor is allowed anything from another origin.
 */
import { expect } from "bun:test";
import { appAndBrowser } from "./browser.ts";

const setup = appAndBrowser();
const { test } = setup;

test("renders the API reference with every request kept on this server", async () => {
  const context = await setup.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const external: string[] = [];
  const problems: string[] = [];
  // Anything bound elsewhere is recorded and refused, as it would fail without a network.
  await context.route("**/*", (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === "127.0.0.1" || hostname === "localhost") return route.continue();
    external.push(route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  try {
    const response = await page.goto(`${setup.api.url}/docs`);
    await page.getByText("Upload a log").first().waitFor({ timeout: 20_000 });
    await page.getByText("One attached file as plain text").first().click();
    await page.getByText("/v1/raw/{id}/{filename}").first().waitFor({ timeout: 10_000 });
    await page.screenshot({ path: "test-output/docs.png" });

    expect(external).toEqual([]);
    expect(problems).toEqual([]);
    const policy = response!.headers()["content-security-policy"];
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toMatch(/https?:|\*/);
  } finally {
    await context.close();
  }
}, 60_000);

test("the reference bundle is a fingerprinted asset of ours, cached for a year", async () => {
  const html = await (await setup.api.fetch("/docs")).text();
  const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/api-reference\.[0-9a-f]{12}\.js$/), expect.stringMatching(/^\/assets\/docs\.[0-9a-f]{12}\.js$/)]);
  const bundle = await setup.api.fetch(scripts[0], { headers: { "accept-encoding": "br" }, decompress: false } as RequestInit);
  expect(bundle.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(bundle.headers.get("content-encoding")).toBe("br");
});
