/**
 * Two replicas on one Postgres: the rate limiter is per process, so with a limit of 10 each
 * admitted 10 and the pair 20. With RATE_LIMIT_REPLICAS=2 each enforces its share and requests
 * spread evenly over both are admitted up to the published limit, in total. Postgres leg only
 * (PGlite is one process by design: the data folder is locked).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startServiceProcess, type ServiceProcess } from "../support/service-process.ts";
import { START_TIMEOUT_MS } from "../support/app.ts";
import { optIn, requires } from "../support/requires.ts";

requires({ postgres: optIn("TEST_DATABASE_URL", "two replicas need a Postgres to share") });
const url = process.env.TEST_DATABASE_URL;
const replicas: ServiceProcess[] = [];
beforeAll(async () => {
  if (!url) return;
  for (let i = 0; i < 2; i++) {
    replicas.push(await startServiceProcess({ DATABASE_URL: url, RATE_LIMIT_REPLICAS: "2", RATE_LIMIT_ROUTES: "GET /v1/limits=10/60" }));
  }
}, 2 * START_TIMEOUT_MS);
afterAll(async () => {
  for (const replica of replicas) await replica.cleanup();
}, START_TIMEOUT_MS);

test.skipIf(!url)("requests spread over two replicas are admitted up to the published limit in total", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) statuses.push((await fetch(`${replicas[i % 2].url}/v1/limits`)).status);
  expect(statuses.filter((status) => status === 200).length).toBe(10);
  expect(statuses.filter((status) => status === 429).length).toBe(10);
  // each replica's headers name its own share
  expect((await fetch(`${replicas[0].url}/v1/filters`)).headers.get("ratelimit-policy")).toBe('"default";q=18000;w=60');
});
