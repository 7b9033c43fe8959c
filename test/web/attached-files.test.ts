/**
 * Attached files on the web pages: each file is a tab rendered like the main log, problems found
 * in a file link to its tab, and the paste page sends archives as they are (the server unpacks
 * them into files).
 */
import { expect } from "bun:test";
import { buildZip } from "../files/archives.ts";
import { appAndBrowser, hashOf } from "./browser.ts";
import { numberedLog, paperLogWithBrokenPlugin } from "./fixtures.ts";

const setup = appAndBrowser();
const { test } = setup;

test("attached files are tabs; a problem in a file links to its lines in that tab", async () => {
  const response = await setup.api.fetch("/v1/log", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ content: numberedLog(3), files: [{ name: "plugins/FancyShop/error.log", content: paperLogWithBrokenPlugin }] }),
  });
  const { id } = await response.json();
  const page = await setup.browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${setup.api.url}/${id}`);
    expect(await page.$$eval("nav.tabs a", (tabs) => tabs.map((tab) => [tab.textContent, tab.getAttribute("aria-current")]))).toEqual([
      ["Main log 3 lines", "page"],
      ["plugins/FancyShop/error.log 9 lines", null],
    ]);
    const link = page.locator(".problem a.line-link").first();
    expect(await link.textContent()).toBe("Show lines 4–7 in plugins/FancyShop/error.log");
    await link.click();
    await page.waitForURL(/\?file=/);
    expect(await hashOf(page)).toBe("#L4-L7");
    expect(await page.$$eval("#log .sel", (lines) => lines.map((line) => line.id))).toEqual(["L4", "L5", "L6", "L7"]);
    expect(await page.textContent("#log-heading")).toBe("plugins/FancyShop/error.log 9 lines");
    expect(await page.getAttribute("nav.tabs a[aria-current]", "href")).toBe(`/${id}?file=plugins%2FFancyShop%2Ferror.log`);

    const raw = await page.getAttribute(".summary .actions a", "href");
    expect(raw).toBe(`/v1/raw/${id}/plugins/FancyShop/error.log`);
    expect(await (await setup.api.fetch(raw!)).text()).toBe(paperLogWithBrokenPlugin);

    const missing = await page.goto(`${setup.api.url}/${id}?file=nope.log`);
    expect(missing!.status()).toBe(404);
    expect(await page.textContent("h1")).toBe("This file is not here");
  } finally {
    await page.close();
  }
}, 30_000);

test("a .zip chosen on the paste page is sent as it is and its files become the log's tabs", async () => {
  const zip = buildZip([
    { name: "logs/latest.log", data: paperLogWithBrokenPlugin },
    { name: "logs/debug.log", data: numberedLog(40) },
  ]);
  const page = await setup.browser.newPage();
  try {
    await page.goto(`${setup.api.url}/`);
    await page.setInputFiles("#paste-file", { name: "server-logs.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
    await page.waitForFunction(() => document.getElementById("paste-stats")!.textContent!.includes("server-logs.zip"));
    await page.click("#paste-submit");
    await page.waitForURL(/\/[0-9A-Za-z]{8}$/);
    expect(await page.textContent("h1")).toBe("Paper 1.20.4 Server Log");
    const tabs = await page.$$eval("nav.tabs a", (links) => links.map((link) => link.textContent));
    expect(tabs).toEqual(["Main log 9 lines", "server-logs/logs/debug.log 40 lines"]);
  } finally {
    await page.close();
  }
}, 30_000);
