/**
 * The browser for the end-to-end tests: Debian's chromium (/usr/bin/chromium) driven by
 * playwright-core. Nothing is downloaded; playwright gives each launch a fresh profile
 * (its own temporary --user-data-dir), removed on close.
 */
import { afterAll, beforeAll } from "bun:test";
import { chromium, type Browser } from "playwright-core";
import type { Env } from "../../src/config.ts";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

export const CHROMIUM = "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
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
 * The real app and a browser for one test file, started together before its tests and closed
 * after them. Read `api` and `browser` inside tests (they are set once the hooks have run).
 * `env` configures the app (smaller or larger limits, for example).
 */
export function appAndBrowser(env: Env = {}): { readonly api: TestApp; readonly browser: Browser } {
  let api: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [api, browser] = await Promise.all([startTestApp(env), launchBrowser()]);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  }, START_TIMEOUT_MS);
  return {
    get api() {
      return api!;
    },
    get browser() {
      return browser!;
    },
  };
}
