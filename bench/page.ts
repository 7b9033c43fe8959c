#!/usr/bin/env bun
/**
 * The first view of a big log's page, in headless Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium): a 100,000-line server log, desktop (1280x800) and phone (390x844, DPR 2),
 * several fresh page loads each. Prints the median and spread of the first byte, the first
 * contentful paint and DOMContentLoaded, next to a 100-line log's (what the browser needs for
 * any page on this machine), and writes them to bench/results/page.md.
 *
 *   bun run bench/page.ts [runs per case, default 7]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { largeLog } from "../test/web/fixtures.ts";
import { startProgram } from "./processes.ts";

const runs = Number(process.argv[2] ?? 7);
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;

interface Timing {
  firstByte: number;
  firstContentfulPaint: number;
  domContentLoaded: number;
}

const dataDir = mkdtempSync(join(tmpdir(), "logpaste-page-bench-"));
const service = await startProgram("logpaste", ["bun", "run", "start"], {
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  MAX_LINES: "100000",
  MAX_LENGTH: String(32 * 1024 * 1024),
  RATE_LIMIT_MAX: "100000",
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });

async function upload(lines: number): Promise<string> {
  const response = await fetch(`${service.url}/v1/log`, { method: "POST", headers: { "content-type": "text/plain" }, body: largeLog(lines) });
  const { id } = (await response.json()) as { id: string };
  // The first view analyses the log; the measured views reuse the analysis, as every later reader does.
  await (await fetch(`${service.url}/${id}`, { headers: { accept: "text/html" } })).arrayBuffer();
  return id;
}

async function firstView(id: string, kind: keyof typeof VIEWPORTS): Promise<Timing> {
  const context = await browser.newContext(VIEWPORTS[kind]);
  try {
    const page = await context.newPage();
    await page.goto(`${service.url}/${id}`, { waitUntil: "load", timeout: 120_000 });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, { timeout: 30_000 });
    return await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        firstByte: navigation.responseStart,
        firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0].startTime,
        domContentLoaded: navigation.domContentLoadedEventStart,
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values: number[]) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;

const rows: string[] = [];
try {
  const logs = { "100 lines": await upload(100), "100,000 lines": await upload(100_000) };
  for (const [name, id] of Object.entries(logs)) {
    for (const kind of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      const timings: Timing[] = [];
      for (let run = 0; run < runs; run++) timings.push(await firstView(id, kind));
      const column = (key: keyof Timing) => timings.map((timing) => timing[key]);
      const cell = (key: keyof Timing) => `${Math.round(median(column(key)))} (${spread(column(key))})`;
      rows.push(`| ${name} | ${kind} | ${cell("firstByte")} | ${cell("firstContentfulPaint")} | ${cell("domContentLoaded")} |`);
      console.log(rows.at(-1));
    }
  }
} finally {
  await browser.close();
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const report = `# First view of a log page

\`bun run bench/page.ts ${runs}\`: ${runs} fresh page loads per row in headless Chromium, on the default
PGlite, after one view that analysed the log. Milliseconds from the start of navigation: median
(min-max). Load average at the end: ${loadavg().map((n) => n.toFixed(1)).join(" ")}.

| log | viewport | first byte | first contentful paint | DOMContentLoaded |
|---|---|---:|---:|---:|
${rows.join("\n")}
`;
mkdirSync(join(import.meta.dir, "results"), { recursive: true });
writeFileSync(join(import.meta.dir, "results", "page.md"), report);
console.log(report);
