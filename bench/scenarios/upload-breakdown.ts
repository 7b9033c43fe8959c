/**
 * Where the upload gap comes from: the floor again, but doing logpaste's own per-upload work too
 * (privacy filters and logStats, FLOOR_DOMAIN_WORK=1), measured next to the plain floor. If this
 * variant's ratio is close to the service's upload ratio, the gap is the domain work, not the
 * framework, the edge or the ORM; the difference in CPU per upload between this variant and the
 * floor is what that work costs under load. A second service with UPLOAD_WORKERS=0 shows what
 * the preparation pool changes.
 */
import { measureSideBySide, type BenchContext, type Measured, type ResultRow, type Scenario } from "../context.ts";

const CONNECTIONS = 16;

export const uploadBreakdownScenario: Scenario = {
  name: "upload-breakdown",
  describe: `POST the Forge log at ${CONNECTIONS} connections: floor + filters + logStats vs floor (and the service alongside)`,
  async run(ctx: BenchContext): Promise<ResultRow[]> {
    const floorUrl = new URL(ctx.floor.url);
    const domainFloor = await ctx.start("floor + domain work", ["bun", "run", "bench/floor.ts"], {
      DATABASE_URL: ctx.floorDatabaseUrl, PORT: "0", HOST: floorUrl.hostname, FLOOR_DOMAIN_WORK: "1",
    });
    const inThread = await ctx.start("logpaste (UPLOAD_WORKERS=0)", ["bun", "run", "src/index.ts"], { ...ctx.serviceEnv, UPLOAD_WORKERS: "0" });
    try {
      const scriptEnv = { BENCH_BODY_FILE: ctx.files.plainBody, BENCH_CONTENT_TYPE: "text/plain", BENCH_CONTENT_ENCODING: "" };
      const [service, serviceInThread, withDomain, floor] = await measureSideBySide(ctx, [
        { program: ctx.service, path: "/v1/log", script: "post", connections: CONNECTIONS, scriptEnv },
        { program: inThread, path: "/v1/log", script: "post", connections: CONNECTIONS, scriptEnv },
        { program: domainFloor, path: "/log", script: "post", connections: CONNECTIONS, scriptEnv },
        { program: ctx.floor, path: "/log", script: "post", connections: CONNECTIONS, scriptEnv },
      ]);
      return [
        { scenario: "upload-breakdown", target: "logpaste", connections: CONNECTIONS, load: service, ratio: service.rps / floor.rps, rssMiB: ctx.service.rssMiB() },
        { scenario: "upload-breakdown", target: "logpaste, UPLOAD_WORKERS=0", connections: CONNECTIONS, load: serviceInThread, ratio: serviceInThread.rps / floor.rps, rssMiB: inThread.rssMiB(), note: "a second service process preparing uploads on the request thread" },
        { scenario: "upload-breakdown", target: "floor + filters + logStats", connections: CONNECTIONS, load: withDomain, ratio: withDomain.rps / floor.rps, note: `bench/floor.ts with FLOOR_DOMAIN_WORK=1: the service's filterLog and logStats, nothing else added; they cost ${extraCpuMs(withDomain, floor)} ms of CPU per upload over the floor's own` },
        { scenario: "upload-breakdown", target: "floor", connections: CONNECTIONS, load: floor },
      ];
    } finally {
      await domainFloor.stop();
      await inThread.stop();
    }
  },
};

/** The program CPU per request that `variant` adds to `base`. */
function extraCpuMs(variant: Measured, base: Measured): string {
  return (variant.cpuMsPerRequest.program - base.cpuMsPerRequest.program).toFixed(2);
}
