/**
 * Two replicas on one Postgres, as real processes: a log that leaves storage on one (delete,
 * bulk delete, expiry by its janitor) is gone from the other within 1 s, as raw text, log info,
 * insights and page, although the other had it in its caches. Postgres leg only.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { startServiceProcess, type ServiceProcess } from "../support/service-process.ts";
import { START_TIMEOUT_MS } from "../support/app.ts";
import { optIn, requires } from "../support/requires.ts";

requires({ postgres: optIn("TEST_DATABASE_URL", "two replicas need a Postgres to share") });
const url = process.env.TEST_DATABASE_URL;
const ADMIN_TOKEN = "replica-admin-token-0123456789";
let a: ServiceProcess;
let b: ServiceProcess;
beforeAll(async () => {
  if (!url) return;
  const env = { DATABASE_URL: url, JANITOR_INTERVAL_S: "10", RATE_LIMIT_MAX: "100000", ADMIN_TOKEN };
  a = await startServiceProcess(env);
  b = await startServiceProcess(env);
}, 2 * START_TIMEOUT_MS);
afterAll(async () => {
  await a?.cleanup();
  await b?.cleanup();
}, START_TIMEOUT_MS);

const reads = (id: string) => [`/v1/raw/${id}`, `/v1/log/${id}`, `/v1/insights/${id}`, `/${id}`];

async function uploadOnA(text: string): Promise<{ id: string; token: string }> {
  return (await fetch(`${a.url}/v1/log`, { method: "POST", body: text })).json();
}

/** Reads every form on B until all are 404; the time that took, in ms. */
async function goneFromB(id: string, withinMs = 1000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const statuses = await Promise.all(reads(id).map(async (path) => (await fetch(b.url + path, { headers: { accept: path === `/${id}` ? "text/html" : "*/*" } })).status));
    if (statuses.every((status) => status === 404)) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`still served by B after ${withinMs} ms: ${statuses.join(", ")}`);
    await Bun.sleep(25);
  }
}

/** B reads the log in every form, so its caches hold it. */
async function warmB(id: string): Promise<void> {
  for (const path of reads(id)) expect((await fetch(b.url + path, { headers: { accept: "text/html" } })).status).toBe(200);
}

test.skipIf(!url)("a moderator's delete on A is seen on B within 1 s", async () => {
  const { id } = await uploadOnA("[12:00:00] [Server thread/INFO]: to be moderated on A");
  await warmB(id);
  expect((await fetch(`${a.url}/v1/log/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).status).toBe(200);
  expect(await goneFromB(id)).toBeLessThan(1000);
}, 30_000);

test.skipIf(!url)("a delete on A is seen on B within 1 s", async () => {
  const { id, token } = await uploadOnA("[12:00:00] [Server thread/INFO]: to be deleted on A");
  await warmB(id);
  expect((await fetch(`${a.url}/v1/log/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  expect(await goneFromB(id)).toBeLessThan(1000);
});

test.skipIf(!url)("a bulk delete on A is seen on B within 1 s", async () => {
  const logs = [await uploadOnA("[12:00:00] bulk one"), await uploadOnA("[12:00:00] bulk two")];
  for (const { id } of logs) await warmB(id);
  const response = await fetch(`${a.url}/v1/bulk/log/delete`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(logs) });
  expect(response.status).toBe(207);
  for (const { id } of logs) expect(await goneFromB(id)).toBeLessThan(1000);
});

test.skipIf(!url)("expiry by A's janitor is seen on B within 1 s", async () => {
  const { id } = await uploadOnA("[12:00:00] [Server thread/INFO]: to expire");
  await warmB(id);
  const sql = postgres(url!, { max: 1, onnotice: () => {} });
  try {
    // wait until A's janitor (every 10 s) has removed it from the database; age it again on every
    // round, since B's coalesced view writes (from warming it) may land after the first update
    const deadline = Date.now() + 30_000;
    for (;;) {
      await sql`update logs set last_viewed_at = now() - interval '1000 days', created_at = now() - interval '1000 days' where id = ${id}`;
      if ((await sql`select 1 from logs where id = ${id}`).length === 0) break;
      if (Date.now() > deadline) throw new Error("the janitor did not remove the log");
      await Bun.sleep(50);
    }
  } finally {
    await sql.end();
  }
  expect(await goneFromB(id)).toBeLessThan(1000);
}, 60_000);

test.skipIf(!url)("a replica whose listening connection dropped forgets what it held: removals it missed are not served", async () => {
  const { id } = await uploadOnA("[12:00:00] [Server thread/INFO]: removed while B was not listening");
  await warmB(id);
  const sql = postgres(url!, { max: 1, onnotice: () => {} });
  try {
    // a removal B never hears of: straight in the database, no notification
    await sql`delete from log_files where log_id = ${id}`;
    await sql`delete from logs where id = ${id}`;
    expect((await fetch(`${b.url}/v1/raw/${id}`)).status).toBe(200); // still in B's caches
    // drop every listening connection; B's client reconnects and listens again
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen%' and pid <> pg_backend_pid()`;
  } finally {
    await sql.end();
  }
  expect(await goneFromB(id, 5000)).toBeLessThan(5000);
}, 30_000);
