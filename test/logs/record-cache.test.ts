/**
 * The record cache once counted records (50,000), not bytes: a log with full metadata held
 * ~218 KiB, so one client could fill gigabytes. Now records are weighed, one over 32 KiB is not
 * kept, and the total stays within RECORD_CACHE_BYTES. Memory is read from outside the process.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { HotLogCache, RECORD_MAX_BYTES, recordBytes } from "../../src/logs/hot-cache.ts";
import type { LogRecord } from "../../src/storage/log-store.ts";
import { startServiceProcess, type ServiceProcess } from "../support/service-process.ts";
import { START_TIMEOUT_MS } from "../support/app.ts";
import { optIn, requires } from "../support/requires.ts";

const fullMetadata = Array.from({ length: 100 }, (_, i) => ({ key: `k${i}`.padEnd(64, "k"), value: "v".repeat(1024), label: "l".repeat(128), visible: true }));

function record(id: string, metadata = fullMetadata): LogRecord {
  const now = new Date();
  return { id, blobHash: "0".repeat(64), source: "panel/1.0", metadata, createdAt: now, lastViewedAt: now, size: 10, lines: 1, errors: 0, truncated: false, files: [] };
}

test("a record's weight grows with its metadata; one with full metadata is not kept", () => {
  expect(recordBytes(record("a", []))).toBeLessThan(1024);
  expect(recordBytes(record("b"))).toBeGreaterThan(RECORD_MAX_BYTES);
  const cache = new HotLogCache(0, 1024 * 1024);
  cache.setRecord(record("small", []));
  cache.setRecord(record("large"));
  expect(cache.getRecord("small")).toBeDefined();
  expect(cache.getRecord("large")).toBeUndefined();
});

test("the records kept never weigh more than the budget", () => {
  const budget = 64 * 1024;
  const cache = new HotLogCache(0, budget);
  const medium = fullMetadata.slice(0, 10); // ~25 KiB each
  for (let i = 0; i < 100; i++) cache.setRecord(record(`id${i}`, medium));
  const kept = Array.from({ length: 100 }, (_, i) => cache.getRecord(`id${i}`)).filter(Boolean) as LogRecord[];
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.reduce((sum, r) => sum + recordBytes(r), 0)).toBeLessThanOrEqual(budget);
});

// On PGlite the database lives in the process: its own memory (2,000 uploads store ~460 MB of
// metadata) would be measured with the app's, so the process test runs on the Postgres leg only.
const onPostgres = requires({ postgres: optIn("TEST_DATABASE_URL", "the 2,000-upload memory test runs on Postgres only") }).postgres;
let service: ServiceProcess | undefined;
beforeAll(async () => {
  if (onPostgres) service = await startServiceProcess({ DATABASE_URL: process.env.TEST_DATABASE_URL!, RATE_LIMIT_MAX: "100000" });
}, START_TIMEOUT_MS);
afterAll(() => service?.cleanup(), START_TIMEOUT_MS);

test.skipIf(!onPostgres)("2,000 uploads with full metadata leave well under 32 KiB each in the process", async () => {
  const upload = (i: number) =>
    fetch(`${service!.url}/v1/log`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: `[12:00:00] [Server thread/INFO]: log ${i}`, metadata: fullMetadata }),
    }).then((response) => response.status);
  const batch = async (from: number, count: number) => {
    for (let start = from; start < from + count; start += 50) {
      const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => upload(start + i)));
      expect(statuses.every((status) => status === 200)).toBe(true);
    }
  };
  // warm up until the heaps of the thread and the workers settle at their working size
  await batch(0, 1000);
  const before = await service!.settledRss();
  await batch(1000, 2000);
  const perLog = ((await service!.settledRss()) - before) / 2000;
  console.log(`record cache: ${(perLog / 1024).toFixed(1)} KiB of RSS per upload with full metadata`);
  expect(perLog).toBeLessThan(32 * 1024);
}, 240_000);
