/**
 * What every scenario gets: the running service and floor, the bodies and id lists on disk, the
 * run's timing, and one way to measure a URL (warm-up, then a bounded wrk run).
 */
import type { RunningProgram } from "./processes.ts";
import { runLoad, type LoadOptions, type LoadResult } from "./load.ts";
import { postgresCpuSeconds, processCpuSeconds } from "./cpu.ts";

/** One line of the results table. */
export interface ResultRow {
  scenario: string;
  /** "logpaste", "floor", or a variant such as "logpaste, limiter off". */
  target: string;
  connections?: number;
  load?: Measured;
  /** target rps / floor rps, where a floor applies; or / the rps of what `ratioOf` names. */
  ratio?: number;
  /** What `ratio` divides by, when it is not the floor. */
  ratioOf?: string;
  /** RSS of the service after the scenario, in MiB. */
  rssMiB?: number;
  note?: string;
}

export interface BenchFiles {
  /** The Forge log as text/plain. */
  plainBody: string;
  /** The same log brotli-compressed, sent with Content-Encoding: br. */
  brBody: string;
}

export interface BenchContext {
  durationS: number;
  /** Measurements of the programs compared in a scenario alternate this many times (A B A B). */
  rounds: number;
  warmupS: number;
  quick: boolean;
  files: BenchFiles;
  /** Scratch folder for id lists (outside the repository). */
  scratch: string;
  /** The service as deployed: `bun run src/index.ts`, default cache, rate limit set very high. */
  service: RunningProgram;
  floor: RunningProgram;
  /** The floor's database, for floor variants. */
  floorDatabaseUrl: string;
  /** The service's environment, for scenarios that start a variant of it. */
  serviceEnv: Record<string, string>;
  /** Starts another program (a service variant), stopped by the runner at the end if the scenario does not. */
  start(name: string, command: string[], env: Record<string, string>): Promise<RunningProgram>;
  /** Writes ids one a line for bench/wrk/read.lua and returns the file. */
  idsFile(name: string, ids: string[]): Promise<string>;
}

export interface LoadSpec extends Omit<LoadOptions, "durationS" | "url"> {
  /** The program under load, whose CPU time is read around each measured run. */
  program: RunningProgram;
  /** Where on the program the load goes ("" for its root), so the URL is always the program's own. */
  path: string;
}

/** A measurement: the load figures, plus what each request cost in CPU. */
export interface Measured extends LoadResult {
  cpuMsPerRequest: CpuPerRequest;
}

/** Milliseconds of CPU per answered request, over all measured rounds. */
export interface CpuPerRequest {
  /** The program under test, all its threads (workers, compression, GC) together. */
  program: number;
  /** Every Postgres process: the queries the program sent. */
  postgres: number;
}

/**
 * Measures the programs of one comparison side by side: a short discarded run of each first (JIT
 * and pools warm), then `ctx.rounds` rounds in which each is measured in turn (A B A B), so a
 * neighbour's load on the shared machine falls on both sides instead of skewing the ratio.
 * Per program: req/s over all rounds, latency percentiles averaged over rounds, errors summed.
 */
export async function measureSideBySide(ctx: BenchContext, specs: LoadSpec[]): Promise<Measured[]> {
  for (const spec of specs) {
    await runLoad({ ...spec, url: spec.program.url + spec.path, durationS: ctx.warmupS });
    // As after a round (measureOnce): what the warm-up deferred (the service recompresses its
    // blobs once uploads pause) must not run into the next program's warm-up or first round.
    // Without this wait the first round of the upload comparison read 244-293 uploads a second
    // against 302-400 for the rounds after it, while another service recompressed its warm-up.
    await settled(spec.program.pid);
  }
  const runs: MeasuredRun[][] = specs.map(() => []);
  for (let round = 0; round < ctx.rounds; round++) {
    for (const [index, spec] of specs.entries()) runs[index].push(await measureOnce(spec, ctx.durationS));
  }
  return runs.map(combineRounds);
}

interface MeasuredRun extends LoadResult {
  /** CPU seconds used during the run by the program and by Postgres. */
  programCpuS: number;
  postgresCpuS: number;
}

/**
 * CPU is read until the program has settled after the load, not just until wrk stops: work a
 * program defers (the service recompresses new blobs once uploads pause) is part of what its
 * requests cost, and must not run into the next program's measurement either.
 */
async function measureOnce(spec: LoadSpec, durationS: number): Promise<MeasuredRun> {
  const programBefore = processCpuSeconds(spec.program.pid);
  const postgresBefore = postgresCpuSeconds();
  const load = await runLoad({ ...spec, url: spec.program.url + spec.path, durationS });
  await settled(spec.program.pid);
  return {
    ...load,
    programCpuS: processCpuSeconds(spec.program.pid) - programBefore,
    postgresCpuS: postgresCpuSeconds() - postgresBefore,
  };
}

const SETTLED_BELOW = 0.05; // of one core
const SETTLE_STEP_MS = 300;
const SETTLE_MAX_MS = 120_000;

/** Waits until the program uses under 5% of a core over a step (at most two minutes). */
export async function settled(pid: number): Promise<void> {
  const deadline = Date.now() + SETTLE_MAX_MS;
  let before = processCpuSeconds(pid);
  while (Date.now() < deadline) {
    await Bun.sleep(SETTLE_STEP_MS);
    const now = processCpuSeconds(pid);
    if ((now - before) / (SETTLE_STEP_MS / 1000) < SETTLED_BELOW) return;
    before = now;
  }
}

function combineRounds(rounds: MeasuredRun[]): Measured {
  const mean = (pick: (result: LoadResult) => number) => rounds.reduce((sum, result) => sum + pick(result), 0) / rounds.length;
  const total = (pick: (result: MeasuredRun) => number) => rounds.reduce((sum, result) => sum + pick(result), 0);
  const requests = total((result) => result.requests);
  const msPerRequest = (seconds: number) => (requests > 0 ? (seconds * 1000) / requests : 0);
  return {
    cpuMsPerRequest: { program: msPerRequest(total((result) => result.programCpuS)), postgres: msPerRequest(total((result) => result.postgresCpuS)) },
    requests,
    rps: mean((result) => result.rps),
    p50Ms: mean((result) => result.p50Ms),
    p99Ms: mean((result) => result.p99Ms),
    maxMs: Math.max(...rounds.map((result) => result.maxMs)),
    errors: total((result) => result.errors),
    mbPerS: mean((result) => result.mbPerS),
    roundsRps: rounds.map((result) => result.rps),
  };
}

export interface Scenario {
  name: string;
  /** One line for --help and the results: what is measured. */
  describe: string;
  run(ctx: BenchContext): Promise<ResultRow[]>;
}
