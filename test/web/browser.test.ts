/**
 * The web pages in a real browser (Debian's chromium via playwright-core), against the real app:
 * paste and upload, line anchors and selection, problems linking to lines, delete, the XSS case,
 * and reading without JavaScript. The AI stream has its own file (ai-stream.test.ts).
 */
import { expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { appAndBrowser, hashOf } from "./browser.ts";
import { hostileLog, numberedLog, paperLogWithBrokenPlugin } from "./fixtures.ts";

const setup = appAndBrowser();
const { test, describe } = setup;

async function withPage<T>(run: (page: Page, context: BrowserContext) => Promise<T>, options: { javaScriptEnabled?: boolean } = {}): Promise<T> {
  const context = await setup.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  try {
    return await run(page, context);
  } finally {
    await context.close();
  }
}

const selectedLines = (page: Page) => page.$$eval("#log .sel", (lines) => lines.map((line) => line.id));

describe("paste page", () => {
  test("shows the limits, counts what was pasted, uploads and lands on the log page with the token shown once", async () => {
    await withPage(async (page) => {
      await page.goto(`${setup.api.url}/`);
      expect(await page.textContent("#paste-limits")).toContain("25,000 lines");
      await page.fill("#paste-content", paperLogWithBrokenPlugin);
      await page.waitForFunction(() => document.getElementById("paste-stats")!.textContent!.includes("9 lines"));
      await page.click("#paste-submit");
      await page.waitForURL(/\/[0-9A-Za-z]{8}$/);
      const id = new URL(page.url()).pathname.slice(1);

      expect(await page.textContent("h1")).toBe("Paper 1.20.4 Server Log");
      await page.waitForSelector("#token-notice", { state: "visible" });
      const token = await page.textContent("#token-value");
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      expect(await page.evaluate((key) => localStorage.getItem(key), `logpaste:token:${id}`)).toBe(token);

      await page.reload();
      await page.waitForSelector("#delete-stored", { state: "visible" });
      expect(await page.isVisible("#token-notice")).toBe(false); // shown once
    });
  }, 30_000);

  test("a dropped-in .gz file is unpacked in the browser and uploaded as text", async () => {
    await withPage(async (page) => {
      await page.goto(`${setup.api.url}/`);
      const text = numberedLog(120);
      await page.setInputFiles("#paste-file", { name: "latest.log.gz", mimeType: "application/gzip", buffer: Buffer.from(Bun.gzipSync(text)) });
      await page.waitForFunction(() => document.getElementById("paste-stats")!.textContent!.includes("120 lines"));
      await page.click("#paste-submit");
      await page.waitForURL(/\/[0-9A-Za-z]{8}$/);
      expect(await page.textContent("#L120")).toBe("120[12:00:00] [Server thread/INFO]: line 120");
    });
  }, 30_000);

  test("browsers get the page at /, API clients keep the JSON index", async () => {
    const html = await setup.api.fetch("/", { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(html.headers.get("content-type")).toStartWith("text/html");
    const json = await setup.api.fetch("/", { headers: { accept: "*/*" } });
    expect((await json.json()).success).toBe(true);
  });
});

describe("log page", () => {
  test("line anchors: #L20 selects and scrolls; click and shift-click select a range into the address", async () => {
    const { id } = await setup.api.upload(numberedLog(300));
    await withPage(async (page) => {
      await page.goto(`${setup.api.url}/${id}#L200`);
      expect(await selectedLines(page)).toEqual(["L200"]);
      expect(await page.$eval("#L200", (line) => { const box = line.getBoundingClientRect(); return box.top >= 0 && box.bottom <= innerHeight; })).toBe(true);

      await page.click("#L5 > a");
      expect(await hashOf(page)).toBe("#L5");
      await page.click("#L9 > a", { modifiers: ["Shift"] });
      expect(await hashOf(page)).toBe("#L5-L9");
      expect(await selectedLines(page)).toEqual(["L5", "L6", "L7", "L8", "L9"]);

      await page.goto(`${setup.api.url}/${id}#L12-L10`);
      expect(await selectedLines(page)).toEqual(["L10", "L11", "L12"]);

      await page.fill("#goto-line", "250");
      await page.press("#goto-line", "Enter");
      expect(await hashOf(page)).toBe("#L250");
      expect(await selectedLines(page)).toEqual(["L250"]);
    });
  }, 30_000);

  test("problems show their solutions and link to the lines they were found in", async () => {
    const { id } = await setup.api.upload(paperLogWithBrokenPlugin);
    await withPage(async (page) => {
      await page.goto(`${setup.api.url}/${id}`);
      const problem = page.locator(".problem").first();
      expect(await problem.locator(".message").textContent()).toContain("needs 'Vault'");
      expect(await problem.locator(".solutions li").first().textContent()).toContain("Add 'Vault' to the plugins folder");
      expect(await page.textContent(".information")).toContain("Minecraft version");
      expect(await page.textContent(".summary .software")).toBe("Paper 1.20.4");

      await problem.locator("a.line-link").click();
      expect(await hashOf(page)).toBe("#L4-L7");
      expect(await selectedLines(page)).toEqual(["L4", "L5", "L6", "L7"]);
      expect(await page.getAttribute("#L4", "class")).toContain("e");
    });
  }, 30_000);

  test("an unknown id is a friendly 404 page", async () => {
    await withPage(async (page) => {
      const response = await page.goto(`${setup.api.url}/NoSuchId1`);
      expect(response!.status()).toBe(404);
      expect(await page.textContent("h1")).toBe("This log is not here");
    });
  }, 30_000);

  test("long stack traces are folded and unfold when a line inside is linked", async () => {
    const trace = ["[12:00:00] [Server thread/ERROR]: boom", "java.lang.IllegalStateException: x"];
    for (let i = 0; i < 40; i++) trace.push(`\tat a.b.C.m${i}(C.java:${i})`);
    const { id } = await setup.api.upload(trace.join("\n"));
    await withPage(async (page) => {
      await page.goto(`${setup.api.url}/${id}`);
      expect(await page.isVisible("#L30")).toBe(false);
      expect(await page.textContent("details.fold > summary")).toBe("34 more lines of this entry");
      await page.goto(`${setup.api.url}/${id}#L30`);
      expect(await page.isVisible("#L30")).toBe(true);
      expect(await page.getAttribute("#L30", "class")).toBe("e c sel");
    });
  }, 30_000);
});

describe("delete", () => {
  test("the uploader deletes with the token this browser kept", async () => {
    const { id, token } = await setup.api.upload(numberedLog(5));
    await withPage(async (page) => {
      await page.goto(`${setup.api.url}/${id}`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`logpaste:token:${id}`, token]);
      await page.reload();
      page.once("dialog", (dialog) => void dialog.accept());
      await page.click("#delete-stored button");
      await page.waitForSelector("text=The log was deleted");
      expect(await page.evaluate((key) => localStorage.getItem(key), `logpaste:token:${id}`)).toBeNull();
    });
    expect((await setup.api.fetch(`/v1/log/${id}`)).status).toBe(404);
  }, 30_000);

  test("anyone with the token can paste it; a wrong token is refused", async () => {
    const { id, token } = await setup.api.upload(numberedLog(5));
    await withPage(async (page) => {
      page.on("dialog", (dialog) => void dialog.accept());
      await page.goto(`${setup.api.url}/${id}`);
      expect(await page.isVisible("#delete-stored")).toBe(false);
      await page.click("#delete-paste > summary");
      await page.fill("#delete-token", "0".repeat(64));
      await page.click("#delete-paste button");
      await page.waitForFunction(() => document.getElementById("delete-state")!.textContent!.includes("does not belong"));
      expect((await setup.api.fetch(`/v1/log/${id}`)).status).toBe(200);

      await page.fill("#delete-token", token);
      await page.click("#delete-paste button");
      await page.waitForSelector("text=The log was deleted");
    });
    expect((await setup.api.fetch(`/v1/log/${id}`)).status).toBe(404);
  }, 30_000);
});

describe("security", () => {
  test("a log holding markup shows it as text and runs none of it", async () => {
    const { id } = await setup.api.upload(hostileLog);
    await withPage(async (page) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const response = await page.goto(`${setup.api.url}/${id}`);
      expect(response!.headers()["content-security-policy"]).toContain("script-src 'self'");
      expect(await page.textContent("#L1")).toBe("1[12:00:00] [Server thread/INFO]: <script>window.__pwned = 1</script>");
      expect(await page.textContent("#L2")).toBe('2[12:00:01] [Server thread/WARN]: <img src=x onerror="window.__pwned = 2">');
      expect(await page.textContent("#L3")).toContain("</div></main>");
      expect(await page.$$("#log script, #log img")).toHaveLength(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(errors).toEqual([]);
    });
    const html = await (await setup.api.fetch(`/${id}`, { headers: { accept: "text/html" } })).text();
    // Every script is an external same-origin file: no inline script for the CSP to allow.
    expect(html.match(/<script\b[^>]*>/g)!.every((tag) => / src="\/assets\/[\w.-]+\.js"/.test(tag))).toBe(true);
  }, 30_000);
});

describe("without JavaScript", () => {
  test("the log, its insights and line anchors read the same; the controls that need scripts stay hidden", async () => {
    const { id } = await setup.api.upload(paperLogWithBrokenPlugin);
    await withPage(
      async (page) => {
        await page.goto(`${setup.api.url}/${id}`);
        expect(await page.textContent("h1")).toBe("Paper 1.20.4 Server Log");
        expect(await page.isVisible(".problem")).toBe(true);
        expect(await page.textContent("#L5")).toContain("UnknownDependencyException");
        expect(await page.isVisible("#delete")).toBe(false);
        expect(await page.isVisible("#goto")).toBe(false);
        await page.click(".problem a.line-link");
        expect(await hashOf(page)).toBe("#L4");
        expect(await page.$eval("#L4", (line) => line.matches(":target"))).toBe(true);
      },
      { javaScriptEnabled: false },
    );
  }, 30_000);

  test("the AI section is absent when no model is configured", async () => {
    const { id } = await setup.api.upload(numberedLog(3));
    await withPage(async (page) => {
      await page.goto(`${setup.api.url}/${id}`);
      expect(await page.$("#ai")).toBeNull();
    });
  }, 30_000);
});
