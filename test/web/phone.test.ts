/**
 * The log page on a phone (390x844, touch, DPR 2): the page height stays put while scrolling a
 * 25,000-line log (off-screen chunks get the height their wrapped lines will have), End lands at
 * the end, and nothing needs sideways scrolling, file tabs and long solutions included. Prints
 * the heights it measured.
 */
import { expect } from "bun:test";
import { appAndBrowser } from "./browser.ts";
import { largeLog, numberedLog, paperLogWithBrokenPlugin } from "./fixtures.ts";

const setup = appAndBrowser();
const { test } = setup;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test("a 25,000-line log keeps its height while scrolling on a phone, and End lands at the end", async () => {
  const { id } = await setup.api.upload(largeLog(25_000));
  const context = await setup.browser.newContext(PHONE);
  const page = await context.newPage();
  try {
    await page.goto(`${setup.api.url}/${id}`);
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    const settle = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const heights = [await height()];
    // Through the whole log in 60 jumps, then a stretch of ordinary touch scrolling.
    for (let step = 1; step <= 60; step++) {
      await page.evaluate((fraction) => scrollTo(0, fraction * (document.documentElement.scrollHeight - innerHeight)), step / 60);
      await settle();
      heights.push(await height());
    }
    await page.evaluate(() => scrollTo(0, 0));
    for (let swipe = 0; swipe < 20; swipe++) {
      await page.mouse.wheel(0, 3000);
      await settle();
      heights.push(await height());
    }
    const growth = (Math.max(...heights) - heights[0]) / heights[0];
    console.log(`phone page height: first ${heights[0]} px, min ${Math.min(...heights)}, max ${Math.max(...heights)} over ${heights.length} samples`);
    expect(growth).toBeLessThan(0.001);
    expect(Math.min(...heights)).toBe(heights[0]);

    await page.evaluate(() => scrollTo(0, 0));
    await page.keyboard.press("End");
    await page.waitForFunction(() => Math.abs(scrollY + innerHeight - document.documentElement.scrollHeight) < 2);
    await settle();
    const end = await page.$eval("#L25000", (line) => ({ bottom: line.getBoundingClientRect().bottom, viewport: innerHeight }));
    expect(end.bottom).toBeGreaterThan(0);
    expect(end.bottom).toBeLessThanOrEqual(end.viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  } finally {
    await context.close();
  }
}, 180_000);

test("nothing needs sideways scrolling at 390x844: file tabs, solutions, tools, the log", async () => {
  const response = await setup.api.fetch("/v1/log", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      content: paperLogWithBrokenPlugin,
      files: [
        { name: "crash-reports/crash-2024-01-01_12.00.00-server-with-a-very-long-name.txt", content: numberedLog(5) },
        { name: "logs/debug.log", content: `${"x".repeat(600)}\n${numberedLog(3)}` },
        { name: "plugins/SomeVeryLongPluginNameWithoutSpaces/errors-from-last-week.log", content: paperLogWithBrokenPlugin },
      ],
    }),
  });
  const { id } = await response.json();
  const context = await setup.browser.newContext(PHONE);
  const page = await context.newPage();
  try {
    for (const path of [`/${id}`, `/${id}?file=logs%2Fdebug.log`, "/"]) {
      await page.goto(setup.api.url + path);
      const overflowing = await page.evaluate(() =>
        Array.from(document.querySelectorAll("body *"))
          .filter((element) => element.checkVisibility() && element.getBoundingClientRect().right > innerWidth + 0.5)
          .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${element.className}`),
      );
      expect({ path, overflowing }).toEqual({ path, overflowing: [] });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    }
    await page.goto(`${setup.api.url}/${id}`);
    await page.screenshot({ path: `${import.meta.dir}/../../test-output/log-page-phone.png` });
  } finally {
    await context.close();
  }
}, 60_000);
