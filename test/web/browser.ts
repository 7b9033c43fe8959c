/**
 * The browser for the end-to-end tests: Debian's chromium (/usr/bin/chromium) driven by
 * playwright-core. Nothing is downloaded; playwright gives each launch a fresh profile
 * (its own temporary --user-data-dir), removed on close.
 */
import { chromium, type Browser } from "playwright-core";

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
