/**
 * "Analyse with AI" in a real browser: the answer streams in from the scripted model server
 * (test/ai) and is rendered as markdown as it arrives, safely; tool steps show as a progress
 * list; Stop ends the stream, while the model run it started goes on and is cached.
 */
import { afterEach, beforeEach, expect } from "bun:test";
import { START_TIMEOUT_MS } from "../support/app.ts";
import { openai } from "../ai/scripted-upstream.ts";
import { browserForFile } from "./browser.ts";
import { startAiPageServer, type AiPageServer } from "./ai-page-server.ts";
import { paperLogWithBrokenPlugin } from "./fixtures.ts";

const setup = browserForFile();
const { test } = setup;
let server: AiPageServer;

// A fresh app per test (the AI answer cache must not carry over), started in a hook: PGlite
// alone takes up to 30 s to open on a loaded machine, which must not count against a test's
// own time. Each test gives the model server its script with upstream.reset().
beforeEach(async () => {
  if (setup.available) server = await startAiPageServer(() => ({ status: 500 }));
}, START_TIMEOUT_MS);
afterEach(async () => {
  await server?.stop();
}, START_TIMEOUT_MS);

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

test("the answer streams in as markdown, tool steps show as a list, and markup in it stays text", async () => {
  const release = gate();
  server.upstream.reset((call) =>
    call.index === 0
      ? { frames: openai.toolCalls([{ id: "call_1", name: "list_files", args: {} }]) }
      : {
          frames: [openai.start(), openai.text("## Cause\n\nThe plugin **FancyShop** needs `Vault`")],
          wait: release.promise,
          rest: [
            openai.text(".\n\n- Install [Vault](https://example.com/vault)\n- Then *restart*\n\n"),
            openai.text('<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> [bad](javascript:window.__pwned=3)'),
            openai.finish("stop"),
          ],
        },
  );
  const { id } = await server.upload(paperLogWithBrokenPlugin);
  const page = await setup.browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${server.url}/${id}`);
    await page.click("#ai-start");

    // Partway: the first part is rendered while the model is still "writing".
    await page.waitForSelector("#ai-answer h2");
    expect(await page.textContent("#ai-answer h2")).toBe("Cause");
    expect(await page.textContent("#ai-answer strong")).toBe("FancyShop");
    expect(await page.isVisible("#ai-stop")).toBe(true);
    const steps = await page.$$eval("#ai-steps li", (items) => items.map((item) => item.textContent));
    expect(steps).toContain("Started");
    expect(steps).toContain("Tool: list_files");

    release.open();
    await page.waitForFunction(() => document.getElementById("ai-state")!.textContent === "Done.");
    expect(await page.textContent("#ai-answer code")).toBe("Vault");
    expect(await page.getAttribute("#ai-answer a", "href")).toBe("https://example.com/vault");
    expect(await page.textContent("#ai-answer em")).toBe("restart");
    expect(await page.$$eval("#ai-answer a", (links) => links.length)).toBe(1); // the javascript: link is plain text
    expect(await page.textContent("#ai-answer")).toContain("<script>window.__pwned = 1</script>");
    expect(await page.$$("#ai-answer script, #ai-answer img")).toHaveLength(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.isVisible("#ai-stop")).toBe(false);
    await page.screenshot({ path: `${import.meta.dir}/../../test-output/log-page-ai-light.png`, fullPage: true });
  } finally {
    await page.close();
  }
}, 30_000);

test("Stop ends the stream; the model run goes on, and Analyse again shows its answer without a second model call", async () => {
  const release = gate();
  server.upstream.reset(() => ({
    frames: [openai.start(), openai.text("Thinking about it")],
    wait: release.promise,
    rest: [openai.text(", done."), openai.finish("stop")],
  }));
  const { id } = await server.upload(paperLogWithBrokenPlugin);
  const page = await setup.browser.newPage();
  try {
    await page.goto(`${server.url}/${id}`);
    await page.click("#ai-start");
    await page.waitForFunction(() => document.getElementById("ai-answer")!.textContent!.includes("Thinking about it"));
    await page.click("#ai-stop");
    await page.waitForFunction(() => document.getElementById("ai-state")!.textContent === "Stopped.");
    expect(await page.isEnabled("#ai-start")).toBe(true);

    release.open();
    await page.click("#ai-start");
    await page.waitForFunction(() => document.getElementById("ai-state")!.textContent!.startsWith("Done"));
    expect(await page.textContent("#ai-answer")).toContain("Thinking about it, done.");
    expect(server.upstream.calls).toHaveLength(1);
    expect(server.upstream.calls[0].wasAborted).toBe(false);
  } finally {
    await page.close();
  }
}, 30_000);
