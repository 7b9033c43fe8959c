#!/usr/bin/env bun
/**
 * `bun run bench:embedded`: the embedded database (PGlite) against Postgres under the same upload
 * load, in one run (issue 24's database goals). Writes bench/results/embedded-db.md.
 *
 *   - distinct 200 KB uploads (bench/wrk/post-distinct.lua: a new first line every request) at 16
 *     connections, the PGlite service and the Postgres service alternating round by round;
 *   - 20 s of the same at 64 connections on PGlite: peak RSS of the process tree meanwhile.
 *
 * Both services are `bun run start` with default settings (a fresh DATA_DIR, or DATABASE_URL on a
 * throw-away database of BENCH_DATABASE_URL's server). Needs wrk.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type BenchDatabase } from "./databases.ts";
import { forgeServerLog } from "./fixtures.ts";
import { runLoad, wrkAvailable, type LoadResult } from "./load.ts";
import { loadAverage, postgresCpuSecondsOf, treeCpuSeconds } from "./cpu.ts";
import { startProgram, treePeakSampler, type RunningProgram } from "./processes.ts";

const quick = process.argv.includes("--quick");
const ROUND_S = quick ? 3 : 10;
const ROUNDS = quick ? 1 : 3;
const PEAK_S = 20;

if (!(await wrkAvailable())) {
  console.error("wrk is not installed. On Debian: apt-get update && apt-get install -y wrk");
  process.exit(69);
}
const loadAtStart = loadAverage();
const scratch = mkdtempSync(join(tmpdir(), "logpaste-embedded-"));
const body = join(scratch, "forge.log");
await Bun.write(body, forgeServerLog());
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const baseEnv = { PORT: "0", HOST: "127.0.0.1", PUBLIC_URL: "http://127.0.0.1", RATE_LIMIT_MAX: "250000", RATE_LIMIT_WINDOW_S: "1" };
const programs: RunningProgram[] = [];
let database: BenchDatabase | undefined;

const upload = (program: RunningProgram, connections: number, durationS: number) =>
  runLoad({ url: `${program.url}/v1/log`, script: "post-distinct", connections, durationS, scriptEnv: { BENCH_BODY_FILE: body, BENCH_CONTENT_TYPE: "text/plain" } });

/**
 * CPU per upload is the figure other work on the machine disturbs least (throughput falls with
 * every neighbour; the CPU an upload costs hardly does): the service's process tree, plus on
 * Postgres the backends serving its database.
 */
interface Round extends LoadResult {
  cpuMs: number;
}
async function measuredUpload(program: RunningProgram, databaseName: string | null): Promise<Round> {
  const cpu = () => treeCpuSeconds(program.pid) + (databaseName ? postgresCpuSecondsOf(databaseName) : 0);
  const before = cpu();
  const result = await upload(program, 16, ROUND_S);
  return { ...result, cpuMs: ((cpu() - before) * 1000) / Math.max(1, result.requests) };
}

const lines: string[] = [];
try {
  database = await createDatabase(adminUrl, "embedded");
  const pglite = await startProgram("logpaste (PGlite)", ["bun", "run", "start"], { ...baseEnv, DATABASE_URL: "", DATA_DIR: join(scratch, "data") });
  programs.push(pglite);
  const postgres = await startProgram("logpaste (Postgres)", ["bun", "run", "start"], { ...baseEnv, DATABASE_URL: database.url });
  programs.push(postgres);

  // Warm-up (JIT, upload workers, pools), discarded.
  for (const program of [pglite, postgres]) await upload(program, 16, 2);
  const databaseName = new URL(database.url).pathname.slice(1);
  const rounds: { pglite: Round[]; postgres: Round[] } = { pglite: [], postgres: [] };
  for (let round = 0; round < ROUNDS; round++) {
    rounds.pglite.push(await measuredUpload(pglite, null));
    rounds.postgres.push(await measuredUpload(postgres, databaseName));
  }
  const mean = (results: Round[], pick: (result: Round) => number) => results.reduce((sum, result) => sum + pick(result), 0) / results.length;
  const errors = (results: Round[]) => results.reduce((sum, result) => sum + result.errors, 0);
  const ratio = mean(rounds.pglite, (result) => result.rps) / mean(rounds.postgres, (result) => result.rps);
  const cpuRatio = mean(rounds.postgres, (result) => result.cpuMs) / mean(rounds.pglite, (result) => result.cpuMs);
  const row = (name: string, results: Round[]) =>
    `| ${name} | ${mean(results, (result) => result.rps).toFixed(0)} | ${results.map((result) => result.rps.toFixed(0)).join(", ")} | ${mean(results, (result) => result.p50Ms).toFixed(1)} | ${mean(results, (result) => result.p99Ms).toFixed(1)} | ${mean(results, (result) => result.cpuMs).toFixed(2)} | ${errors(results)} |`;
  lines.push(
    `## Distinct 200 KB uploads at 16 connections (${ROUNDS} alternating rounds of ${ROUND_S} s; load average ${loadAtStart} -> ${loadAverage()})`,
    "",
    "| service | req/s | per round | p50 ms | p99 ms | CPU ms/upload | errors |",
    "|---|---:|---|---:|---:|---:|---:|",
    row("PGlite (default)", rounds.pglite),
    row("Postgres", rounds.postgres),
    "",
    `PGlite / Postgres: **${ratio.toFixed(2)}x** in req/s (goal >= 0.8x: ${ratio >= 0.8 ? "met" : "MISSED"}); ${cpuRatio.toFixed(2)}x as the inverse of CPU per upload`,
    "(CPU: the service's process tree, plus on Postgres the backends of its database; on 2 saturated cores throughput follows it).",
    "",
  );

  // Peak memory through sustained uploads at 64 connections on PGlite.
  await postgres.stop();
  programs.splice(programs.indexOf(postgres), 1);
  const peakLoad = loadAverage();
  const before = pglite.treeRssMiB();
  const sampler = treePeakSampler(pglite.pid, 100);
  const result = await upload(pglite, 64, PEAK_S);
  const peak = sampler.stop();
  await Bun.sleep(5_000);
  const after = pglite.treeRssMiB();
  lines.push(
    `## ${PEAK_S} s of distinct uploads at 64 connections on PGlite (load average ${peakLoad} -> ${loadAverage()})`,
    "",
    `${result.rps.toFixed(0)} req/s, ${result.errors} errors; tree RSS ${before.toFixed(0)} MiB before, peak **${peak.toFixed(0)} MiB** (goal <= 600: ${peak <= 600 ? "met" : "MISSED"}), ${after.toFixed(0)} MiB 5 s after.`,
    "",
  );
} finally {
  for (const program of programs) await program.stop().catch(() => {});
  await database?.drop().catch((error) => console.error(`could not drop the bench database: ${error}`));
  rmSync(scratch, { recursive: true, force: true });
}

const commit = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: import.meta.dir }).stdout.toString().trim();
const report = `# Embedded database (PGlite) against Postgres: latest run

Generated by \`bun run bench:embedded${quick ? " --quick" : ""}\` on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} at commit ${commit}, Bun ${Bun.version}, wrk with 2 threads on loopback.
Both services are \`bun run start\` with default settings; the body is bench/fixtures.ts's Forge log (about 200 KB) with a
different first line on every request. The machine has 2 cores shared by wrk, the service and Postgres: compare the ratio,
measured in one run, more than the absolute figures.

${lines.join("\n")}`;
const out = join(import.meta.dir, "results", "embedded-db.md");
await Bun.write(out, report);
console.log(report);
console.log(`wrote ${out}`);
