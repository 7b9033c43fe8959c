/**
 * Blobs are brotli bytes, which Postgres's own compression of large values never shrinks: the
 * column is stored EXTERNAL (drizzle/0003), so an upload's insert does not try (the column's
 * storage is what fails without the migration). What is stored and read back must not change. Runs on both databases (PGlite in memory, or
 * TEST_DATABASE_URL's Postgres), through a real upload.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/storage/database.ts";
import { forgeServerLog } from "../../bench/fixtures.ts";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

test("the blob column skips Postgres's compression, and a large blob is stored and read back intact", async () => {
  const log = forgeServerLog();
  const { id } = await api.upload(log);
  const [column] = rowsOf<{ storage: string }>(
    await api.database.db.execute(sql`select attstorage as storage from pg_attribute where attrelid = 'blobs'::regclass and attname = 'data'`),
  );
  expect(column.storage).toBe("e");
  const [stored] = rowsOf<{ hash: string; compression: string | null; size: number; bytes: number }>(
    await api.database.db.execute(sql`
      select b.hash, pg_column_compression(b.data) as compression, pg_column_size(b.data) as size, octet_length(b.data) as bytes
      from logs l join blobs b on b.hash = l.blob_hash where l.id = ${id}`),
  );
  // What the setting is for; the checks after it say the blob is intact (brotli bytes would not
  // have compressed under the default either, so they hold without the migration too).
  expect(Number(stored.bytes)).toBeGreaterThan(2048);
  expect(stored.compression).toBeNull();
  expect(Number(stored.size)).toBe(Number(stored.bytes));
  // The text read back is the one hashed at upload (the blob's address is its SHA-256).
  const raw = await api.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "identity" } });
  const text = new Uint8Array(await raw.arrayBuffer());
  expect(new Bun.CryptoHasher("sha256").update(text).digest("hex")).toBe(stored.hash);
  expect(new TextDecoder().decode(text).split("\n").length).toBe(log.trim().split("\n").length);
});
