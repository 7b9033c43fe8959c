/**
 * Parse stalls: a ~64 KB gzip body that decodes to millions of form fields, JSON values or
 * multipart parts once blocked the event loop for 1-3 s, and two clients kept /healthz at a p90
 * of 2 s. Forms are now counted before parsing and bodies are parsed on the intake's workers.
 * The service runs as its own process, as in production.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { startServiceProcess, type ServiceProcess } from "../support/service-process.ts";
import { generatedServerLog } from "../analysis/fixtures/generated-logs.ts";
import { START_TIMEOUT_MS } from "../support/app.ts";
import { HELPING_MAX_BYTES } from "../../src/logs/preparation-pool.ts";

let service: ServiceProcess;
const database: Record<string, string> = process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};
beforeAll(async () => {
  service = await startServiceProcess({ ...database, RATE_LIMIT_MAX: "100000" });
}, START_TIMEOUT_MS);
afterAll(() => service.cleanup(), START_TIMEOUT_MS);

const MILLIONS = 3_000_000;
const bodies: { name: string; contentType: string; bytes: Buffer }[] = [
  { name: "form fields", contentType: "application/x-www-form-urlencoded", bytes: gzipSync("a=1&".repeat(MILLIONS), { level: 9 }) },
  { name: "JSON values", contentType: "application/json", bytes: gzipSync(`{"content":"x","files":[${"0,".repeat(MILLIONS)}0]}`, { level: 9 }) },
  {
    name: "multipart parts",
    contentType: "multipart/form-data; boundary=B",
    bytes: gzipSync(`${'--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n'.repeat(MILLIONS / 4)}--B--\r\n`, { level: 9 }),
  },
];

test("while two clients send bodies of millions of fields, values and parts, /healthz keeps a p90 under 100 ms", async () => {
  for (const body of bodies) expect(body.bytes.byteLength).toBeLessThan(128 * 1024);
  const statuses: Record<string, number[]> = {};
  let sending = true;
  // two clients, as in the report (two clients kept /healthz at a p90 of 2 s), each cycling through the three shapes
  const senders = [0, 1].map(async (client) => {
    for (let round = client; sending; round++) {
      const body = bodies[round % bodies.length];
      {
        const response = await fetch(`${service.url}/v1/log`, {
          method: "POST",
          headers: { "content-type": body.contentType, "content-encoding": "gzip" },
          body: body.bytes as BodyInit,
        });
        await response.arrayBuffer();
        (statuses[body.name] ??= []).push(response.status);
      }
    }
  });
  const latencies: number[] = [];
  const started = Date.now();
  // Probes for 3 s, and on until each shape has been answered twice (so every shape was in flight while probing).
  const answeredTwice = () => bodies.every((body) => (statuses[body.name]?.length ?? 0) >= 2);
  while (Date.now() - started < 30_000 && (Date.now() - started < 3000 || !answeredTwice())) {
    const before = performance.now();
    await fetch(`${service.url}/healthz`);
    latencies.push(performance.now() - before);
    await Bun.sleep(50);
  }
  sending = false;
  await Promise.all(senders);
  latencies.sort((a, b) => a - b);
  const p90 = latencies[Math.floor(latencies.length * 0.9)];
  console.log(`parse stalls: /healthz p90 ${p90.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms over ${latencies.length} probes; answers ${JSON.stringify(Object.fromEntries(Object.entries(statuses).map(([name, list]) => [name, [...new Set(list)]])))}`);
  // The request thread neither decodes nor parses these bodies: the intake's workers do both. Decoding
  // on the request thread had kept the p90 at 34-130 ms (collecting 12 MB of decoded output costs
  // ~40 ms on this machine, most of it first touches of fresh memory); now it is 3-5 ms.
  expect(p90).toBeLessThan(100);
  // every such body gets a clear 4xx (or 503 server_busy when the body budget is spent), none is stored
  for (const body of bodies) expect(statuses[body.name]?.length ?? 0).toBeGreaterThanOrEqual(2);
  for (const list of Object.values(statuses)) for (const status of list) expect([400, 413, 503]).toContain(status);
}, 60_000);

/**
 * /healthz latencies, one probe every 50 ms, while four clients post `body(round)` to `path` in
 * turn: for 3 s and until 20 posts were answered.
 */
