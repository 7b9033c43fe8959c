/**
 * Minecraft's `§` colour and format codes on the log page, desktop and phone: the codes vanish
 * and the text after them is coloured and formatted, as in the game; search finds words across
 * a colour change and leaves the colours in place; without JavaScript the colours are there too;
 * Raw keeps the codes. (Their contrast, light and dark, is in contrast.test.ts.)
 */
import { expect } from "bun:test";
import type { Page } from "playwright-core";
import { appAndBrowser } from "./browser.ts";

const setup = appAndBrowser();
const { test } = setup;

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;

const LOG = [
  "[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4",
  "[12:00:01] [Server thread/INFO]: §aWelcome §lto §r§cRed§9Blue §oitalic§r plain",
  "[12:00:02] [Server thread/INFO]: §x§f§f§5§5§5§5hex red§r and §zno code",
].join("\n");

const colourOf = (page: Page, selector: string) => page.$eval(selector, (element) => getComputedStyle(element).color);

for (const kind of ["desktop", "phone"] as const) {
  test(`§ codes are shown as colours and formats, not as text (${kind})`, async () => {
    const { id } = await setup.api.upload(LOG);
    const context = await setup.browser.newContext(VIEWPORTS[kind]);
    const page = await context.newPage();
    try {
      await page.goto(`${setup.api.url}/${id}`);
      // The codes are gone from what is shown; an unknown one (§z) stays as it was.
      expect(await page.$eval("#L2", (line) => line.textContent)).toBe("2[12:00:01] [Server thread/INFO]: Welcome to RedBlue italic plain");
      expect(await page.$eval("#L3", (line) => line.textContent)).toBe("3[12:00:02] [Server thread/INFO]: hex red and §zno code");
      expect(await page.$$eval("#L2 span", (spans) => spans.map((span) => [span.className, span.textContent])))
        .toEqual([["mc-a", "Welcome "], ["mc-a mc-l", "to "], ["mc-c", "Red"], ["mc-9", "Blue "], ["mc-9 mc-o", "italic"]]);
      expect(await page.$eval("#L2 .mc-l", (span) => getComputedStyle(span).fontWeight)).toBe("700");
      expect(await page.$eval("#L2 .mc-o", (span) => getComputedStyle(span).fontStyle)).toBe("italic");
      // Colours differ from the line's own colour and from each other; hex goes to the nearest of the 16.
      const [line, red, blue] = await Promise.all([colourOf(page, "#L2"), colourOf(page, "#L2 .mc-c"), colourOf(page, "#L2 .mc-9")]);
      expect(new Set([line, red, blue]).size).toBe(3);
      expect(await page.$eval("#L3 span", (span) => span.className)).toBe("mc-c");

      // Search across a colour change: one match, a mark in each coloured part, colours kept.
      await page.getByRole("searchbox", { name: "Search the log" }).fill("RedBlue");
      await page.getByRole("button", { name: "Next match" }).click();
      expect(await page.textContent("#log-state")).toBe("Match 1 of 1, line 2");
      expect(await page.$$eval("#L2 mark", (marks) => marks.map((mark) => [mark.parentElement!.className, mark.textContent, mark.className]))).toEqual([
        ["mc-c", "Red", "current"],
        ["mc-9", "Blue", "current"],
      ]);
      await page.getByRole("searchbox", { name: "Search the log" }).fill("");
      await page.getByRole("searchbox", { name: "Search the log" }).press("Escape");
      expect(await page.$$("#L2 mark")).toHaveLength(0);
      expect(await page.$$eval("#L2 span", (spans) => spans.length)).toBe(5);
      expect(await page.$eval("#L2 .mc-c", (span) => span.textContent)).toBe("Red");
      await page.screenshot({ path: `${import.meta.dir}/../../test-output/minecraft-codes-${kind}.png` });
    } finally {
      await context.close();
    }
  }, 60_000);
}

test("without JavaScript the colours are there; Raw keeps the codes", async () => {
  const { id } = await setup.api.upload(LOG);
  const context = await setup.browser.newContext({ ...VIEWPORTS.desktop, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${setup.api.url}/${id}`);
    expect(await page.$eval("#L2 .mc-c", (span) => span.textContent)).toBe("Red");
  } finally {
    await context.close();
  }
  const raw = await (await setup.api.fetch(`/v1/raw/${id}`)).text();
  expect(raw).toContain("§aWelcome §lto §r§cRed§9Blue");
}, 60_000);
