/**
 * The database goes away under load: a private PostgreSQL server (the machine's binaries, its own
 * data folder) is stopped while clients upload and read. Requests must answer 503 with
 * Retry-After, quickly, never hang or crash the server; when the database is back the service
 * recovers by itself, and every upload that was answered 200 is readable afterwards.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { startPrivatePostgres, type PrivatePostgres } from "../support/private-postgres.ts";
import { postgresBinaries, requires } from "../support/requires.ts";

const available = requires({ postgres: postgresBinaries() }).postgres;
let pg: PrivatePostgres;
let api: TestApp;

beforeAll(async () => {
  if (!available) return;
  pg = await startPrivatePostgres();
  // No hot cache: every read must reach the database, so the outage is seen by reads too.
  // The limiter is not under test here: this test alone sends tens of thousands of reads a minute.
  api = await startTestApp({ CACHE_MAX_BYTES: "0", DB_TIMEOUT_S: "4", RATE_LIMIT_MAX: "1000000", RATE_LIMIT_BUCKETS: "1000000" }, { databaseUrl: pg.url });
}, START_TIMEOUT_MS);

afterAll(async () => {
  if (!available) return;
  await api?.stop();
  await pg?.destroy();
}, START_TIMEOUT_MS);

interface Outcome {
  status: number;
  ms: number;
  retryAfter: string | null;
  code?: string;
  body?: { error?: string };
  /** performance.now() when the request was sent and when its answer was read. */
  startedAt: number;
  endedAt: number;
}

/** Waits at least `minMs`, then until `done()` holds or `maxMs` have passed (the checks then say what was missing). */
async function until(done: () => boolean, minMs: number, maxMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < maxMs && (Date.now() - started < minMs || !done())) await Bun.sleep(50);
}

async function timed(request: () => Promise<Response>): Promise<Outcome & { body: any }> {
  const started = performance.now();
  const response = await request();
  const text = await response.text();
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {}
  const endedAt = performance.now();
  return { status: response.status, ms: endedAt - started, retryAfter: response.headers.get("retry-after"), code: body?.code, body, startedAt: started, endedAt };
}

