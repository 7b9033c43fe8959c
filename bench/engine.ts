#!/usr/bin/env bun
/**
 * Engine throughput, without HTTP: every .log under a corpus folder, then two generated worst
 * cases (a 10 MB server log and a single 30,000-line stack trace). Prints a markdown table with
 * wall time and CPU time (user + system) of the best round: on a shared machine CPU time says
 * what the engine costs, wall time what it delivers. The load average is printed with it.
 *
 *   bun bench/engine.ts [corpus dir, default ../shared/corpus]
 */
import { availableParallelism, loadavg } from "node:os";
import { resolve } from "node:path";
import { analyseLog } from "../src/analysis/index.ts";
import { generatedLongStackTrace, generatedServerLog } from "../test/analysis/fixtures/generated-logs.ts";

interface Row {
  input: string;
  files: number;
  bytes: number;
  ms: number;
  cpuMs: number;
}

/** The fastest of `rounds` passes over the inputs: wall ms, and the CPU ms of that pass. */
function timeRuns(inputs: Uint8Array[] | string[], rounds: number): { ms: number; cpuMs: number } {
  let best = { ms: Infinity, cpuMs: Infinity };
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (const input of inputs) analyseLog(input);
    const used = process.cpuUsage(cpu);
    const ms = performance.now() - started;
    if (ms < best.ms) best = { ms, cpuMs: (used.user + used.system) / 1000 };
  }
  return best;
}

const corpusDir = resolve(process.argv[2] ?? resolve(import.meta.dir, "../../shared/corpus"));
const corpus: Uint8Array[] = [];
for await (const rel of new Bun.Glob("**/*.log").scan({ cwd: corpusDir })) corpus.push(await Bun.file(`${corpusDir}/${rel}`).bytes());

const serverLog = generatedServerLog(10_000_000);
const stackTrace = generatedLongStackTrace(30_000);

// One warm-up pass so the JIT has seen every pattern.
timeRuns(corpus, 1);
timeRuns([stackTrace], 1);

const rows: Row[] = [
  { input: `corpus (${corpusDir})`, files: corpus.length, bytes: corpus.reduce((n, b) => n + b.length, 0), ...timeRuns(corpus, 5) },
  { input: "generated 10 MB server log", files: 1, bytes: serverLog.length, ...timeRuns([serverLog], 3) },
  { input: "one 30,000-line stack trace", files: 1, bytes: stackTrace.length, ...timeRuns([stackTrace], 5) },
];

console.log(`load average: ${loadavg().map((n) => n.toFixed(2)).join(", ")} (${availableParallelism()} cores)`);
console.log("| input | files | MB | best ms | CPU ms | MB/s | MB per CPU s | files/s |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const row of rows) {
  const mb = row.bytes / 1e6;
  const seconds = row.ms / 1000;
  console.log(
    `| ${row.input} | ${row.files} | ${mb.toFixed(2)} | ${row.ms.toFixed(1)} | ${row.cpuMs.toFixed(1)} | ${(mb / seconds).toFixed(1)} | ${(mb / (row.cpuMs / 1000)).toFixed(1)} | ${(row.files / seconds).toFixed(0)} |`,
  );
}
