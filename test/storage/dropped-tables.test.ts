/**
 * A database whose tables were dropped under the running service (an operator's reset, a
 * restore gone wrong) is a dependency that is down: 503 with Retry-After, as the docs promise,
 * not a 500. Runs on both databases (PGlite in memory, or TEST_DATABASE_URL's Postgres).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

test("reads and uploads answer 503 database_unavailable once the tables are gone", async () => {
  const { id } = await api.upload("[12:00:00] [Server thread/INFO]: soon gone");
  api.service.cache.forgetRecord(id); // make the read reach the database
  await api.database.db.execute(sql`DROP TABLE log_files, logs, blobs CASCADE`);
  for (const [path, init] of [
    [`/v1/log/${id}`, {}],
    ["/v1/log", { method: "POST", body: "[12:00:01] [Server thread/INFO]: after the drop" }],
  ] as const) {
    const response = await api.fetch(path, init);
    expect({ path, status: response.status }).toEqual({ path, status: 503 });
    expect(await response.json()).toMatchObject({ success: false, code: "database_unavailable" });
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  }
});
