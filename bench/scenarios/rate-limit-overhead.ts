/**
 * What the rate limiter costs per request, on the smallest GET there is (/healthz, 15 bytes of
 * JSON, so the limiter's share is the largest) and on a hot raw read (the cheapest real request):
 * the service with RATE_LIMIT_MAX set very high (every request counted, none refused) against the
 * same service built without the limiter.
 */
import { measureSideBySide, type BenchContext, type ResultRow, type Scenario } from "../context.ts";
import { forgeServerLog } from "../fixtures.ts";
import { uploadText } from "../seed.ts";

const CONNECTIONS = 64;

export const rateLimitOverheadScenario: Scenario = {
  name: "limiter",
  describe: `GET /healthz and hot GET /v1/raw/{id} at ${CONNECTIONS} connections: limiter on (RATE_LIMIT_MAX=250000/1 s: counts, never refuses) vs off`,
  async run(ctx: BenchContext): Promise<ResultRow[]> {
    const text = forgeServerLog();
    // Both fresh, started together: the run's main service carries every earlier scenario's
    // heap and background work, which once made the limiter look dearer than it is.
    const limited = await ctx.start("logpaste (limiter on)", ["bun", "run", "src/index.ts"], ctx.serviceEnv);
    const unlimited = await ctx.start("logpaste (limiter off)", ["bun", "run", "bench/unlimited-service.ts"], ctx.serviceEnv);
    try {
      const healthz = await ctx.idsFile("limiter-healthz", ["healthz"]);
      const limitedIds = await ctx.idsFile("limiter-on", [await uploadText(limited.url, "/v1/log", text)]);
      const unlimitedIds = await ctx.idsFile("limiter-off", [await uploadText(unlimited.url, "/v1/log", text)]);
      const read = (program: BenchContext["service"], ids: string, prefix: string) =>
        ({ program, path: "", script: "read" as const, connections: CONNECTIONS, scriptEnv: { BENCH_IDS_FILE: ids, BENCH_PATH_PREFIX: prefix } });
      const [on, off, rawOn, rawOff] = await measureSideBySide(ctx, [
        read(limited, healthz, "/"),
        read(unlimited, healthz, "/"),
        read(limited, limitedIds, "/v1/raw/"),
        read(unlimited, unlimitedIds, "/v1/raw/"),
      ]);
      const compare = (a: typeof on, b: typeof on) =>
        `on/off throughput ${(a.rps / b.rps).toFixed(2)}; 1/rps differs by ${(1e6 / a.rps - 1e6 / b.rps).toFixed(1)} µs; CPU per request on/off ${(a.cpuMsPerRequest.program / b.cpuMsPerRequest.program).toFixed(2)}`;
      return [
        { scenario: "limiter", target: "logpaste, limiter on, GET /healthz", connections: CONNECTIONS, load: on, ratio: on.rps / off.rps, ratioOf: "limiter off", rssMiB: limited.rssMiB(), note: compare(on, off) },
        { scenario: "limiter", target: "logpaste, limiter off, GET /healthz", connections: CONNECTIONS, load: off, note: "bench/unlimited-service.ts: createApp({ withoutRateLimit: true })" },
        { scenario: "limiter", target: "logpaste, limiter on, hot raw read", connections: CONNECTIONS, load: rawOn, ratio: rawOn.rps / rawOff.rps, ratioOf: "limiter off", note: compare(rawOn, rawOff) },
        { scenario: "limiter", target: "logpaste, limiter off, hot raw read", connections: CONNECTIONS, load: rawOff },
      ];
    } finally {
      await limited.stop();
      await unlimited.stop();
    }
  },
};
