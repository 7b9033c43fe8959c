/**
 * The first read of a big stored log's insights, and what it does to everyone else: the engine
 * runs once per stored text at its first read (src/logs/analyses.ts). For each of a few distinct
 * 2 MB logs of 24,000 lines, GET /v1/insights/{id} once while another client asks for /healthz
 * every 5 ms; reported: how long the read took and the longest /healthz wait during it. The
 * service as deployed (the engine on the intake's workers) next to one with UPLOAD_WORKERS=0 (the
 * engine on the thread that serves requests). No wrk: one read at a time is the case.
 */
import { settled, type BenchContext, type ResultRow, type Scenario } from "../context.ts";
import { uploadText } from "../seed.ts";
import { generatedServerLog } from "../../test/analysis/fixtures/generated-logs.ts";

const LOGS = 5;

interface Read {
  readMs: number;
  longestWaitMs: number;
}

export const firstReadScenario: Scenario = {
  name: "first-read",
  describe: `GET /v1/insights/{id} of ${LOGS} stored 2 MB logs, once each, while /healthz is asked every 5 ms: the engine on the workers and on the request thread`,
  async run(ctx: BenchContext): Promise<ResultRow[]> {
    const inThread = await ctx.start("logpaste (UPLOAD_WORKERS=0)", ["bun", "run", "src/index.ts"], { ...ctx.serviceEnv, UPLOAD_WORKERS: "0" });
    const text = generatedServerLog(2_000_000).split("\n").slice(0, 24_000).join("\n");
    const rows: ResultRow[] = [];
    for (const [target, program] of [["logpaste", ctx.service], ["logpaste, UPLOAD_WORKERS=0", inThread]] as const) {
      const ids: string[] = [];
      for (let n = 0; n < LOGS; n++) ids.push(await uploadText(program.url, "/v1/log", `[07:59:59] [main/INFO]: first read ${Date.now()} ${n}\n${text}`));
      // Uploads leave work behind (blobs brought to their storage quality): not what is measured.
      await settled(program.pid);
      const reads: Read[] = [];
      for (const id of ids) reads.push(await readWhileProbing(program.url, id));
      rows.push({ scenario: "first-read", target, note: summary(reads), rssMiB: program === ctx.service ? program.rssMiB() : undefined });
    }
    return rows;
  },
};

/** One first read of a log's insights, with /healthz asked every 5 ms meanwhile. */
async function readWhileProbing(url: string, id: string): Promise<Read> {
  let probing = true;
  let longestWaitMs = 0;
  const prober = (async () => {
    while (probing) {
      const before = performance.now();
      await (await fetch(`${url}/healthz`)).arrayBuffer();
      longestWaitMs = Math.max(longestWaitMs, performance.now() - before);
      await Bun.sleep(5);
    }
  })();
  await Bun.sleep(20);
  const before = performance.now();
  const response = await fetch(`${url}/v1/insights/${id}`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET /v1/insights/${id}: ${response.status}`);
  const readMs = performance.now() - before;
  await Bun.sleep(20);
  probing = false;
  await prober;
  return { readMs, longestWaitMs };
}

function summary(reads: Read[]): string {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const waits = reads.map((read) => read.longestWaitMs);
  return `first reads of ${reads.length} stored 2 MB logs: median ${median(reads.map((read) => read.readMs)).toFixed(0)} ms; the longest /healthz wait during each: median ${median(waits).toFixed(1)} ms, max ${Math.max(...waits).toFixed(1)} ms (${waits.map((wait) => wait.toFixed(0)).join(", ")})`;
}
