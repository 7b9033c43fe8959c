#!/usr/bin/env bun
/**
 * The engine against another commit's, in one process: `bun bench/engine-ab.ts <git ref> [corpus dir]`.
 *
 * Why: separate runs of bench/engine.ts on the same code moved between 81 and 98 MB/s within
 * minutes on a shared machine (2026-11-28), more than most changes to the engine are worth. Both
 * engines here analyse the corpus in alternating rounds, so a slow spell of the machine slows
 * both; the ratio of each round's best passes is what to read. Corpus logs as bytes (uploads) and
 * as text (what the service analyses, here joined to a round number so no cache can answer).
 *
 * The other commit is checked out in a temporary git worktree (removed at the end) that shares
 * this checkout's node_modules.
 */
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { corpusLogs, DEFAULT_CORPUS_DIR } from "./corpus.ts";

type Analyse = (input: string | Uint8Array) => unknown;

const [ref, corpusArg] = process.argv.slice(2);
if (!ref) {
  console.error("usage: bun bench/engine-ab.ts <git ref> [corpus dir]");
  process.exit(2);
}
const root = resolve(import.meta.dir, "..");
const corpusDir = resolve(corpusArg ?? DEFAULT_CORPUS_DIR);
const ROUNDS = 30;
const PASSES_PER_ROUND = 6;
const WARM_UP_ROUNDS = 20;

const git = (...args: string[]) => {
  const run = Bun.spawnSync(["git", ...args], { cwd: root, stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr.toString().trim()}`);
  return run.stdout.toString().trim();
};

const other = join(mkdtempSync(join(tmpdir(), "engine-ab-")), "tree");
git("worktree", "add", "--detach", other, ref);
try {
  symlinkSync(join(root, "node_modules"), join(other, "node_modules"));
  const theirs: Analyse = (await import(join(other, "src/analysis/index.ts"))).analyseLog;
  const ours: Analyse = (await import(join(root, "src/analysis/index.ts"))).analyseLog;

  const bytes = await corpusLogs(corpusDir);
  const texts = bytes.map((b) => new TextDecoder().decode(b));
  const megabytes = bytes.reduce((n, b) => n + b.length, 0) / 1e6;

  let round = 0;
  const inputs = {
    bytes: () => bytes,
    text: () => texts.map((text) => `${text}\n${round}`),
  };
  const pass = (analyse: Analyse, corpus: readonly (string | Uint8Array)[]) => {
    const started = performance.now();
    for (const input of corpus) analyse(input);
    return performance.now() - started;
  };

  const lines = [`ours: ${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain") ? " (with uncommitted changes)" : ""}; theirs: ${git("rev-parse", "--short", ref)}`];
  for (const [name, make] of Object.entries(inputs)) {
    for (let w = 0; w < WARM_UP_ROUNDS; w++) {
      pass(theirs, make());
      pass(ours, make());
    }
    const ratios: number[] = [];
    let bestOurs = Infinity;
    let bestTheirs = Infinity;
    for (round = 0; round < ROUNDS; round++) {
      let theirsMs = Infinity;
      let oursMs = Infinity;
      // Which goes first alternates, so that neither always inherits the other's garbage.
      for (let p = 0; p < PASSES_PER_ROUND; p++) {
        const corpus = make();
        if ((round + p) % 2 === 0) {
          theirsMs = Math.min(theirsMs, pass(theirs, corpus));
          oursMs = Math.min(oursMs, pass(ours, corpus));
        } else {
          oursMs = Math.min(oursMs, pass(ours, corpus));
          theirsMs = Math.min(theirsMs, pass(theirs, corpus));
        }
      }
      ratios.push(oursMs / theirsMs);
      bestOurs = Math.min(bestOurs, oursMs);
      bestTheirs = Math.min(bestTheirs, theirsMs);
    }
    ratios.sort((a, b) => a - b);
    const median = ratios[ratios.length >> 1];
    lines.push(
      `corpus as ${name}: ours take ${median.toFixed(3)} of theirs' time (median of ${ROUNDS} rounds; ${ratios[0].toFixed(3)}-${ratios.at(-1)!.toFixed(3)}); best pass ours ${bestOurs.toFixed(1)} ms (${(megabytes / (bestOurs / 1000)).toFixed(1)} MB/s), theirs ${bestTheirs.toFixed(1)} ms (${(megabytes / (bestTheirs / 1000)).toFixed(1)} MB/s)`,
    );
  }
  console.log(lines.join("\n"));
} finally {
  git("worktree", "remove", "--force", other);
  rmSync(resolve(other, ".."), { recursive: true, force: true });
}
