/**
 * Reading a log in a real browser, on a desktop and a phone viewport: next and previous error
 * (buttons and keys), "Errors only" and the level filter, search with <mark>, collapsed runs of
 * identical lines, wrapped lines (indent, tab width, the remembered "Wrap lines" toggle), Copy
 * link, and the summary's figures (expiry, an error count that agrees with the red lines, an
 * attached file's own figures, Delete away from Raw and Download). Controls are found by role
 * and accessible name, as a screen reader finds them.
 */
import { expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { appAndBrowser, hashOf } from "./browser.ts";
import { numberedLog } from "./fixtures.ts";

const setup = appAndBrowser();
const { describe } = setup;
// Each test has a browser context of its own: they run side by side (15 -> 13 s here), but Copy
// link, which reads the browser's one clipboard, runs alone.
const test = setup.test.concurrent;
/**
 * Side by side, each test lasts as long as the slowest: 10-18 s each on a slow day of this 2-core
 * machine (2026-11-29), and past 30 s in a CI leg that shared the cores with other work. The
 * timeout only guards against a hang.
 */
const SIDE_BY_SIDE_TIMEOUT_MS = 90_000;

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;

async function withPage<T>(kind: keyof typeof VIEWPORTS, run: (page: Page, context: BrowserContext) => Promise<T>, options: { javaScriptEnabled?: boolean } = {}): Promise<T> {
  const context = await setup.browser.newContext({ ...VIEWPORTS[kind], ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  try {
    const result = await run(page, context);
    expect(errors).toEqual([]);
    return result;
  } finally {
    await context.close();
  }
}

const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
const onScreen = (page: Page, selector: string) =>
  page.$eval(selector, (element) => { const box = element.getBoundingClientRect(); return box.height > 0 && box.bottom > 0 && box.top < innerHeight; });

/** Info lines with errors at 40, 120 (with a two-frame trace) and 200, a warning at 60, debug at 80. */
function logWithErrors(): string {
  const lines = numberedLog(240).split("\n");
  lines[39] = "[12:00:00] [Server thread/ERROR]: first failure";
  lines[59] = "[12:00:00] [Server thread/WARN]: a warning";
  lines[79] = "[12:00:00] [Server thread/DEBUG]: a debug line";
  lines[119] = "[12:00:00] [Server thread/ERROR]: second failure";
  lines.splice(120, 2, "java.lang.IllegalStateException: broken", "\tat a.b.C.m(C.java:1)");
  lines[199] = "[12:00:00] [Server thread/ERROR]: third failure";
  return lines.join("\n");
}

describe("errors", () => {
  for (const kind of ["desktop", "phone"] as const) {
    test(`Next error and Previous error, and the E keys, step from error to error (${kind})`, async () => {
      const { id } = await setup.api.upload(logWithErrors());
      await withPage(kind, async (page) => {
        await page.goto(`${setup.api.url}/${id}`);
        const next = page.getByRole("button", { name: "Next error" });
        const previous = page.getByRole("button", { name: "Previous error" });
        await next.click();
        expect(await hashOf(page)).toBe("#L40");
        expect(await onScreen(page, "#L40")).toBe(true);
        await next.click();
        expect(await hashOf(page)).toBe("#L120-L122"); // the error with its stack trace, as one step
        expect(await page.getByRole("status").filter({ hasText: "Error 2 of 3" }).count()).toBe(1);
        await next.click();
        expect(await hashOf(page)).toBe("#L200");
        await next.click();
        expect(await hashOf(page)).toBe("#L200");
        expect(await page.textContent("#log-state")).toBe("No more errors below.");
        await previous.click();
        expect(await hashOf(page)).toBe("#L120-L122");

        await page.evaluate(() => (document.activeElement as HTMLElement).blur()); // keys work anywhere outside a text field
        await page.keyboard.press("e");
        expect(await hashOf(page)).toBe("#L200");
        await page.keyboard.press("Shift+E");
        expect(await hashOf(page)).toBe("#L120-L122");
        await page.keyboard.press("Shift+E");
        expect(await hashOf(page)).toBe("#L40");
        // From the top of the page, the next error is the first one.
        await page.evaluate(() => scrollTo(0, 0));
        await page.keyboard.press("e");
        expect(await hashOf(page)).toBe("#L40");
      });
    }, SIDE_BY_SIDE_TIMEOUT_MS);
  }

  test("Errors only hides every other line; the level filter hides and shows each level", async () => {
    const { id } = await setup.api.upload(logWithErrors());
    await withPage("desktop", async (page) => {
      await page.goto(`${setup.api.url}/${id}`);
      const visibleLines = () => page.$$eval("#log div[id]", (lines) => lines.filter((line) => line.checkVisibility()).map((line) => line.id));
      const errorsOnly = page.getByRole("button", { name: "Errors only" });
      expect(await errorsOnly.getAttribute("aria-pressed")).toBe("false");
      await errorsOnly.click();
      expect(await errorsOnly.getAttribute("aria-pressed")).toBe("true");
      expect(await visibleLines()).toEqual(["L40", "L120", "L121", "L122", "L200"]);
      await errorsOnly.click();
      expect((await visibleLines()).length).toBe(240);

      await page.getByRole("checkbox", { name: "Warnings" }).uncheck();
      await page.getByRole("checkbox", { name: "Debug" }).uncheck();
      const shown = await visibleLines();
      expect(shown).not.toContain("L60");
      expect(shown).not.toContain("L80");
      expect(shown.length).toBe(238);
      await page.getByRole("checkbox", { name: "Info" }).uncheck();
      expect(await errorsOnly.getAttribute("aria-pressed")).toBe("true");
      // A link to a hidden line shows every level again.
      await page.goto(`${setup.api.url}/${id}#L60`);
      await page.getByRole("button", { name: "Errors only" }).click();
      await page.evaluate(() => { location.hash = "#L61"; });
      await frames(page);
      expect(await onScreen(page, "#L61")).toBe(true);
      expect(await page.getByRole("button", { name: "Errors only" }).getAttribute("aria-pressed")).toBe("false");
    });
  }, SIDE_BY_SIDE_TIMEOUT_MS);

  test("the error count says how many errors are coloured red, crash-report stack traces included", async () => {
    // The upload statistics count no error here (no line says ERROR), yet the trace is red.
    const crash = [
      "---- Minecraft Crash Report ----",
      "// Oops",
      "",
      "Time: 2024-01-01 12:00:00",
      "Description: Ticking entity",
      "",
      "java.lang.NullPointerException: boom",
      "\tat a.b.C.m(C.java:1)",
      "\tat a.b.C.n(C.java:2)",
    ].join("\n");
    const upload = await setup.api.upload(crash);
    expect(upload.errors).toBe(0);
    await withPage("desktop", async (page) => {
      await page.goto(`${setup.api.url}/${upload.id}`);
      expect(await page.textContent(".summary .errors")).toBe("1 error");
      expect(await page.$$eval("#log div.e", (lines) => lines.map((line) => line.id))).toEqual(["L7", "L8", "L9"]);
      await page.click(".summary .errors");
      expect(await hashOf(page)).toBe("#L7");
    });
    const clean = await setup.api.upload(numberedLog(3));
    const html = await (await setup.api.fetch(`/${clean.id}`, { headers: { accept: "text/html" } })).text();
    expect(html).toContain(" · no errors · ");
  }, SIDE_BY_SIDE_TIMEOUT_MS);
});

describe("search", () => {
  for (const kind of ["desktop", "phone"] as const) {
    test(`marks every match with <mark> and Next match moves through them, into collapsed lines (${kind})`, async () => {
      const lines = numberedLog(400).split("\n");
      lines[9] = "[12:00:00] [Server thread/INFO]: Needle in line ten, and a second needle";
      lines[349] = "[12:00:00] [Server thread/INFO]: the last NEEDLE";
      const { id } = await setup.api.upload(lines.join("\n"));
      await withPage(kind, async (page) => {
        await page.goto(`${setup.api.url}/${id}`);
        const search = page.getByRole("searchbox", { name: "Search the log" });
        await search.fill("needle");
        await search.press("Enter");
        expect(await page.$$eval("#log mark", (marks) => marks.map((mark) => [mark.parentElement!.id, mark.textContent]))).toEqual([
          ["L10", "Needle"],
          ["L10", "needle"],
          ["L350", "NEEDLE"],
        ]);
        expect(await page.textContent("#L10")).toBe(`10${lines[9]}`); // the text is unchanged
        expect(await page.textContent("#log mark.current")).toBe("Needle");
        expect(await page.textContent("#log-state")).toBe("Match 1 of 3, line 10");
        await page.getByRole("button", { name: "Next match" }).click();
        await page.getByRole("button", { name: "Next match" }).click();
        expect(await page.textContent("#log-state")).toBe("Match 3 of 3, line 350");
        expect(await onScreen(page, "#log mark.current")).toBe(true);
        await page.getByRole("button", { name: "Previous match" }).click();
        expect(await page.textContent("#log-state")).toBe("Match 2 of 3, line 10");

        await search.fill("");
        await search.press("Enter");
        expect(await page.$$("#log mark")).toHaveLength(0);
        // "/" goes to the search box from anywhere.
        await page.locator("h1").click();
        await page.keyboard.press("/");
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("search-text");
      });
    }, SIDE_BY_SIDE_TIMEOUT_MS);
  }
});

describe("repeated lines", () => {
  test("a run of identical lines is one row with a count that opens on demand, also without JavaScript", async () => {
    const lines = ["[12:00:00] [Server thread/INFO]: Starting"];
    for (let i = 0; i < 300; i++) lines.push(`[12:${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}] [Server thread/WARN]: Can't keep up!`);
    lines.push("[12:10:00] [Server thread/INFO]: Done");
    const { id } = await setup.api.upload(lines.join("\n"));
    for (const javaScriptEnabled of [true, false]) {
      await withPage(
        "desktop",
        async (page) => {
          await page.goto(`${setup.api.url}/${id}`);
          const rows = await page.$$eval("#log div[id]", (all) => all.filter((line) => line.checkVisibility()).map((line) => line.id));
          expect(rows).toEqual(["L1", "L2", "L302"]);
          const summary = page.locator("#log details.repeat > summary");
          expect(await summary.textContent()).toBe("Repeated 299 more times (lines 3–301)");
          await summary.click();
          expect(await page.isVisible("#L150")).toBe(true);
        },
        { javaScriptEnabled },
      );
    }
    await withPage("desktop", async (page) => {
      await page.goto(`${setup.api.url}/${id}#L200`);
      expect(await onScreen(page, "#L200")).toBe(true);
    });
  }, SIDE_BY_SIDE_TIMEOUT_MS);
});

describe("wrapped lines", () => {
  test("continuations are indented past the numbers, tabs are 4 wide, and Wrap lines is remembered", async () => {
    const long = `[12:00:00] [Server thread/INFO]: ${"word ".repeat(200)}`;
    const { id } = await setup.api.upload([long, "\tX", "    X"].join("\n"));
    await withPage("phone", async (page) => {
      await page.goto(`${setup.api.url}/${id}`);
      const layout = () =>
        page.$eval("#L1", (line) => {
          const number = line.querySelector("a")!.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(line.lastChild!);
          const rows = Array.from(range.getClientRects());
          return { rows: rows.length, textLeft: Math.min(...rows.map((row) => row.left)), numberRight: number.right, height: line.getBoundingClientRect().height };
        });
      const wrapped = await layout();
      expect(wrapped.rows).toBeGreaterThan(5);
      expect(wrapped.textLeft).toBeGreaterThan(wrapped.numberRight);
      const xLeft = (selector: string) =>
        page.$eval(selector, (line) => {
          const text = line.lastChild!;
          const range = document.createRange();
          range.setStart(text, text.textContent!.length - 1);
          range.setEnd(text, text.textContent!.length);
          return range.getBoundingClientRect().left;
        });
      expect(await xLeft("#L2")).toBeCloseTo(await xLeft("#L3"), 1); // a tab is four spaces wide here

      const wrap = page.getByRole("checkbox", { name: "Wrap lines" });
      expect(await wrap.isChecked()).toBe(true);
      await wrap.uncheck();
      expect((await layout()).height).toBe(18);
      await page.reload();
      expect(await page.getByRole("checkbox", { name: "Wrap lines" }).isChecked()).toBe(false);
      expect((await layout()).height).toBe(18);
      await page.getByRole("checkbox", { name: "Wrap lines" }).check();
      expect((await layout()).height).toBe(wrapped.height);
    });
  }, SIDE_BY_SIDE_TIMEOUT_MS);
});

describe("actions and status", () => {
  setup.test("Copy link copies the address with the selected lines", async () => {
    const { id } = await setup.api.upload(numberedLog(20));
    await withPage("desktop", async (page, context) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: setup.api.url });
      await page.goto(`${setup.api.url}/${id}#L5-L7`);
      await page.getByRole("button", { name: "Copy link" }).click();
      await page.waitForFunction(() => document.getElementById("copy-state")!.textContent === "Link copied.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${setup.api.url}/${id}#L5-L7`);
    });
  }, SIDE_BY_SIDE_TIMEOUT_MS);

  test("the expiry is shown; Delete sits after the log, away from Raw and Download", async () => {
    const upload = await setup.api.upload(numberedLog(30));
    await withPage("desktop", async (page) => {
      await page.goto(`${setup.api.url}/${upload.id}`);
      const kept = await page.$$eval(".summary .facts time", (times) => times.map((time) => Date.parse(time.getAttribute("datetime")!) / 1000));
      // Every view moves the expiry on, so the record read now may be a few seconds later.
      const info = await (await setup.api.fetch(`/v1/log/${upload.id}`)).json();
      expect(info.expires - kept[1]).toBeGreaterThanOrEqual(0);
      expect(info.expires - kept[1]).toBeLessThan(30);
      expect(await page.textContent(".summary .facts")).toContain("90 days after its last view");
      const bottomOf = (selector: string) => page.$eval(selector, (element) => element.getBoundingClientRect().bottom + scrollY);
      const deleteTop = await page.$eval("#delete", (element) => element.getBoundingClientRect().top + scrollY);
      expect(deleteTop).toBeGreaterThan(await bottomOf("#log"));
      expect(await page.$(".summary #delete, .actions #delete")).toBeNull();
    });
  }, SIDE_BY_SIDE_TIMEOUT_MS);

  test("an attached file's tab shows that file's figures", async () => {
    const fileText = logWithErrors();
    const response = await setup.api.fetch("/v1/log", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: numberedLog(3), files: [{ name: "logs/other.log", content: fileText }] }),
    });
    const { id } = await response.json();
    await withPage("phone", async (page) => {
      await page.goto(`${setup.api.url}/${id}?file=logs%2Fother.log`);
      const facts = await page.textContent(".summary .facts");
      expect(facts).toContain("logs/other.log");
      expect(facts).toContain("240 lines");
      expect(facts).toContain(" · 3 errors · ");
      await page.goto(`${setup.api.url}/${id}`);
      expect(await page.textContent(".summary .facts")).toContain("3 lines");
      expect(await page.textContent(".summary .facts")).toContain("no errors");
    });
  }, SIDE_BY_SIDE_TIMEOUT_MS);
});
