/**
 * The JSON endpoints, measured on the service alone (the floor has no equivalent):
 * - log info: GET /v1/log/{id} rotating over many logs the service holds (records cached);
 * - analyse: POST /v1/analyse of the Forge log, nothing stored: the analysis engine's cost.
 */
import { measureSideBySide, type BenchContext, type ResultRow, type Scenario } from "../context.ts";
import { forgeServerLog } from "../fixtures.ts";
import { uploadText } from "../seed.ts";

export const logInfoScenario: Scenario = {
  name: "info",
  describe: "GET /v1/log/{id} rotating over 100 logs at 64 connections",
  async run(ctx: BenchContext): Promise<ResultRow[]> {
    const ids: string[] = [];
    for (let variant = 0; variant < 100; variant++) ids.push(await uploadText(ctx.service.url, "/v1/log", forgeServerLog({ variant: 10_000 + variant })));
    const [load] = await measureSideBySide(ctx, [
      { program: ctx.service, path: "", script: "read", connections: 64, scriptEnv: { BENCH_IDS_FILE: await ctx.idsFile("info", ids), BENCH_PATH_PREFIX: "/v1/log/" } },
    ]);
    return [{ scenario: "info", target: "logpaste", connections: 64, load, rssMiB: ctx.service.rssMiB() }];
  },
};

export const analyseScenario: Scenario = {
  name: "analyse",
  describe: "POST /v1/analyse of the Forge log (text/plain) at 16 connections: the same body every time, and a different first line every time",
  async run(ctx: BenchContext): Promise<ResultRow[]> {
    const scriptEnv = { BENCH_BODY_FILE: ctx.files.plainBody, BENCH_CONTENT_TYPE: "text/plain", BENCH_CONTENT_ENCODING: "" };
    // The same body is how the comparison with a PHP peer measured it; a body of its own
    // per request is what a service sees: nothing an earlier request worked out for the same text
    // (the engine keeps the last text's literal hits) helps it.
    const [same, distinct] = await measureSideBySide(ctx, [
      { program: ctx.service, path: "/v1/analyse", script: "post", connections: 16, scriptEnv },
      { program: ctx.service, path: "/v1/analyse", script: "post-distinct", connections: 16, scriptEnv },
    ]);
    return [
      { scenario: "analyse", target: "logpaste, the same body every time", connections: 16, load: same, rssMiB: ctx.service.rssMiB() },
      { scenario: "analyse", target: "logpaste, a different first line every time", connections: 16, load: distinct },
    ];
  },
};