async function probeWhileSending(path: string, body: (round: number) => { bytes: string; headers: Record<string, string> }) {
  let sending = true;
  const statuses: number[] = [];
  const senders = [0, 1, 2, 3].map(async (client) => {
    for (let round = client; sending; round++) {
      const { bytes, headers } = body(round);
      const response = await fetch(`${service.url}${path}`, { method: "POST", headers, body: bytes });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  });
  const latencies: number[] = [];
  const started = Date.now();
  while (Date.now() - started < 3000 || statuses.length < 20) {
    const before = performance.now();
    await fetch(`${service.url}/healthz`);
    latencies.push(performance.now() - before);
    await Bun.sleep(50);
    if (Date.now() - started > 30_000) break;
  }
  sending = false;
  await Promise.all(senders);
  latencies.sort((a, b) => a - b);
  return { p90: latencies[Math.floor(latencies.length * 0.9)], max: latencies.at(-1)!, probes: latencies.length, statuses };
}

test("while four clients send light bodies of the slowest shapes, some prepared on the request thread, /healthz stays as quick as when the workers prepare them all", async () => {
  // Plain text up to 256 KiB is prepared on the request thread while the workers are busy
  // (preparation-pool.ts). These are the slowest such bodies tried: a detection hint on every line.
  const hints = ["CustomSkinLoader ", "with Fabric Loader", "-Spigot", "ModLauncher running"];
  const bodiesOf = (bytes: number) => hints.map((hint) => `${hint}\n`.repeat(Math.floor(bytes / (hint.length + 1))));
  const light = bodiesOf(250 * 1024);
  // The same shapes just over HELPING_MAX_BYTES are never prepared on the request thread: what
  // /healthz reads when the workers do it all, on this machine, now.
  const heavy = bodiesOf(HELPING_MAX_BYTES + 1024);
  const plain = (bodies: string[]) => (round: number) => ({ bytes: `${round}\n${bodies[round % bodies.length]}`, headers: { "content-type": "text/plain" } });
  const workersOnly = await probeWhileSending("/v1/log", plain(heavy));
  const helped = await probeWhileSending("/v1/log", plain(light));
  const line = (name: string, run: typeof helped) => `${name} /healthz p90 ${run.p90.toFixed(1)} ms, max ${run.max.toFixed(1)} ms over ${run.probes} probes; ${run.statuses.length} uploads`;
  console.log(`light hostile bodies: ${line("workers only:", workersOnly)}; ${line("with the request thread's help:", helped)}`);
  // With help, alone on one machine: 12-19 ms against 7-17 ms for the workers alone. With the
  // help never paused (HELP_PAUSE_MS = 0): 45-72 ms against 13-18. A full test run on a slow
  // machine once read 34.8 ms with help against a fixed bound of 25: the bound follows the
  // machine, as measured without help in the same test.
  expect(helped.p90).toBeLessThan(Math.max(25, 2 * workersOnly.p90));
  for (const run of [workersOnly, helped]) {
    expect(run.statuses.length).toBeGreaterThanOrEqual(20);
    // Stored like any log (or 503 server_busy when the body budget is spent): nothing else.
    for (const status of run.statuses) expect([200, 503]).toContain(status);
  }
}, 90_000);

test("while four clients ask for analyses of server logs, /healthz waits for none of them", async () => {
  // POST /v1/analyse runs the engine on the intake's workers; the request thread only helps with
  // light bodies (up to HELPING_MAX_BYTES), resting as long as each help took (preparation-pool.ts).
  // When the request thread ran every analysis, a probe landed behind one most of the time: the
  // p99 was 60-73 ms under 16 clients of 200 KB logs, against 12 ms now.
  const text = (bytes: number) => generatedServerLog(bytes);
  const heavyLog = text(4 * HELPING_MAX_BYTES);
  const lightLog = text(200 * 1024);
  expect(lightLog.length).toBeLessThan(HELPING_MAX_BYTES);
  // Each body's first line differs, as different logs would: no answer is reused.
  const distinct = (log: string) => (round: number) => ({ bytes: `[07:59:59] [main/INFO]: round ${round}\n${log}`, headers: { "content-type": "text/plain" } });
  // How long one analysis of the heavy log takes here, alone: what a probe would wait behind it.
  const timings: number[] = [];
  for (let round = 0; round < 5; round++) {
    const before = performance.now();
    const response = await fetch(`${service.url}/v1/analyse`, { method: "POST", ...withBody(distinct(heavyLog)(round)) });
    expect(response.status).toBe(200);
    expect((await response.json()).analysis.problems.length).toBeGreaterThan(0);
    timings.push(performance.now() - before);
  }
  const oneAnalysis = timings.sort((a, b) => a - b)[2];
  const heavy = await probeWhileSending("/v1/analyse", distinct(heavyLog));
  const light = await probeWhileSending("/v1/analyse", distinct(lightLog));
  const line = (name: string, run: typeof heavy) => `${name} /healthz p90 ${run.p90.toFixed(1)} ms, max ${run.max.toFixed(1)} ms over ${run.probes} probes; ${run.statuses.length} analyses`;
  console.log(`analyses: one ${(heavyLog.length / 1e6).toFixed(1)} MB analysis alone ${oneAnalysis.toFixed(1)} ms; ${line("heavy logs:", heavy)}; ${line("200 KB logs, with the request thread's help:", light)}`);
  // The heavy logs are analysed on the workers only: a probe waits for no engine at all.
  expect(heavy.p90).toBeLessThan(Math.max(25, oneAnalysis / 2));
  // The light ones are sometimes analysed on the request thread, never back to back.
  expect(light.p90).toBeLessThan(Math.max(25, 2 * heavy.p90));
  for (const run of [heavy, light]) {
    expect(run.statuses.length).toBeGreaterThanOrEqual(20);
    for (const status of run.statuses) expect([200, 503]).toContain(status);
  }
}, 90_000);

function withBody({ bytes, headers }: { bytes: string; headers: Record<string, string> }) {
  return { body: bytes, headers };
}

test("while a client reads the insights of big stored logs, /healthz waits for none of their analyses", async () => {
  // The first read of a stored log's insights runs the engine (logs/analyses.ts), on the intake's
  // workers. On the request thread, a 2 MB log of 25,000 lines held /healthz up for 42-169 ms.
  const text = generatedServerLog(2_000_000).split("\n").slice(0, 24_000).join("\n");
  const ids: string[] = [];
  for (let round = 0; round < 3; round++) {
    const response = await fetch(`${service.url}/v1/log`, { method: "POST", body: `[07:59:59] [main/INFO]: stored ${round}\n${text}`, headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(200);
    ids.push((await response.json()).id);
  }
  // Uploads leave work behind (blobs are brought to their storage quality once uploads pause): not what is measured here.
  await Bun.sleep(3000);
  const reads: { readMs: number; longestProbeMs: number }[] = [];
  for (const id of ids) {
    let probing = true;
    let longestProbeMs = 0;
    const prober = (async () => {
      while (probing) {
        const before = performance.now();
        await fetch(`${service.url}/healthz`);
        longestProbeMs = Math.max(longestProbeMs, performance.now() - before);
        await Bun.sleep(5);
      }
    })();
    await Bun.sleep(20);
    const before = performance.now();
    const response = await fetch(`${service.url}/v1/insights/${id}`);
    expect(response.status).toBe(200);
    expect((await response.json()).analysis.problems.length).toBeGreaterThan(0);
    const readMs = performance.now() - before;
    await Bun.sleep(20);
    probing = false;
    await prober;
    reads.push({ readMs, longestProbeMs });
  }
  console.log(`insights of stored 2 MB logs: ${reads.map((read) => `read ${read.readMs.toFixed(0)} ms, longest /healthz ${read.longestProbeMs.toFixed(0)} ms`).join("; ")}`);
  // What is left on the request thread (reading and splitting the text, rebuilding the entries)
  // held /healthz up for 9-25 ms during reads of 126-277 ms; the engine there, 0.6-0.75 of each read.
  const ratios = reads.map((read) => read.longestProbeMs / Math.max(read.readMs, 1)).sort((a, b) => a - b);
  const longest = reads.map((read) => read.longestProbeMs).sort((a, b) => a - b);
  expect(longest[1] < 25 || ratios[1] < 0.35).toBe(true);
}, 90_000);
