/**
 * What the rate limiter costs per request: hot raw reads (the cheapest real request, so the
 * limiter's share is the largest) against the service with RATE_LIMIT_MAX set very high (every
 * request counted, none refused) and against the same service built without the limiter.
 */
import { measureSideBySide, type BenchContext, type ResultRow, type Scenario } from "../context.ts";
import { forgeServerLog } from "../fixtures.ts";
import { uploadText } from "../seed.ts";

const CONNECTIONS = 64;

export const rateLimitOverheadScenario: Scenario = {
  name: "limiter",
  describe: `hot GET /v1/raw/{id} at ${CONNECTIONS} connections: limiter on (RATE_LIMIT_MAX=250000/1 s: counts, never refuses) vs off`,
  async run(ctx: BenchContext): Promise<ResultRow[]> {
    const text = forgeServerLog();
    const unlimited = await ctx.start("logpaste (limiter off)", ["bun", "run", "bench/unlimited-service.ts"], ctx.serviceEnv);
    try {
      const limitedIds = await ctx.idsFile("limiter-on", [await uploadText(ctx.service.url, "/v1/log", text)]);
      const unlimitedIds = await ctx.idsFile("limiter-off", [await uploadText(unlimited.url, "/v1/log", text)]);
      const [on, off] = await measureSideBySide(ctx, [
        { program: ctx.service, path: "", script: "read", connections: CONNECTIONS, scriptEnv: { BENCH_IDS_FILE: limitedIds, BENCH_PATH_PREFIX: "/v1/raw/" } },
        { program: unlimited, path: "", script: "read", connections: CONNECTIONS, scriptEnv: { BENCH_IDS_FILE: unlimitedIds, BENCH_PATH_PREFIX: "/v1/raw/" } },
      ]);
      const costUs = (1e6 / on.rps - 1e6 / off.rps).toFixed(1);
      return [
        { scenario: "limiter", target: "logpaste, limiter on", connections: CONNECTIONS, load: on, rssMiB: ctx.service.rssMiB(), note: `on/off throughput ${(on.rps / off.rps).toFixed(2)}; 1/rps differs by ${costUs} µs` },
        { scenario: "limiter", target: "logpaste, limiter off", connections: CONNECTIONS, load: off, note: "bench/unlimited-service.ts: createEdge({ withoutRateLimit: true })" },
      ];
    } finally {
      await unlimited.stop();
    }
  },
};
