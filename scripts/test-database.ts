/**
 * Creates or drops the Postgres database a CI run tests against:
 *   bun scripts/test-database.ts create <admin-url> <name>
 *   bun scripts/test-database.ts drop <admin-url> <name>
 * Dropping also removes the per-file databases the test run made (logpaste_test_*) if a crash left any.
 */
import postgres from "postgres";

const [action, adminUrl, name] = process.argv.slice(2);
if (!action || !adminUrl || !name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: bun scripts/test-database.ts create|drop <admin-url> <name>");
  process.exit(2);
}
const sql = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
try {
  if (action === "create") {
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.unsafe(`create database ${name}`);
  } else if (action === "drop") {
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    const leftovers = await sql`select datname from pg_database where datname like 'logpaste_test_%'`;
    for (const { datname } of leftovers) await sql.unsafe(`drop database if exists ${datname} with (force)`);
  } else {
    throw new Error(`unknown action '${action}'`);
  }
} finally {
  await sql.end();
}
