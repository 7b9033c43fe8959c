/**
 * The embedded database's client (src/storage/pglite.ts): its bytea codec and the types it reads as text.
 *
 * Blobs survive the embedded database byte for byte: PGlite's bytea codec is replaced by ours
 * (src/storage/pglite.ts: bytes sent in Postgres's binary format, read back as hex text by the
 * engine's codec), so every byte value, an empty blob and a large one must come back as they went
 * in, and the database must hold the same bytes (its own md5 says so).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openPgliteClient, type OpenedPglite } from "../../src/storage/pglite.ts";

let db: OpenedPglite;
beforeAll(async () => {
  db = await openPgliteClient("memory");
  await db.client.exec("create table blob_round_trip (id int primary key, data bytea not null)");
});
afterAll(() => db.close());

const everyByte = Uint8Array.from({ length: 256 }, (_, i) => i);
const large = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 256);

describe("bytea through the embedded database", () => {
  for (const [name, bytes] of [["empty", new Uint8Array(0)], ["every byte value", everyByte], ["300 KB", large]] as const) {
    test(`${name}: the same bytes come back, and the database holds them`, async () => {
      await db.client.query("insert into blob_round_trip values ($1, $2)", [bytes.length, bytes]);
      const { rows } = await db.client.query<{ data: Uint8Array; md5: string }>("select data, md5(data) as md5 from blob_round_trip where id = $1", [bytes.length]);
      expect(rows[0].data).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(rows[0].data).equals(Buffer.from(bytes))).toBe(true);
      expect(rows[0].md5).toBe(new Bun.CryptoHasher("md5").update(bytes).digest("hex"));
    });
  }

  test("a value that is not bytes is refused, not stored as text", async () => {
    await expect(db.client.query("insert into blob_round_trip values ($1, $2)", [1, "\\x00"])).rejects.toThrow("bytea takes a Uint8Array");
  });
});

describe("the types drizzle reads as text", () => {
  // drizzle-orm/pglite makes its own values of these from Postgres's text; the client reads them
  // as text for every query (src/storage/pglite.ts), so drizzle's per-query parsers can be dropped.
  const cases = [
    ["timestamp", "'2024-01-02 03:04:05.678'::timestamp", "2024-01-02 03:04:05.678"],
    ["timestamptz", "'2024-01-02 03:04:05.678+00'::timestamptz", "2024-01-02 03:04:05.678+00"],
    ["interval", "'1 day 02:00:00'::interval", "1 day 02:00:00"],
    ["date", "'2024-01-02'::date", "2024-01-02"],
    ["numeric[]", "array[1.50, 2]::numeric[]", "{1.50,2}"],
    ["timestamptz[]", "array['2024-01-02 03:04:05+00']::timestamptz[]", '{"2024-01-02 03:04:05+00"}'],
    ["date[]", "array['2024-01-02']::date[]", "{2024-01-02}"],
  ] as const;

  test.each(cases)("%s comes back as Postgres prints it, with or without per-query parsers", async (_, expression, printed) => {
    await db.client.query("set timezone = 'UTC'");
    const plain = await db.client.query<{ value: unknown }>(`select ${expression} as value`);
    const asDrizzleAsks = await db.client.query<{ value: unknown }>(`select ${expression} as value`, [], { parsers: { 1184: (value: string) => value } });
    expect(plain.rows[0].value).toBe(printed);
    expect(asDrizzleAsks.rows[0].value).toBe(printed);
  });

  test("still as text after PGlite sets the array types' parsers again", async () => {
    await db.client.refreshArrayTypes();
    const { rows } = await db.client.query<{ value: unknown }>("select array['2024-01-02']::date[] as value");
    expect(rows[0].value).toBe("{2024-01-02}");
  });

  test("other types keep PGlite's parsing", async () => {
    const { rows } = await db.client.query<{ n: unknown; b: unknown; j: unknown }>("select 42::int4 as n, true as b, '{\"a\":1}'::jsonb as j");
    expect(rows[0]).toEqual({ n: 42, b: true, j: { a: 1 } });
  });
});