test.skipIf(!available)("uploads and reads get 503 while the database is down and recover by themselves", async () => {
  const acknowledged = new Map<string, string>();
  const outcomes: { phase: string; outcome: Outcome }[] = [];
  let phase = "before";
  let stopRequested = false;
  let running = true;
  let counter = 0;

  const upload = async () => {
    const startedIn = phase;
    const content = `[10:00:00] [Server thread/INFO]: outage test line ${counter++} ${Math.random()}`;
    const result = await timed(() => api.fetch("/v1/log", { method: "POST", headers: { "content-type": "text/plain" }, body: content }));
    if (result.status === 200) acknowledged.set(result.body.id, content);
    outcomes.push({ phase: stopRequested && startedIn === "before" ? "stopping" : startedIn, outcome: result });
  };
  const read = async () => {
    const ids = [...acknowledged.keys()];
    if (ids.length === 0) return;
    const startedIn = phase;
    const result = await timed(() => api.fetch(`/v1/raw/${ids[Math.floor(Math.random() * ids.length)]}`));
    outcomes.push({ phase: stopRequested && startedIn === "before" ? "stopping" : startedIn, outcome: result });
  };
  const worker = async () => {
    while (running) {
      await upload();
      await read();
    }
  };

  const workers = Array.from({ length: 6 }, worker);
  // Each phase lasts until it has shown what it is for, within a bound (the checks below say what
  // is enough); fixed sleeps waited as long on a quiet machine as on a loaded one.
  await until(() => acknowledged.size >= 20, 500, 10_000);
  stopRequested = true;
  phase = "down";
  await pg.stop();
  await until(() => outcomes.filter((o) => o.phase !== "before" && o.outcome.status === 503).length >= 20, 1000, 10_000);
  phase = "back";
  await pg.start();
  // Recovery: keep going until uploads succeed again, then long enough after it for the checks.
  await until(() => outcomes.some((o) => o.phase === "back" && o.outcome.status === 200), 0, 20_000);
  const firstBack = Math.min(...outcomes.filter((o) => o.phase === "back" && o.outcome.status === 200).map((o) => o.outcome.endedAt));
  await until(() => outcomes.filter((o) => o.phase === "back" && o.outcome.startedAt > firstBack + 2000).length >= 400, 2500, 15_000);
  running = false;
  await Promise.all(workers);

  // Requests that were in flight when the stop began count with the outage.
  const during = outcomes.filter((o) => o.phase === "down" || o.phase === "stopping").map((o) => o.outcome);
  const after = outcomes.filter((o) => o.phase === "back").map((o) => o.outcome);
  expect(outcomes.filter((o) => o.phase === "before" && o.outcome.status !== 200).map((o) => o.outcome.status)).toEqual([]);

  // While down: 503 with Retry-After and the JSON error shape, never a hang or a 500.
  expect(during.length).toBeGreaterThan(0);
  const unavailable = during.filter((o) => o.status === 503);
  expect(unavailable.length).toBeGreaterThan(0);
  const slow = outcomes.filter((o) => o.outcome.ms > 3000).map((o) => `${o.phase}:${o.outcome.status}:${o.outcome.code}:${Math.round(o.outcome.ms)}`);
  if (slow.length) console.log("slow:", slow.join(" "));
  for (const o of during) {
    expect([200, 503]).toContain(o.status);
    // Bounded by DB_TIMEOUT_S (4 s) plus slack: an answer, not a hang.
    expect(o.ms).toBeLessThan(7_000);
    if (o.status === 503) {
      expect(o.code).toBe("database_unavailable");
      expect(Number(o.retryAfter)).toBeGreaterThan(0);
    }
  }

  // Back: the service recovered by itself.
  expect(after.filter((o) => o.status === 200).length).toBeGreaterThan(0);
  // Once it has answered one request from the database again, give the breaker's cooldown and the
  // driver's reconnect backoff (1 s each) time; after that the service serves again. A pooled
  // connection the restart left broken can still fail the one query that finds it: that request
  // gets the outage's retryable 503, and nothing else does. (A breaker that opened again would
  // refuse everything for a second: thousands of requests here.)
  const recoveredAt = Math.min(...after.filter((o) => o.status === 200).map((o) => o.endedAt));
  const sentAfterRecovery = after.filter((o) => o.startedAt > recoveredAt + 2000).sort((a, b) => a.startedAt - b.startedAt);
  const failedAfterRecovery = sentAfterRecovery.filter((o) => o.status !== 200);
  const describeOutcome = (o: Outcome) => ({ status: o.status, code: o.code, retryAfter: o.retryAfter, ms: Math.round(o.ms) });
  if (failedAfterRecovery.length > 0) console.log("failed after recovery:", JSON.stringify(failedAfterRecovery.map(describeOutcome)));
  // Enough requests for the 1% below to mean something, even with another test file sharing the cores.
  expect(sentAfterRecovery.length).toBeGreaterThan(200);
  expect(failedAfterRecovery.filter((o) => o.status !== 503 || o.code !== "database_unavailable" || !o.retryAfter)).toEqual([]);
  expect(failedAfterRecovery.length).toBeLessThanOrEqual(sentAfterRecovery.length * 0.01);
  expect(sentAfterRecovery.slice(-50).filter((o) => o.status !== 200).map(describeOutcome)).toEqual([]);

  // Nothing acknowledged was lost.
  expect(acknowledged.size).toBeGreaterThan(0);
  for (const [id, content] of acknowledged) {
    const response = await api.fetch(`/v1/raw/${id}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(content);
  }
  console.log(
    `outage: ${outcomes.filter((o) => o.phase === "before").length} before, ${during.length} during (${unavailable.length} x 503, slowest ${Math.round(Math.max(...during.map((o) => o.ms)))} ms), ${after.length} after; ${acknowledged.size} acknowledged uploads all readable`,
  );
}, 60_000);
