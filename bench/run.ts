#!/usr/bin/env bun
/**
 * `bun run bench`: the load benchmarks of logpaste against a framework-free floor (bench/floor.ts),
 * on the local Postgres, with wrk on loopback. Writes bench/results/latest.md and prints one line
 * per scenario.
 *
 *   bun run bench                      every scenario, 10 s per measurement
 *   bun run bench --quick              3 s per measurement: a smoke check
 *   bun run bench --duration 20        20 s per measurement
 *   bun run bench --rounds 3           3 alternating rounds per comparison (default 2; 1 with --quick)
 *   bun run bench --warmup 10          10 s of discarded load per program before its rounds (default 5; 1 with --quick)
 *   bun run bench --scenario raw-hot   only the scenarios whose name starts with this (comma-separated)
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where the
 * throw-away databases are created and dropped.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import zlib from "node:zlib";
import type { BenchContext, ResultRow, Scenario } from "./context.ts";
import { createDatabase, postgresVersion, type BenchDatabase } from "./databases.ts";
import { forgeServerLog } from "./fixtures.ts";
import { wrkAvailable } from "./load.ts";
import { startProgram, type RunningProgram } from "./processes.ts";
import { markdownReport, summaryLine } from "./report.ts";
import { distinctUploadScenario, uploadScenario } from "./scenarios/upload.ts";
import { uploadBreakdownScenario } from "./scenarios/upload-breakdown.ts";
import { rawClientsScenario, rawColdScenario, rawHotScenario } from "./scenarios/raw-read.ts";
import { analyseScenario, logInfoScenario } from "./scenarios/info-analyse.ts";
import { firstReadScenario } from "./scenarios/first-read.ts";
import { rateLimitOverheadScenario } from "./scenarios/rate-limit-overhead.ts";
import { idleStreamsScenario } from "./scenarios/idle-streams.ts";

/** In run order. The first upload runs again at the end: RSS after both shows whether memory grows. */
const SCENARIOS: Scenario[] = [
  distinctUploadScenario(16),
  uploadScenario(16, "plain"),
  uploadScenario(64, "plain"),
  uploadScenario(16, "br"),
  uploadScenario(64, "br"),
  uploadScenario(16, "distinct"),
  uploadBreakdownScenario,
  rawHotScenario,
  rawClientsScenario,
  rawColdScenario,
  logInfoScenario,
  analyseScenario,
  firstReadScenario,
  rateLimitOverheadScenario,
  idleStreamsScenario,
  uploadScenario(16, "plain", "upload-16-again"),
];

interface Flags {
  quick: boolean;
  durationS: number;
  rounds: number;
  /**
   * Seconds of discarded load per program before its rounds. 5 by default: after 2 s a freshly
   * started service still sped up from round to round (249, 294, 325 distinct uploads a second in
   * three 5 s rounds, while the floor held 437-442), so the first comparison read low.
   */
  warmupS: number;
  scenarios: string[] | null;
}

function parseFlags(args: string[]): Flags {
  const flags: Flags = { quick: false, durationS: 10, rounds: 2, warmupS: 5, scenarios: null };
  let durationGiven = false;
  let roundsGiven = false;
  let warmupGiven = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--quick") flags.quick = true;
    else if (arg === "--duration") {
      flags.durationS = Number(args[++i]);
      durationGiven = true;
      if (!Number.isFinite(flags.durationS) || flags.durationS < 1) usage(`--duration needs seconds (>= 1), got '${args[i]}'`);
    } else if (arg === "--rounds") {
      flags.rounds = Number(args[++i]);
      roundsGiven = true;
      if (!Number.isInteger(flags.rounds) || flags.rounds < 1) usage(`--rounds needs a whole number (>= 1), got '${args[i]}'`);
    } else if (arg === "--warmup") {
      flags.warmupS = Number(args[++i]);
      warmupGiven = true;
      if (!Number.isFinite(flags.warmupS) || flags.warmupS < 1) usage(`--warmup needs seconds (>= 1), got '${args[i]}'`);
    } else if (arg === "--scenario") {
      if (!args[i + 1]) usage("--scenario needs a name");
      flags.scenarios = args[++i].split(",").map((name) => name.trim());
    } else if (arg === "--help" || arg === "-h") usage();
    else usage(`unknown argument '${arg}'`);
  }
  if (flags.quick && !durationGiven) flags.durationS = 3;
  if (flags.quick && !roundsGiven) flags.rounds = 1;
  if (flags.quick && !warmupGiven) flags.warmupS = 1;
  return flags;
}

function usage(problem?: string): never {
  if (problem) console.error(problem);
  console.error("usage: bun run bench [--quick] [--duration S] [--rounds N] [--warmup S] [--scenario NAME[,NAME...]]\nscenarios:");
  for (const scenario of SCENARIOS) console.error(`  ${scenario.name.padEnd(16)} ${scenario.describe}`);
  process.exit(problem ? 64 : 0);
}

const flags = parseFlags(process.argv.slice(2));
const selected = SCENARIOS.filter((scenario) => !flags.scenarios || flags.scenarios.some((name) => scenario.name.startsWith(name)));
if (selected.length === 0) usage(`no scenario matches ${flags.scenarios?.join(", ")}`);
if (!(await wrkAvailable())) {
  console.error("wrk is not installed. On Debian: apt-get update && apt-get install -y wrk");
  process.exit(69);
}

// Other work on the machine skews the figures: the report shows how busy it was.
const loadAtStart = loadavg();
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const scratch = mkdtempSync(join(tmpdir(), "logpaste-bench-"));
const forgeLog = forgeServerLog();
const plainBody = join(scratch, "forge.log");
const brBody = join(scratch, "forge.log.br");
await Bun.write(plainBody, forgeLog);
const brBytes = zlib.brotliCompressSync(Buffer.from(forgeLog));
await Bun.write(brBody, brBytes);

