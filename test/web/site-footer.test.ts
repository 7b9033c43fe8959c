/**
 * Legal and branding in a real browser against the real app: SITE_NAME, IMPRINT_URL,
 * PRIVACY_URL and ABUSE_CONTACT in the footer of every page (paste, log, not found, docs) when
 * set, nothing of them when not; and the paste page says what is filtered and how long logs stay.
 */
import { afterAll, beforeAll, expect } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { browserForFile } from "./browser.ts";
import { redactions } from "../../src/filters/list.ts";

const SITE = {
  SITE_NAME: "Example <Hosting> logs",
  IMPRINT_URL: "https://example.com/imprint",
  PRIVACY_URL: "https://example.com/privacy",
  ABUSE_CONTACT: "abuse@example.com",
  STORAGE_TIME_S: String(30 * 86400),
};

const setup = browserForFile();
const { test } = setup;
let branded: TestApp;
let plain: TestApp;
beforeAll(async () => {
  if (setup.available) [branded, plain] = await Promise.all([startTestApp(SITE), startTestApp({})]);
}, START_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all([branded?.stop(), plain?.stop()]);
}, START_TIMEOUT_MS);

async function footerOf(url: string): Promise<{ text: string; links: Record<string, string> }> {
  const page = await setup.browser.newPage();
  try {
    // The footer is in the HTML as sent and the scripts have run by DOMContentLoaded; waiting for
    // "load" would add the API reference's seconds of bundle work on /docs and prove nothing more.
    await page.goto(url, { waitUntil: "domcontentloaded" });
    const footer = page.locator("footer.site-footer");
    expect(await footer.count()).toBe(1);
    const links = await footer.locator("a").evaluateAll((anchors) => Object.fromEntries(anchors.map((a) => [a.textContent ?? "", a.getAttribute("href") ?? ""])));
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as a reader sees it
    return { text: (await footer.innerText()).replace(/\s+/g, " "), links };
  } finally {
    await page.close();
  }
}

test("every page shows the operator's name, imprint, privacy policy and abuse contact", async () => {
  const log = await branded.upload("[10:00:00] [Server thread/INFO]: footer test");
  const { version } = (await Bun.file(`${import.meta.dir}/../../package.json`).json()) as { version: string };
  for (const path of ["/", `/${log.id}`, "/NoSuchLog1", "/docs"]) {
    const { text, links } = await footerOf(`${branded.url}${path}`);
    expect(text).toContain("Example <Hosting> logs"); // escaped in the markup, shown as written
    expect(links.Imprint).toBe("https://example.com/imprint");
    expect(links.Privacy).toBe("https://example.com/privacy");
    expect(links["abuse@example.com"]).toBe("mailto:abuse@example.com");
    expect(text).toContain(`logpaste ${version}`);
  }
  const html = await (await branded.fetch("/", { headers: { accept: "text/html" } })).text();
  expect(html).toContain("Example &lt;Hosting&gt; logs");
}, 60_000);

test("without the settings the footer has only the software and its version", async () => {
  const { text, links } = await footerOf(`${plain.url}/`);
  expect(Object.keys(links)).toEqual(["logpaste"]);
  expect(text).not.toContain("Imprint");
  expect(text).not.toContain("abuse");
}, 60_000);

test("an abuse contact that is a URL is linked as it is", async () => {
  const app = await startTestApp({ ABUSE_CONTACT: "https://example.com/report" });
  try {
    const html = await (await app.fetch("/", { headers: { accept: "text/html" } })).text();
    expect(html).toContain('Report abuse: <a href="https://example.com/report"');
  } finally {
    await app.stop();
  }
}, START_TIMEOUT_MS);

test("the paste page says what is filtered and how long a log is kept", async () => {
  const page = await setup.browser.newPage();
  try {
    await page.goto(`${branded.url}/`);
    expect(await page.textContent("#paste-limits")).toContain("kept 30 days after it was last viewed");
    const summary = await page.textContent("#paste-filtered summary");
    expect(summary).toContain("IP and e-mail addresses");
    await page.click("#paste-filtered summary");
    const items = await page.$$eval("#paste-filtered li", (lis) => lis.map((li) => li.textContent));
    expect(items).toEqual(redactions.map((redaction) => redaction.name));
    expect(await page.isVisible("#paste-filtered li")).toBe(true);
  } finally {
    await page.close();
  }
}, 60_000);
