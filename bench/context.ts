/**
 * What every scenario gets: the running service and floor, the bodies and id lists on disk, the
 * run's timing, and one way to measure a URL (warm-up, then a bounded wrk run).
 */
import type { RunningProgram } from "./processes.ts";
import { runLoad, type LoadOptions, type LoadResult } from "./load.ts";

/** One line of the results table. */
export interface ResultRow {
  scenario: string;
  /** "logpaste", "floor", or a variant such as "logpaste, limiter off". */
  target: string;
  connections?: number;
  load?: LoadResult;
  /** target rps / floor rps, where a floor applies. */
  ratio?: number;
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

export type LoadSpec = Omit<LoadOptions, "durationS">;

/** A short discarded run first, so the JIT and the pools are warm, then the measured one. */
export async function measure(ctx: BenchContext, spec: LoadSpec): Promise<LoadResult> {
  await runLoad({ ...spec, durationS: ctx.warmupS });
  return runLoad({ ...spec, durationS: ctx.durationS });
}

export interface Scenario {
  name: string;
  /** One line for --help and the results: what is measured. */
  describe: string;
  run(ctx: BenchContext): Promise<ResultRow[]>;
}
