/**
 * The browser for the end-to-end tests: Debian's chromium (/usr/bin/chromium, or CHROMIUM_PATH)
 * driven by playwright-core. Nothing is downloaded; playwright gives each launch a fresh profile
 * (its own temporary --user-data-dir), removed on close. Without a browser there, a browser test
 * file skips with one line saying why (test/support/requires.ts; CI fails instead).
 *
 * The test files of one `bun test` run share one browser: launching and closing Chromium costs
 * about 0.7 s a file on the 2-core machine, and each test opens its own context anyway (a fresh
 * profile: cookies, storage, viewport). In a `--parallel` worker each file launches and closes its own.
 */
import { afterAll, beforeAll, describe, test } from "bun:test";
import { chromium, type Browser, type Page } from "playwright-core";
import type { Env } from "../../src/config.ts";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { CHROMIUM_PATH, chromium as chromiumNeed, type Need, requires } from "../support/requires.ts";

/**
 * The page's address fragment, read in the page: `page.url()` is playwright's copy, updated by an
 * event that may arrive after a click or key press has already resolved (a CI run read the
 * fragment of the step before).
 */
export function hashOf(page: Page): Promise<string> {
  return page.evaluate(() => location.hash);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * In the workers of `bun test --parallel` (Bun sets BUN_TEST_WORKER_ID there) each file runs with
 * a fresh module registry, so a browser kept for the next file would never be seen again.
 * (`--isolate` alone does the same without telling; a sequential run with it keeps a browser per
 * file open until the run ends.)
 */
const ownBrowserPerFile = process.env.BUN_TEST_WORKER_ID !== undefined;
let sharedBrowser: Promise<Browser> | null = null;

/** The run's browser, launched by the first file that needs one (again if it went away). */
async function browserForRun(): Promise<Browser> {
  if (ownBrowserPerFile) return launchBrowser();
  const current = sharedBrowser && (await sharedBrowser.catch(() => null));
  if (!current?.isConnected()) {
    sharedBrowser = launchBrowser();
    const browser = await sharedBrowser;
    // playwright kills the browsers it launched when the process exits; closing first is tidier.
    process.once("beforeExit", () => void browser.close());
    return browser;
  }
  return current;
}

/** Gives back a file's browser: closed when the file had its own, kept for the next file otherwise. */
async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (ownBrowserPerFile) await browser?.close();
}

/** A browser test file's own `test` and `describe`: skipped when there is no browser to drive (or the file's other needs are missing). */
interface BrowserFile {
  readonly test: typeof test;
  readonly describe: typeof describe;
}

/**
 * Call once per browser test file, at its top: says why its tests skip when there is no browser,
 * or when one of the file's own `needs` (test/support/requires.ts) is missing.
 */
function browserFile(needs: Record<string, Need>): BrowserFile & { readonly available: boolean } {
  const available = Object.values(requires({ browser: chromiumNeed(), ...needs })).every(Boolean);
  return { available, test: test.skipIf(!available), describe: describe.skipIf(!available) };
}

/**
 * A browser for one test file, ready before its tests. Read `browser`
 * inside tests (it is set once the hooks have run); write tests with the returned `test`.
 */
export function browserForFile(): BrowserFile & { readonly available: boolean; readonly browser: Browser } {
  const file = browserFile({});
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (file.available) browser = await browserForRun();
  }, START_TIMEOUT_MS);
  afterAll(() => releaseBrowser(browser), START_TIMEOUT_MS);
  return {
    ...file,
    get browser() {
      return browser!;
    },
  };
}

/**
 * The real app and a browser for one test file, started together before its tests; the app is
 * stopped after them. Read `api` and `browser` inside tests (they are set once the hooks have run);
 * write tests with the returned `test` and `describe`. `env` configures the app (smaller or
 * larger limits, for example); `needs` are the file's other needs, e.g. an `optIn` run.
 */
export function appAndBrowser(env: Env = {}, needs: Record<string, Need> = {}): BrowserFile & { readonly api: TestApp; readonly browser: Browser } {
  const file = browserFile(needs);
  let api: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (file.available) [api, browser] = await Promise.all([startTestApp(env), browserForRun()]);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await releaseBrowser(browser);
    await api?.stop();
  }, START_TIMEOUT_MS);
  return {
    test: file.test,
    describe: file.describe,
    get api() {
      return api!;
    },
    get browser() {
      return browser!;
    },
  };
}
