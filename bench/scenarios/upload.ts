/**
 * Upload: the same ~200 KB Forge log POSTed again and again, to the service and to the floor,
 * one after the other at the same concurrency. Every upload gets a new id; the content is stored
 * once (both sides deduplicate by hash), so each request still pays for hashing, brotli and a
 * two-insert transaction.
 */
import { measureSideBySide, type BenchContext, type ResultRow, type Scenario } from "../context.ts";

export function uploadScenario(connections: number, encoding: "plain" | "br", name = `upload-${encoding === "br" ? "br-" : ""}${connections}`): Scenario {
  return {
    name,
    describe: `POST the Forge log (${encoding === "br" ? "text/plain, Content-Encoding: br" : "text/plain"}) at ${connections} connections, service vs floor`,
    async run(ctx: BenchContext): Promise<ResultRow[]> {
      const scriptEnv = {
        BENCH_BODY_FILE: encoding === "br" ? ctx.files.brBody : ctx.files.plainBody,
        BENCH_CONTENT_TYPE: "text/plain",
        BENCH_CONTENT_ENCODING: encoding === "br" ? "br" : "",
      };
      const [service, floor] = await measureSideBySide(ctx, [
        { program: ctx.service, path: "/v1/log", script: "post", connections, scriptEnv },
        { program: ctx.floor, path: "/log", script: "post", connections, scriptEnv },
      ]);
      const rssMiB = ctx.service.rssMiB();
      return [
        { scenario: name, target: "logpaste", connections, load: service, ratio: service.rps / floor.rps, rssMiB },
        { scenario: name, target: "floor", connections, load: floor },
      ];
    },
  };
}
