/**
 * Opens the database behind the one schema: embedded PGlite (a data folder on disk, or memory
 * for tests) when no DATABASE_URL is set, the `postgres` driver when it is. Migrations from
 * drizzle/ are applied on open, so a fresh clone or a fresh container needs no extra step.
 */
import { resolve } from "node:path";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";
import type { Notifications } from "./removals.ts";
import type { PgliteSettings } from "./pglite.ts";

export type Schema = typeof schema;
/** What the rest of the code sees: a Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** "pglite" or "postgres": for logs and /readyz. */
  driver: "pglite" | "postgres";
  /** LISTEN/NOTIFY between replicas (Postgres only: a PGlite folder has one process). */
  notifications: Notifications | null;
  /**
   * Runs a statement the service sends over and over with other values (the upload's insert) as
   * a prepared statement where the driver can keep one: on Postgres each connection parses and
   * plans it once, not once per upload (an insert cost 1.0 ms of the server's CPU unprepared,
   * 0.65 prepared). Returns what `db.execute` would.
   */
  executePrepared(statement: SQL): Promise<unknown>;
  /** PGlite only: bytes of the WebAssembly memory the embedded Postgres runs in (it never shrinks). */
  embeddedMemoryBytes?: () => number;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data folder; "memory" keeps everything in memory (tests). */
  dataDir?: string;
  /** PGlite memory settings (defaults in src/storage/pglite.ts). */
  pglite?: PgliteSettings;
}

const migrationsFolder = resolve(import.meta.dir, "../../drizzle");

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url ? await openPostgres(options.url) : await openPglite(options.dataDir ?? "./data", options.pglite);
  try {
    await applyMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, {
    max: 10,
    // A dead database must turn into a quick 503, not a request that hangs.
    connect_timeout: 3,
    // postgres.js waits up to 20 s between reconnects after repeated failures; once the database
    // is back we want the service back within a second.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    idle_timeout: 60,
    onnotice: () => {},
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  const { PgDialect } = await import("drizzle-orm/pg-core");
  const dialect = new PgDialect();
  // postgres.js keeps a prepared statement per connection for each distinct query text.
  const executePrepared = (statement: SQL) => {
    const query = dialect.sqlToQuery(statement);
    return client.unsafe(query.sql, query.params as never[], { prepare: true });
  };
  const notifications: Notifications = {
    listen: (channel, onMessage, onListen) => client.listen(channel, onMessage, onListen),
    notify: async (channel, payload) => {
      await client.notify(channel, payload);
    },
  };
  return { db, driver: "postgres", notifications, executePrepared, close: () => client.end({ timeout: 5 }) };
}

async function openPglite(dataDir: string, settings?: PgliteSettings): Promise<Database> {
  const { openPgliteClient } = await import("./pglite.ts");
  const { drizzle } = await import("drizzle-orm/pglite");
  const opened = await openPgliteClient(dataDir, settings);
  const db = drizzle(opened.client, { schema }) as unknown as Db;
  // PGlite keeps no statements between queries: it runs as any other.
  return {
    db,
    driver: "pglite",
    notifications: null,
    executePrepared: (statement) => db.execute(statement),
    embeddedMemoryBytes: opened.memoryBytes,
    close: () => opened.close(),
  };
}

async function applyMigrations(database: Database): Promise<void> {
  if (database.driver === "postgres") {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, { migrationsFolder });
  }
}

/**
 * Readiness: the database answers, and every migration shipped in drizzle/ is applied.
 * Returns what is wrong, or null when ready.
 */
export async function readinessProblem(database: Database): Promise<string | null> {
  const { readMigrationFiles } = await import("drizzle-orm/migrator");
  const { sql } = await import("drizzle-orm");
  const shipped = readMigrationFiles({ migrationsFolder }).length;
  let applied: number;
  try {
    const result = await database.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
    const rows = rowsOf<{ applied: number }>(result);
    applied = Number(rows[0]?.applied ?? 0);
  } catch {
    return "the database does not answer";
  }
  return applied >= shipped ? null : `${shipped - applied} of ${shipped} migrations are not applied`;
}

/** The rows of `db.execute`: postgres.js returns the rows, PGlite returns { rows }. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}
