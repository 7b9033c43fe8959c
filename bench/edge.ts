/**
 * The whole edge under load: requests per second on a small GET (/healthz, a 15-byte JSON body)
 * through the real app and the real listener, with and without the rate limiter, in one run.
 * The load generator is wrk (Debian package), not our code, on loopback, bounded in time.
 * Both variants run in this process and alternate in short rounds, so that drift (other work on
 * the machine) hits both alike; the overhead is the median of the per-round pair ratios.
 * A second figure needs no sockets and little luck: the edge's fetch called in-process, with and
 * without the limiter, in alternating blocks: the limiter's cost per request in microseconds.
 *
 *   bun bench/edge.ts [--seconds 2] [--rounds 10] [--connections 32] [--path /healthz|raw|<path>] [--json]
 */
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/storage/database.ts";
import { createApp } from "../src/app.ts";
import { createEdge } from "../src/edge/index.ts";
import { startServer } from "../src/server.ts";
import { rememberSocketAddress } from "../src/edge/client-ip.ts";
import { loadavg } from "node:os";
import { rateLimit } from "../src/edge/rate-limit.ts";
import { SlidingWindowLimiter } from "../src/edge/sliding-window.ts";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const seconds = arg("seconds", 2);
const rounds = arg("rounds", 10);
const connections = arg("connections", 32);
/**
 * `--path raw` measures GET /v1/raw/{id} of a small stored log (about 1 KB, served from the hot
 * cache): the small GET that clients actually send. Default: /healthz, the smallest there is.
 */
const pathArg = (() => {
  const at = process.argv.indexOf("--path");
  return at === -1 ? "/healthz" : process.argv[at + 1];
})();

// One client (loopback) sends everything: a limit high enough never to refuse (250,000 per second,
// far above what one core serves), so both variants do the same work apart from the limiter.
// The bucket bound stays at its default: lru-cache allocates its arrays for the bound up front.
const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", RATE_LIMIT_MAX: "250000", RATE_LIMIT_WINDOW_S: "1" });
const database = await openDatabase({ url: undefined, dataDir: "memory" });
const service = createApp({ config, database, logError: () => {} });
// Both variants are built here the same way, one with and one without the limiter (the app's own
// edge may carry more outer layers, such as metrics, that would blur the comparison).
const edgeDeps = {
  routes: service.routes,
  handle: (request: Request) => service.app.handle(request),
  logError: () => {},
};
const path =
  pathArg === "raw"
    ? `/v1/raw/${(await service.logs.upload({ bytes: new TextEncoder().encode(Array.from({ length: 12 }, (_, i) => `[10:00:${String(i).padStart(2, "0")}] [Server thread/INFO]: a small log line number ${i} of a small stored log`).join("\n")), contentType: "text/plain", encodings: [] })).id}`
    : pathArg;
const limited = createEdge(config, edgeDeps);
const bare = createEdge(config, { ...edgeDeps, withoutRateLimit: true });
const withLimiter = startServer(config, limited);
const withoutLimiter = startServer(config, bare);

const check = await fetch(withLimiter.url + path);
if (!check.headers.get("ratelimit")) throw new Error("the limited variant sends no RateLimit header");
if ((await fetch(withoutLimiter.url + path)).headers.get("ratelimit")) throw new Error("the bare variant is limited");

interface WrkResult {
  rps: number;
  /** This process's CPU time (user + system) per request served: less sensitive to other load than rps. */
  cpuUsPerRequest: number;
  latencyMs: number;
  non2xx: number;
}

