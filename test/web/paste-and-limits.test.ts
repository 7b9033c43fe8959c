/**
 * The paste page and what the limits make of a paste, desktop and phone, on an app with small
 * limits (50 lines, 32 KiB kept; bodies of 64 KiB as sent): a file dropped anywhere on the
 * window or pasted from the clipboard, Ctrl+S and Ctrl+Enter, binary files refused, the upload
 * gzip-compressed so a text over the body limit is cut (as announced) rather than refused, the
 * form without JavaScript landing on the log's page without an empty attached file, and a cut
 * log saying which part it kept.
 */
import { expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { appAndBrowser } from "./browser.ts";
import { numberedLog } from "./fixtures.ts";

const setup = appAndBrowser({
  MAX_LINES: "50",
  MAX_LENGTH: String(32 * 1024),
  MAX_BODY_BYTES: String(64 * 1024),
  MAX_DECODED_BYTES: String(1024 * 1024),
  BODY_BUDGET_BYTES: String(8 * 1024 * 1024),
});
const { test } = setup;

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;
type Kind = keyof typeof VIEWPORTS;

async function withPage(kind: Kind, run: (page: Page, context: BrowserContext) => Promise<void>, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await setup.browser.newContext({ ...VIEWPORTS[kind], ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  try {
    await run(page, context);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

/** Hands the page a file as a drop on `target` or as a clipboard paste, as a person would. */
function giveFile(page: Page, how: "drop" | "paste", target: string, name: string, bytes: number[]) {
  return page.evaluate(
    ({ how, target, name, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: "text/plain" }));
      const element = document.querySelector(target)!;
      if (how === "paste") element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
      else {
        element.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        element.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    { how, target, name, bytes },
  );
}

const utf8 = (text: string) => [...new TextEncoder().encode(text)];
const logId = (page: Page) => new URL(page.url()).pathname.slice(1);

for (const kind of ["desktop", "phone"] as const) {
  test(`a file dropped anywhere or pasted is taken; Ctrl+S and Ctrl+Enter upload; a binary file is refused (${kind})`, async () => {
    await withPage(kind, async (page) => {
      await page.goto(`${setup.api.url}/`);
      // Dropped on the page's heading, far from the text area.
      await giveFile(page, "drop", "h1", "latest.log", utf8("[12:00:00] [Server thread/INFO]: dropped\n"));
      await page.waitForFunction(() => document.getElementById("paste-stats")!.textContent!.startsWith("latest.log: 1 lines"));
      expect(await page.inputValue("#paste-content")).toContain("dropped");

      // A binary file: refused with a message, and nothing of it kept.
      await giveFile(page, "paste", "body", "world.dat", [0x0a, 0x00, 0x01, 0x02]);
      await page.waitForFunction(() => document.getElementById("paste-state")!.textContent!.includes("NUL"));
      expect(await page.textContent("#paste-state")).toBe("Could not read world.dat: it is not a text file (it holds NUL bytes). Only text logs can be shared.");

      // Pasted from the clipboard as a file, then saved with Ctrl+S: the log's page opens.
      await giveFile(page, "paste", "#paste-content", "pasted.log", utf8("[12:00:00] [Server thread/INFO]: pasted from the clipboard\n"));
      await page.waitForFunction(() => document.getElementById("paste-stats")!.textContent!.startsWith("pasted.log"));
      await Promise.all([page.waitForURL(/\/[A-Za-z0-9]{6,}$/), page.keyboard.press("Control+s")]);
      expect(await page.textContent("#L1")).toContain("pasted from the clipboard");

      // Ctrl+Enter from the text area.
      await page.goto(`${setup.api.url}/`);
      await page.fill("#paste-content", "[12:00:00] [Server thread/INFO]: typed");
      await Promise.all([page.waitForURL(/\/[A-Za-z0-9]{6,}$/), page.press("#paste-content", "Control+Enter")]);
      expect(await page.textContent("#L1")).toContain("typed");
    });
  }, 90_000);

  test(`a text over the body limit goes gzip-compressed and is cut as announced; the page says which part was kept (${kind})`, async () => {
    await withPage(kind, async (page) => {
      // 200 lines of about 500 bytes: 100 KB, over the 64 KiB body limit as plain JSON.
      const text = Array.from({ length: 200 }, (_, i) => `[12:00:00] [Server thread/INFO]: line ${i + 1} ${"x".repeat(480)}`).join("\n");
      await page.goto(`${setup.api.url}/`);
      await giveFile(page, "drop", "#paste-content", "big.log", utf8(text));
      await page.waitForFunction(() => document.getElementById("paste-stats")!.textContent!.includes("Over the limit"));
      expect(await page.textContent("#paste-stats")).toBe("big.log: 200 lines, 102 KB. Over the limit: the server keeps the beginning, the first 50 lines / 32 KB.");
      const sent = page.waitForRequest((request) => request.url().endsWith("/v1/log") && request.method() === "POST");
      await Promise.all([page.waitForURL(/\/[A-Za-z0-9]{6,}$/), page.getByRole("button", { name: "Upload" }).click()]);
      const request = await sent;
      expect(request.headers()["content-encoding"]).toBe("gzip");
      expect(request.postDataBuffer()!.length).toBeLessThan(64 * 1024);

      // 32 KB hold 65 of these lines; the line limit keeps 50.
      const info = await (await setup.api.fetch(`/v1/log/${logId(page)}`)).json();
      expect([info.lines, info.truncated]).toEqual([50, true]);
      expect(await page.textContent(".summary .note")).toBe(
        "This log was cut to the limit of 50 lines: it shows the beginning of the upload, lines 1 to 50; the rest was not kept.",
      );
      expect(await page.textContent(".cut-end")).toBe("The upload went on after line 50; the limit of 50 lines cut the rest.");
      await page.screenshot({ path: `${import.meta.dir}/../../test-output/truncated-log-${kind}.png` });
    });
  }, 90_000);
}

test("a log cut at the size limit says so", async () => {
  const { id } = await setup.api.upload(Array.from({ length: 40 }, (_, i) => `line ${i + 1} ${"y".repeat(1000)}`).join("\n"));
  await withPage("desktop", async (page) => {
    await page.goto(`${setup.api.url}/${id}`);
    expect(await page.textContent(".summary .note")).toBe(
      "This log was cut to the limit of 32 KB: it shows the beginning of the upload, lines 1 to 33; the rest was not kept.",
    );
  });
}, 60_000);

for (const kind of ["desktop", "phone"] as const) {
  test(`without JavaScript the form lands on the log's page, and a text paste attaches no empty file (${kind})`, async () => {
    await withPage(
      kind,
      async (page) => {
        await page.goto(`${setup.api.url}/`);
        await page.fill("#paste-content", numberedLog(3));
        await Promise.all([page.waitForURL(/\/[A-Za-z0-9]{6,}$/), page.getByRole("button", { name: "Upload" }).click()]);
        expect(await page.textContent("#L3")).toContain("line 3");
        const info = await (await setup.api.fetch(`/v1/log/${logId(page)}`)).json();
        expect([info.lines, info.files]).toEqual([3, []]);
      },
      { javaScriptEnabled: false },
    );
  }, 60_000);
}

test("an API client posting a form still gets JSON", async () => {
  const form = new FormData();
  form.append("content", "[12:00:00] [Server thread/INFO]: from curl");
  const response = await setup.api.fetch("/v1/log", { method: "POST", body: form, headers: { accept: "*/*" } });
  expect(response.status).toBe(200);
  expect((await response.json()).success).toBe(true);
}, 30_000);
