/**
 * Contrast of the real rendered colours, light and dark: every visible piece of text on the log
 * page (errors, warnings, debug lines, stack traces, selected lines, search marks, folds and
 * repeats, problems, buttons, the delete button) against the background it is painted on, at
 * least 4.5:1 (WCAG AA for text).
 */
import { expect } from "bun:test";
import type { Page } from "playwright-core";
import { appAndBrowser } from "./browser.ts";
import { paperLogWithBrokenPlugin } from "./fixtures.ts";

const setup = appAndBrowser();
const { test } = setup;

/** Every text node's element whose colour on its effective background is below 4.5:1. */
function lowContrast(page: Page) {
  return page.evaluate(() => {
    const parse = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const over = (top: number[], bottom: number[]) => {
      const alpha = top[3] ?? 1;
      return [0, 1, 2].map((i) => top[i] * alpha + bottom[i] * (1 - alpha));
    };
    /** The colour behind an element: its ancestors' backgrounds composed from the page down. */
    const background = (element: Element) => {
      const layers: number[][] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if ((colour[3] ?? 1) > 0) layers.push(colour);
        if ((colour[3] ?? 1) === 1) break;
      }
      let result = [255, 255, 255];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const failures: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      if (!node.textContent!.trim() || seen.has(element) || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (element.closest("button:disabled")) continue; // WCAG exempts inactive controls
      seen.add(element);
      let opacity = 1;
      for (let up: Element | null = element; up; up = up.parentElement) opacity *= Number(getComputedStyle(up).opacity);
      const behind = background(element);
      const text = over([...parse(getComputedStyle(element).color).slice(0, 3), (parse(getComputedStyle(element).color)[3] ?? 1) * opacity], behind);
      const [light, dark] = [luminance(text), luminance(behind)].sort((a, b) => b - a);
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < 4.5) failures.push(`${ratio.toFixed(2)} ${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${element.className} "${node.textContent!.trim().slice(0, 30)}"`);
    }
    return failures;
  });
}

test("every text on the log page has a contrast of at least 4.5:1, light and dark", async () => {
  const lines = paperLogWithBrokenPlugin.split("\n");
  lines.push("[12:00:06] [Server thread/DEBUG]: a debug line", "[12:00:07] [Server thread/WARN]: a warning");
  lines.push("[12:00:08] [Server thread/ERROR]: a long failure", "java.lang.IllegalStateException: x");
  for (let i = 0; i < 40; i++) lines.push(`\tat a.b.C.m${i}(C.java:${i})`);
  for (let i = 0; i < 5; i++) lines.push(`[12:00:${10 + i}] [Server thread/WARN]: again`);
  // Minecraft's 16 colours (§0 to §f) on plain, warning and error lines.
  const colours = [..."0123456789abcdef"].map((code) => `§${code}colour-${code} `).join("");
  for (const level of ["INFO", "WARN", "ERROR"]) lines.push(`[12:00:20] [Server thread/${level}]: ${colours}`);
  const { id, token } = await setup.api.upload(lines.join("\n"));
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await setup.browser.newContext({ viewport: { width: 1280, height: 4000 }, colorScheme });
    const page = await context.newPage();
    try {
      await page.goto(`${setup.api.url}/${id}`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`logpaste:token:${id}`, token]);
      await page.goto(`${setup.api.url}/${id}#L5-L6`); // a selection inside an error, stack line included
      await page.reload(); // the delete button of the token holder
      await page.getByRole("searchbox", { name: "Search the log" }).fill("Vault");
      await page.getByRole("button", { name: "Next match" }).click(); // marks, and a current one
      await page.getByRole("button", { name: "Errors only" }).click(); // the pressed state
      await page.getByRole("button", { name: "Errors only" }).click();
      await page.locator("#L20").evaluate((line) => line.scrollIntoView()); // the trace's last frames: stack lines in full
      expect(await page.isVisible("#delete-stored button.danger")).toBe(true);
      expect({ colorScheme, failures: await lowContrast(page) }).toEqual({ colorScheme, failures: [] });
    } finally {
      await context.close();
    }
  }
}, 60_000);
