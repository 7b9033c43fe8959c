#!/usr/bin/env bun
/**
 * Engine throughput, without HTTP: every .log under a corpus folder, then two generated worst
 * cases (a 10 MB server log and a single 30,000-line stack trace). Prints a markdown table.
 *
 *   bun bench/engine.ts [corpus dir, default ../shared/corpus]
 */
import { resolve } from "node:path";
import { analyseLog } from "../src/analysis/index.ts";
import { generatedLongStackTrace, generatedServerLog } from "../test/analysis/fixtures/generated-logs.ts";

interface Row {
  input: string;
  files: number;
  bytes: number;
  ms: number;
}

function timeRuns(inputs: Uint8Array[] | string[], rounds: number): number {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    for (const input of inputs) analyseLog(input);
    best = Math.min(best, performance.now() - started);
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
  { input: `corpus (${corpusDir})`, files: corpus.length, bytes: corpus.reduce((n, b) => n + b.length, 0), ms: timeRuns(corpus, 5) },
  { input: "generated 10 MB server log", files: 1, bytes: serverLog.length, ms: timeRuns([serverLog], 3) },
  { input: "one 30,000-line stack trace", files: 1, bytes: stackTrace.length, ms: timeRuns([stackTrace], 5) },
];

console.log("| input | files | MB | best ms | MB/s | files/s |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const row of rows) {
  const mb = row.bytes / 1e6;
  const seconds = row.ms / 1000;
  console.log(
    `| ${row.input} | ${row.files} | ${mb.toFixed(2)} | ${row.ms.toFixed(1)} | ${(mb / seconds).toFixed(1)} | ${(row.files / seconds).toFixed(0)} |`,
  );
}
