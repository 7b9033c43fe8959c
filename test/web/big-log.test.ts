/**
 * A 100,000-line log (an app allowing that many lines), desktop and phone: the first view holds
 * under 10,000 elements, not 205,000 (the lines after the first 1,000 wait in <noscript> until
 * log.js makes them: near the screen, on demand, or in idle time), and still every line is
 * there: an anchor deep in the log, search, the browser's own find after a moment, and reading
 * without JavaScript. First contentful paint is printed with the machine's load; the bound
 * asserted is generous, as in large-log.test.ts.
 */
import { expect } from "bun:test";
import { loadavg } from "node:os";
import { optIn } from "../support/requires.ts";
import { appAndBrowser } from "./browser.ts";
import { largeLog } from "./fixtures.ts";

// A scale run, like the soak: Chromium parses the 15 MB page seven times, about a tenth of the
// whole suite on two cores, so it runs when asked (.ci/run asks, on both legs).
const setup = appAndBrowser(
  { MAX_LINES: "100000", MAX_LENGTH: String(32 * 1024 * 1024) },
  { bigPages: optIn("BIG_PAGE_TESTS", "the 100,000-line page tests run only when asked", "BIG_PAGE_TESTS=1") },
);
// The three tests share one upload and wait mostly on the browser's own work (parsing 15 MB,
// making lines in idle time): side by side they take the time of the longest, not of all three.
const test = setup.test.concurrent;

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;

let logId: Promise<string> | null = null;
/** One upload for the file; its first page request runs the analysis, which later ones reuse. */
function bigLog(): Promise<string> {
  logId ??= setup.api.upload(largeLog(100_000)).then(async (upload) => {
    expect(upload.lines).toBe(100_000);
    await (await setup.api.fetch(`/${upload.id}`, { headers: { accept: "text/html" } })).arrayBuffer();
    return upload.id;
  });
  return logId;
}

const onScreen = (selector: string) => {
  const box = document.querySelector(selector)!.getBoundingClientRect();
  return box.height > 0 && box.bottom > 0 && box.top < innerHeight;
};

for (const kind of ["desktop", "phone"] as const) {
  test(`the first view of a 100,000-line log is small and quick; anchors, search and find reach every line (${kind})`, async () => {
    const id = await bigLog();
    const context = await setup.browser.newContext(VIEWPORTS[kind]);
    // Elements when the page's scripts have run (DOMContentLoaded), before any idle work.
    await context.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { firstViewElements: number }).firstViewElements = document.getElementsByTagName("*").length;
      });
    });
    const page = await context.newPage();
    try {
      await page.goto(`${setup.api.url}/${id}`, { waitUntil: "load", timeout: 120_000 });
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, { timeout: 30_000 });
      const first = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return {
          firstByte: Math.round(nav.responseStart),
          firstContentfulPaint: Math.round(performance.getEntriesByName("first-contentful-paint")[0].startTime),
          elements: (window as unknown as { firstViewElements: number }).firstViewElements,
        };
      });
      console.log(`100,000-line log, ${kind}:`, JSON.stringify({ ...first, load: loadavg().map((n) => n.toFixed(1)).join(" ") }));
      expect(first.elements).toBeLessThan(20_000); // all lines as elements: 205,097
      // Generous: 3.3 s and 5.6 s on this 2-core machine on two days (load 10 and 6); the
      // elements above are what the design guarantees, this only catches a page gone wrong.
      expect(first.firstContentfulPaint - first.firstByte).toBeLessThan(10_000);

      // In idle time every line is made, so the browser's find sees them all.
      await page.waitForFunction(() => document.querySelectorAll("#log .lazy").length === 0, null, { timeout: 120_000 });
      expect(await page.$$eval("#log div[id]", (lines) => lines.length)).toBe(100_000);

      // Search, on a fresh page: a line near the end, marked and scrolled to.
      await page.goto(`${setup.api.url}/${id}`, { timeout: 120_000 });
      await page.getByRole("searchbox", { name: "Search the log" }).fill("x=60001 y");
      await page.getByRole("button", { name: "Next match" }).click();
      expect(await page.textContent("#log-state")).toMatch(/^Match 1 of 1, line 9\d{4}$/);
      expect(await page.evaluate(onScreen, "mark.current")).toBe(true);

      // An anchor deep in the log, on a fresh page.
      await page.goto(`${setup.api.url}/${id}#L99990-L99992`, { timeout: 120_000 });
      await page.waitForFunction(() => document.querySelectorAll("#log .sel").length === 3);
      expect(await page.evaluate(onScreen, "#L99990")).toBe(true);
    } finally {
      await context.close();
    }
  }, 300_000);
}

test("without JavaScript every line of the 100,000 is on the page", async () => {
  const id = await bigLog();
  const context = await setup.browser.newContext({ ...VIEWPORTS.desktop, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${setup.api.url}/${id}#L99999`, { timeout: 120_000 });
    expect(await page.$$eval("#log div[id]", (lines) => lines.length)).toBe(100_000);
    expect(await page.evaluate(onScreen, "#L99999")).toBe(true);
    // No "the page script did not load" notice: without scripting the lines are simply there.
    expect(await page.$eval("#log .chunk.lazy", (chunk) => getComputedStyle(chunk, "::before").content)).toBe("none");
  } finally {
    await context.close();
  }
}, 300_000);
