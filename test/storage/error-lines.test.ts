/**
 * Error log lines carried uploaders' metadata, token hashes and log ids: Drizzle's message
 * repeats the failed query with its parameters. describeError keeps what an operator needs.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../src/storage/database.ts";
import { describeError } from "../../src/storage/driver-errors.ts";
import { createTestDatabase, type TestDatabase } from "../support/app.ts";

let testDatabase: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase({ url: testDatabase.url, dataDir: testDatabase.dataDir });
}, 60_000);
afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

test("a failed query is described by its SQLSTATE and the driver's message, without its parameters", async () => {
  const secret = "token-hash-0123456789abcdef";
  const error = await database.db.execute(sql`select * from no_such_table where id = ${secret}`).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).not.toBeNull();
  expect(String((error as Error).message)).toContain(secret); // what Drizzle itself says
  const line = describeError(error);
  expect(line).toStartWith("database error 42P01");
  expect(line).not.toContain(secret);
});
