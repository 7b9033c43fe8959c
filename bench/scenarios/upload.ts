/**
 * Upload: the same ~200 KB Forge log POSTed again and again, to the service and to the floor,
 * one after the other at the same concurrency. Every upload gets a new id; the content is stored
 * once (both sides deduplicate by hash), so each request still pays for hashing, brotli and a
 * two-insert transaction. The distinct variant changes the first line on every request
 * (bench/wrk/post-distinct.lua), so every upload is new content stored as a blob of its own.
 */
import { measureSideBySide, type BenchContext, type ResultRow, type Scenario } from "../context.ts";
import { BROTLI_QUALITY, UPLOAD_BROTLI_QUALITY } from "../../src/storage/blobs.ts";

export function uploadScenario(connections: number, encoding: "plain" | "br" | "distinct", name = `upload-${encoding === "plain" ? "" : `${encoding}-`}${connections}`): Scenario {
  const script = encoding === "distinct" ? "post-distinct" : "post";
  return {
    name,
    describe: `POST the Forge log (${encoding === "br" ? "text/plain, Content-Encoding: br" : encoding === "distinct" ? "text/plain, a different first line every time" : "text/plain"}) at ${connections} connections, service vs floor`,
    async run(ctx: BenchContext): Promise<ResultRow[]> {
      const scriptEnv = {
        BENCH_BODY_FILE: encoding === "br" ? ctx.files.brBody : ctx.files.plainBody,
        BENCH_CONTENT_TYPE: "text/plain",
        BENCH_CONTENT_ENCODING: encoding === "br" ? "br" : "",
      };
      const [service, floor] = await measureSideBySide(ctx, [
        { program: ctx.service, path: "/v1/log", script, connections, scriptEnv },
        { program: ctx.floor, path: "/log", script, connections, scriptEnv },
      ]);
      const rssMiB = ctx.service.rssMiB();
      return [
        { scenario: name, target: "logpaste", connections, load: service, ratio: service.rps / floor.rps, rssMiB },
        { scenario: name, target: "floor", connections, load: floor },
      ];
    },
  };
}

/**
 * Distinct uploads: the Forge log with a first line of its own on every request
 * (wrk/post-distinct.lua), so nothing is deduplicated: every upload stores a new blob, as real
 * traffic does. Compared with the floor at the storage quality (what both end up storing), and
 * with a second floor at the service's quick upload quality, for the reading where the floor
 * compresses as the upload does. CPU per request includes what the service does after the load
 * (recompressing the new blobs), because the measurement waits for it to settle.
 */
export function distinctUploadScenario(connections: number): Scenario {
  const name = `upload-distinct-${connections}`;
  return {
    name,
    describe: `POST the Forge log with a different first line each time at ${connections} connections, service vs floor (quality ${BROTLI_QUALITY}) and floor (quality ${UPLOAD_BROTLI_QUALITY})`,
    async run(ctx: BenchContext): Promise<ResultRow[]> {
      const scriptEnv = { BENCH_BODY_FILE: ctx.files.plainBody, BENCH_CONTENT_TYPE: "text/plain" };
      const floorUrl = new URL(ctx.floor.url);
      const quickFloor = await ctx.start("floor (upload quality)", ["bun", "run", "bench/floor.ts"], {
        DATABASE_URL: ctx.floorDatabaseUrl, PORT: "0", HOST: floorUrl.hostname, FLOOR_BROTLI_QUALITY: String(UPLOAD_BROTLI_QUALITY),
      });
      // The default pool leaves a core to the request thread; two workers was the old default.
      const twoWorkers = await ctx.start("logpaste (UPLOAD_WORKERS=2)", ["bun", "run", "src/index.ts"], { ...ctx.serviceEnv, UPLOAD_WORKERS: "2" });
      try {
        const [service, floor, quick, pool2] = await measureSideBySide(ctx, [
          { program: ctx.service, path: "/v1/log", script: "post-distinct", connections, scriptEnv },
          { program: ctx.floor, path: "/log", script: "post-distinct", connections, scriptEnv },
          { program: quickFloor, path: "/log", script: "post-distinct", connections, scriptEnv },
          { program: twoWorkers, path: "/v1/log", script: "post-distinct", connections, scriptEnv },
        ]);
        return [
          {
            scenario: name, target: "logpaste", connections, load: service, ratio: service.rps / floor.rps, rssMiB: ctx.service.rssMiB(),
            note: `x floor at quality ${BROTLI_QUALITY}; against the floor at quality ${UPLOAD_BROTLI_QUALITY}: ${(service.rps / quick.rps).toFixed(2)}`,
          },
          { scenario: name, target: `floor, brotli quality ${BROTLI_QUALITY}`, connections, load: floor },
          { scenario: name, target: `floor, brotli quality ${UPLOAD_BROTLI_QUALITY}`, connections, load: quick },
          { scenario: name, target: "logpaste, UPLOAD_WORKERS=2", connections, load: pool2, ratio: pool2.rps / floor.rps, rssMiB: twoWorkers.rssMiB(), note: "a second service process with two upload workers (the default is cores - 1)" },
        ];
      } finally {
        await quickFloor.stop();
        await twoWorkers.stop();
      }
    },
  };
}
