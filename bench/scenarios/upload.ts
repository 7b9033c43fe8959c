/**
 * Upload: the same ~200 KB Forge log POSTed again and again, to the service and to the floor,
 * one after the other at the same concurrency. Every upload gets a new id; the content is stored
 * once (both sides deduplicate by hash), so each request still pays for hashing, brotli and a
 * two-insert transaction. The distinct variant changes the first line on every request
 * (bench/wrk/post-distinct.lua), so every upload is new content stored as a blob of its own.
 */
import { measureSideBySide, type BenchContext, type ResultRow, type Scenario } from "../context.ts";

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