async function wrk(url: string): Promise<WrkResult> {
  const cpuBefore = globalThis.process.cpuUsage();
  const process = Bun.spawn(["wrk", "-t1", `-c${connections}`, `-d${seconds}s`, "--latency", url], { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(process.stdout).text();
  await process.exited;
  const cpu = globalThis.process.cpuUsage(cpuBefore);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const latency = /Latency\s+([\d.]+)(us|ms|s)/.exec(out);
  const unit = latency?.[2] === "us" ? 0.001 : latency?.[2] === "s" ? 1000 : 1;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  if (!Number.isFinite(rps)) throw new Error(`wrk output not understood:\n${out}`);
  return { rps, cpuUsPerRequest: (cpu.user + cpu.system) / requests, latencyMs: Number(latency?.[1]) * unit, non2xx };
}

// Warm-up: JIT both paths before measuring.
await wrk(withLimiter.url + path);
await wrk(withoutLimiter.url + path);

const runs: { limiter: WrkResult[]; bare: WrkResult[] } = { limiter: [], bare: [] };
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? (["bare", "limiter"] as const) : (["limiter", "bare"] as const);
  for (const variant of order) {
    runs[variant].push(await wrk((variant === "limiter" ? withLimiter : withoutLimiter).url + path));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ratios = runs.limiter.map((r, i) => r.rps / runs.bare[i].rps);

/** In-process: microseconds per request through each edge (same request, same app). */
async function inProcess(blocks: number, perBlock: number) {
  const times = { limiter: [] as number[], bare: [] as number[] };
  for (let block = 0; block < blocks; block++) {
    for (const variant of block % 2 === 0 ? (["bare", "limiter"] as const) : (["limiter", "bare"] as const)) {
      const edge = variant === "limiter" ? limited : bare;
      const started = performance.now();
      for (let i = 0; i < perBlock; i++) {
        const request = new Request(`http://127.0.0.1${path}`);
        rememberSocketAddress(request, "127.0.0.1");
        const response = await edge.fetch(request);
        await response.arrayBuffer();
        if (response.status === 429) throw new Error("the limited edge refused a request: the figure would count 429s");
      }
      times[variant].push(((performance.now() - started) * 1000) / perBlock);
    }
  }
  return {
    limiterUs: median(times.limiter),
    bareUs: median(times.bare),
    // The fastest block is the one least disturbed by other work on the machine.
    limiterBestUs: Math.min(...times.limiter),
    bareBestUs: Math.min(...times.bare),
  };
}
const direct = await inProcess(40, 5000);

/**
 * The limiter's guard alone (the route's template, the check, the two header values, not yet set
 * on a response): its cost per request, immune to how busy the machine is only in that it is
 * short. Compared with the time one request takes at the measured bare rate.
 *
 * Its rule admits far more than the loop sends: the loop calls the guard millions of times a
 * second, past the service's 250,000 a second, and until 2026-11-29 it measured mostly refusals
 * (each building a 429): 1.07 us a call against 0.27 for an admitted request.
 */
function guardCost(iterations: number): number {
  const guard = rateLimit({
    limiter: new SlidingWindowLimiter({ maxBuckets: config.RATE_LIMIT_BUCKETS }),
    routes: service.routes,
    defaultRule: { max: Number.MAX_SAFE_INTEGER, windowMs: config.RATE_LIMIT_WINDOW_S * 1000 },
  });
  const request = new Request("http://127.0.0.1/healthz");
  const client = { ip: "127.0.0.1", group: "127.0.0.1", forwardedProto: null, viaTrustedProxy: false } as const;
  const samples: number[] = [];
  let refused = 0;
  for (let block = 0; block < 10; block++) {
    const started = performance.now();
    for (let i = 0; i < iterations / 10; i++) {
      if (guard(request, { client, url: request.url, responseHeaders: null, route: null }) !== null) refused++;
    }
    samples.push(((performance.now() - started) * 1000) / (iterations / 10));
  }
  if (refused > 0) throw new Error(`the guard refused ${refused} calls: the figure would count 429s`);
  return Math.min(...samples); // the least disturbed block
}
const limiterUs = guardCost(1_000_000);
const bareRequestUs = 1e6 / median(runs.bare.map((r) => r.rps));

const result = {
  path,
  seconds,
  rounds,
  connections,
  loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
  bareRps: runs.bare.map((r) => Math.round(r.rps)),
  limiterRps: runs.limiter.map((r) => Math.round(r.rps)),
  medianBare: Math.round(median(runs.bare.map((r) => r.rps))),
  medianLimiter: Math.round(median(runs.limiter.map((r) => r.rps))),
  overheadPercentPaired: Number(((1 - median(ratios)) * 100).toFixed(2)),
  cpuUsPerRequestBare: Number(median(runs.bare.map((r) => r.cpuUsPerRequest)).toFixed(2)),
  cpuUsPerRequestLimiter: Number(median(runs.limiter.map((r) => r.cpuUsPerRequest)).toFixed(2)),
  cpuOverheadPercentPaired: Number(((median(runs.limiter.map((r, i) => r.cpuUsPerRequest / runs.bare[i].cpuUsPerRequest)) - 1) * 100).toFixed(2)),
  latencyMsBare: median(runs.bare.map((r) => r.latencyMs)),
  latencyMsLimiter: median(runs.limiter.map((r) => r.latencyMs)),
  non2xx: [...runs.bare, ...runs.limiter].reduce((sum, r) => sum + r.non2xx, 0),
  inProcessUsPerRequest: { bare: Number(direct.bareUs.toFixed(2)), limiter: Number(direct.limiterUs.toFixed(2)) },
  inProcessOverheadPercent: Number((((direct.limiterUs - direct.bareUs) / direct.bareUs) * 100).toFixed(2)),
  inProcessBestUsPerRequest: { bare: Number(direct.bareBestUs.toFixed(2)), limiter: Number(direct.limiterBestUs.toFixed(2)) },
  inProcessBestOverheadPercent: Number((((direct.limiterBestUs - direct.bareBestUs) / direct.bareBestUs) * 100).toFixed(2)),
  bestBareRps: Math.round(Math.max(...runs.bare.map((r) => r.rps))),
  bestLimiterRps: Math.round(Math.max(...runs.limiter.map((r) => r.rps))),
  limiterGuardUs: Number(limiterUs.toFixed(3)),
  /** The guard's cost (fastest block) against the wall time of one request at the bare median rate. */
  limiterShareOfRequestPercent: Number(((limiterUs / bareRequestUs) * 100).toFixed(2)),
  buckets: limited.limiter.size,
};
console.log(JSON.stringify(result, null, 2));

await withLimiter.stop(true);
await withoutLimiter.stop(true);
await database.close();
process.exit(0);