const programs: RunningProgram[] = [];
const databases: BenchDatabase[] = [];
const rows: ResultRow[] = [];
const memory: { label: string; rssMiB: number }[] = [];

async function start(name: string, command: string[], env: Record<string, string>): Promise<RunningProgram> {
  const program = await startProgram(name, command, env);
  programs.push(program);
  return program;
}

try {
  const serviceDb = await createDatabase(adminUrl, "service");
  databases.push(serviceDb);
  const floorDb = await createDatabase(adminUrl, "floor");
  databases.push(floorDb);
  const serviceEnv = {
    DATABASE_URL: serviceDb.url,
    PORT: "0",
    HOST: "127.0.0.1",
    PUBLIC_URL: "http://127.0.0.1",
    // Counted but never refused: 250,000 a second is beyond what this machine serves. The bucket
    // count stays at its default because lru-cache allocates room for all of them up front
    // (RATE_LIMIT_BUCKETS=1e8 alone costs about 1.5 GB of RSS).
    RATE_LIMIT_MAX: "250000",
    RATE_LIMIT_WINDOW_S: "1",
  };
  const service = await start("logpaste", ["bun", "run", "src/index.ts"], serviceEnv);
  const floor = await start("floor", ["bun", "run", "bench/floor.ts"], { DATABASE_URL: floorDb.url, PORT: "0", HOST: "127.0.0.1" });
  memory.push({ label: "service at start (idle)", rssMiB: service.rssMiB() });

  const ctx: BenchContext = {
    durationS: flags.durationS,
    rounds: flags.rounds,
    warmupS: flags.warmupS,
    quick: flags.quick,
    files: { plainBody, brBody },
    scratch,
    service,
    floor,
    floorDatabaseUrl: floorDb.url,
    serviceEnv,
    start,
    async idsFile(name, ids) {
      const path = join(scratch, `${name}.ids`);
      await Bun.write(path, ids.join("\n") + "\n");
      return path;
    },
  };

  for (const scenario of selected) {
    // One failing scenario is reported and the run goes on: the other figures still count.
    const scenarioRows = await scenario.run(ctx).catch((error: unknown): ResultRow[] => [
      { scenario: scenario.name, target: "logpaste", note: `FAILED: ${String(error instanceof Error ? error.message : error).split("\n").slice(0, 4).join(" / ").slice(0, 600)}` },
    ]);
    rows.push(...scenarioRows);
    console.log(summaryLine(scenarioRows));
    if (scenarioRows.some((row) => (row.load?.errors ?? 0) > 0)) {
      const said = service.stderr().trim().split("\n").slice(-5).join("\n");
      console.log(`  (errors in ${scenario.name}: figures with errors do not count; service stderr: ${said || "nothing"})`);
    }
    if (scenario.name === "upload-16" || scenario.name === "upload-16-again") {
      memory.push({ label: `service after ${scenario.name}`, rssMiB: service.rssMiB() });
    }
  }
  memory.push({ label: "service at the end of the run", rssMiB: service.rssMiB() });
  const errors = service.stderr().trim();
  if (errors) rows.push({ scenario: "service stderr", target: "logpaste", note: errors.split("\n").slice(-3).join(" / ").slice(0, 500) });

  const pgVersion = await postgresVersion(adminUrl);
  const report = markdownReport(
    {
      date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      command: `bun run bench ${process.argv.slice(2).join(" ")}`.trim(),
      commit: gitDescription(),
      durationS: ctx.durationS,
      rounds: ctx.rounds,
      warmupS: ctx.warmupS,
      loadAverage: { start: loadAtStart, end: loadavg() },
      machine: `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, Debian ${readFileSync("/etc/debian_version", "utf8").trim()}`,
      software: `Bun ${Bun.version}, PostgreSQL ${pgVersion} on 127.0.0.1, ${wrkVersion()} (2 threads, loopback)`,
      body: `a Forge 1.20.1 server log generated by bench/fixtures.ts (deterministic; not a corpus file): ${forgeLog.length} bytes, ${forgeLog.split("\n").length - 1} lines; ${brBytes.byteLength} bytes as br`,
      memory,
    },
    rows,
  );
  const out = join(import.meta.dir, "results", "latest.md");
  await Bun.write(out, report);
  console.log(`\nwrote ${out}`);
} catch (error) {
  // Most failures are the program under test failing: show what it said.
  for (const program of programs) {
    const said = program.stderr().trim();
    if (said) console.error(`--- ${program.name} stderr (last lines) ---\n${said.split("\n").slice(-15).join("\n")}`);
  }
  throw error;
} finally {
  for (const program of programs.reverse()) await program.stop().catch(() => {});
  for (const database of databases) await database.drop().catch((error) => console.error(`could not drop a bench database: ${error}`));
  rmSync(scratch, { recursive: true, force: true });
}

function gitDescription(): string {
  const head = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: import.meta.dir }).stdout.toString().trim();
  const dirty = Bun.spawnSync(["git", "status", "--porcelain", "--", "src"], { cwd: import.meta.dir }).stdout.toString().trim();
  return dirty ? `commit ${head} plus uncommitted changes in src/ (work in progress by others, measured as found)` : `commit ${head}`;
}

function wrkVersion(): string {
  const output = Bun.spawnSync(["wrk", "--version"]).stdout.toString();
  return /wrk \S+/.exec(output)?.[0] ?? "wrk";
}
