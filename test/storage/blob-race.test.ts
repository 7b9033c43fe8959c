/**
 * The race between deleting the last log of a blob and a new upload of the same content: the
 * delete finds the blob orphaned, the upload references it, the delete's removal then waits on the
 * upload's key lock and is refused by the restrict key once the upload commits. The log must be
 * deleted all the same, the blob kept for the new log, and nothing may surface as an error.
 * Reproduced exactly with a second connection holding the upload's transaction open.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { openDatabase, type Database } from "../../src/storage/database.ts";
import { LogStore } from "../../src/storage/log-store.ts";
import { prepareBlob } from "../../src/storage/blobs.ts";
import { startPrivatePostgres, type PrivatePostgres } from "../support/private-postgres.ts";
import { postgresBinaries, requires } from "../support/requires.ts";

const available = requires({ postgres: postgresBinaries() }).postgres;
let pg: PrivatePostgres;
let database: Database;

beforeAll(async () => {
  if (!available) return;
  pg = await startPrivatePostgres();
  database = await openDatabase({ url: pg.url });
}, 60_000);
afterAll(async () => {
  await database?.close();
  await pg?.destroy();
}, 30_000);

test.skipIf(!available)("deleting the last log of a blob while an upload references it again", async () => {
  const store = new LogStore(database);
  const blob = await prepareBlob("[10:00:00] [Server thread/INFO]: shared content");
  const newLog = (id: string) => ({
    id, tokenHash: "0".repeat(64), blob, files: [], source: null, metadata: [],
    lines: 1, errors: 0, truncated: false, createdAt: new Date(),
  });
  await store.insert(newLog("logA0001"));

  // The concurrent upload, mid-transaction: its log row references the blob (and locks its key).
  const uploader = postgres(pg.url, { max: 1, onnotice: () => {} });
  const connection = await uploader.reserve();
  await connection`begin`;
  await connection`insert into logs (id, token_hash, blob_hash, size, lines, errors) values ('logB0001', ${"0".repeat(64)}, ${blob.hash}, ${blob.size}, 1, 0)`;

  const deletion = store.delete("logA0001");
  await Bun.sleep(300); // the delete's blob removal is now waiting on the upload's lock
  await connection`commit`;
  connection.release();
  await uploader.end();

  expect(await deletion).toEqual({ deleted: true, blobsRemoved: [] });
  expect(await store.find("logA0001")).toBeNull();
  expect(await store.readBlob(blob.hash)).not.toBeNull();
  expect((await store.find("logB0001"))?.blobHash).toBe(blob.hash);

  // The last log goes: now the blob goes with it.
  expect(await store.delete("logB0001")).toEqual({ deleted: true, blobsRemoved: [blob.hash] });
  expect(await store.countBlobs()).toBe(0);
}, 60_000);
