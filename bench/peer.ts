#!/usr/bin/env bun
/**
 * `bun run bench:peer`: logpaste as it ships (`bun run start`, the embedded PGlite) against PHP
 * stand-ins for issue 24's peer, in one run. The peer itself (LogShare) cannot be installed here;
 * the stand-ins (bench/php-peer/) are the same kind of service built from Debian's packages:
 * nginx, PHP-FPM with OPcache, Redis for the cache, files for the store.
 *   - the PHP floor applies no filter: the least a PHP paste service does on an upload (read the
 *     body, store it, cache it, answer), so no PHP peer on this machine uploads faster;
 *   - the PHP filtering stand-in also applies the filters logpaste publishes (GET /v1/filters),
 *     with PCRE, as a PHP service with logpaste's privacy would.
 * Neither hashes, compresses or counts anything, as logpaste does. Writes bench/results/php-peer.md.
 *
 * Measured, the programs alternating round by round:
 *   - distinct 200 KB uploads (bench/wrk/post-distinct.lua) at 16 and 64 connections, with the
 *     CPU of each one's process tree per upload and the tree's peak RSS meanwhile (Redis, a shared
 *     server like Postgres elsewhere, aside);
 *   - reads of one stored log by the three kinds of client of bench/scenarios/raw-read.ts.
 *
 *   bun run bench:peer [--quick] [--workers N]   (N: PHP-FPM workers, default 4)
 *
 * Needs wrk, nginx, php-fpm and php-redis (bench/php-peer/start.ts says how to install them).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAverage, processCpuSeconds, treeCpuSeconds } from "./cpu.ts";
import { forgeServerLog } from "./fixtures.ts";
import { runLoad, wrkAvailable, type LoadResult } from "./load.ts";
import { phpPeerMissing, startPhpPeer } from "./php-peer/start.ts";
import { startProgram, treePeakSampler, type RunningProgram } from "./processes.ts";

const quick = process.argv.includes("--quick");
const workersFlag = process.argv.indexOf("--workers");
/** Two a core: of 2, 4, 8 and 16 workers, none was steadily faster on this machine (251-313 uploads a second). */
const PHP_WORKERS = workersFlag >= 0 ? Number(process.argv[workersFlag + 1]) : 4;
const ROUND_S = quick ? 3 : 10;
const ROUNDS = quick ? 1 : 3;
const WARM_UP_S = quick ? 1 : 5;
/** Databases of the machine's Redis that nothing else here uses, one per stand-in. */
const REDIS_DBS = [13, 14];

if (!Number.isInteger(PHP_WORKERS) || PHP_WORKERS < 1) {
  console.error("--workers needs a whole number (>= 1)");
  process.exit(64);
}
if (!(await wrkAvailable())) {
  console.error("wrk is not installed. On Debian: apt-get update && apt-get install -y wrk");
  process.exit(69);
}
const missing = phpPeerMissing();
if (missing) {
  console.error(`The PHP stand-in needs Debian packages that are not installed: ${missing}`);
  process.exit(69);
}

/** A side of the comparison: how to reach its upload and raw addresses. */
interface Side {
  label: string;
  program: RunningProgram;
  uploadPath: string;
  rawPrefix: string;
  usesRedis: boolean;
}

interface Round extends LoadResult {
  cpuMs: number;
  /** The Redis server's CPU per upload: the stand-ins' cache is part of their work (logpaste's PGlite is in its tree). */
  redisCpuMs: number;
  peakMiB: number;
}

const scratch = mkdtempSync(join(tmpdir(), "logpaste-peer-"));
const body = join(scratch, "forge.log");
await Bun.write(body, forgeServerLog());
const programs: RunningProgram[] = [];
const sections: string[] = [];


/** The machine's Redis server (redis-server, one process). */
const redisPid = Number(Bun.spawnSync(["pgrep", "-o", "-x", "redis-server"]).stdout.toString().trim());

async function uploads(side: Side, connections: number, durationS: number): Promise<Round> {
  const cpuBefore = treeCpuSeconds(side.program.pid);
  const redisBefore = processCpuSeconds(redisPid);
  const sampler = treePeakSampler(side.program.pid, 100);
  const result = await runLoad({
    url: `${side.program.url}${side.uploadPath}`,
    script: "post-distinct",
    connections,
    durationS,
    scriptEnv: { BENCH_BODY_FILE: body, BENCH_CONTENT_TYPE: "text/plain" },
  });
  const peakMiB = sampler.stop();
  const perUpload = (seconds: number) => (seconds * 1000) / Math.max(1, result.requests);
  return {
    ...result,
    cpuMs: perUpload(treeCpuSeconds(side.program.pid) - cpuBefore),
    redisCpuMs: side.usesRedis ? perUpload(processCpuSeconds(redisPid) - redisBefore) : 0,
    peakMiB,
  };
}

async function reads(side: Side, idsFile: string, acceptEncoding: string): Promise<LoadResult> {
  return runLoad({
    url: side.program.url,
    script: "read",
    connections: 64,
    durationS: ROUND_S,
    scriptEnv: { BENCH_IDS_FILE: idsFile, BENCH_PATH_PREFIX: side.rawPrefix, BENCH_ACCEPT_ENCODING: acceptEncoding },
  });
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

try {
  const logpaste = await startProgram("logpaste", ["bun", "run", "start"], {
    PORT: "0",
    HOST: "127.0.0.1",
    PUBLIC_URL: "http://127.0.0.1",
    DATABASE_URL: "",
    DATA_DIR: join(scratch, "logpaste-data"),
    // Counted, never refused: the stand-in has no limiter.
    RATE_LIMIT_MAX: "250000",
    RATE_LIMIT_WINDOW_S: "1",
  });
  programs.push(logpaste);
  const published = await (await fetch(`${logpaste.url}/v1/filters`)).text();
  const phpSide = async (name: string, filtersJson: string, index: number): Promise<Side> => {
    const program = await startPhpPeer({ name, folder: join(scratch, `php-${index}`), filtersJson, workers: PHP_WORKERS, redisDb: REDIS_DBS[index] });
    programs.push(program);
    return { label: `${name} (nginx + PHP-FPM, ${PHP_WORKERS} workers, Redis, files)`, program, uploadPath: "/1/log", rawPrefix: "/1/raw/", usesRedis: true };
  };
  const sides: Side[] = [
    { label: "logpaste (`bun run start`, PGlite)", program: logpaste, uploadPath: "/v1/log", rawPrefix: "/v1/raw/", usesRedis: false },
    await phpSide("PHP floor, no filters", "[]", 0),
    await phpSide("PHP with logpaste's published filters", published, 1),
  ];

  // What each stores from the same log: the filtering stand-in applies the published list only,
  // logpaste the server-only redactions too, so lines may differ there and nowhere else.
  const text = await Bun.file(body).text();
  const stored: string[] = [];
  const ids: string[] = [];
  for (const side of sides) {
    const answer = (await (await fetch(`${side.program.url}${side.uploadPath}`, { method: "POST", body: text })).json()) as { id: string };
    ids.push(answer.id);
    stored.push(await (await fetch(`${side.program.url}${side.rawPrefix}${answer.id}`)).text());
  }
  const [ours, , theirs] = stored.map((content) => content.split("\n"));
  const differing = ours.filter((line, index) => line !== theirs[index]).length;

  for (const side of sides) await uploads(side, 16, WARM_UP_S);
  for (const connections of [16, 64]) {
    const started = loadAverage();
    const rounds: Round[][] = sides.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, side] of sides.entries()) rounds[index].push(await uploads(side, connections, ROUND_S));
    }
    const rps = rounds.map((results) => mean(results.map((result) => result.rps)));
    sections.push(
      `## Distinct 200 KB uploads at ${connections} connections (${ROUNDS} alternating round(s) of ${ROUND_S} s; load average ${started} -> ${loadAverage()})`,
      "",
      "| service | req/s | per round | p50 ms | p99 ms | CPU ms/upload (tree + Redis) | peak tree RSS MiB | errors |",
      "|---|---:|---|---:|---:|---:|---:|---:|",
      ...sides.map((side, index) => {
        const results = rounds[index];
        return `| ${side.label} | ${rps[index].toFixed(0)} | ${results.map((result) => result.rps.toFixed(0)).join(", ")} | ${mean(results.map((result) => result.p50Ms)).toFixed(1)} | ${mean(results.map((result) => result.p99Ms)).toFixed(1)} | ${mean(results.map((result) => result.cpuMs)).toFixed(2)} + ${mean(results.map((result) => result.redisCpuMs)).toFixed(2)} | ${Math.max(...results.map((result) => result.peakMiB)).toFixed(0)} | ${results.reduce((sum, result) => sum + result.errors, 0)} |`;
      }),
      "",
      `logpaste / PHP floor: **${(rps[0] / rps[1]).toFixed(2)}x**; logpaste / PHP with the published filters: **${(rps[0] / rps[2]).toFixed(2)}x** (issue 24's goal against its peer: >= 2x)`,
      "",
    );
  }

  const readRows: string[] = [];
  for (const [acceptEncoding, client] of [
    ["br, gzip", "`br, gzip` (browsers, mclo.gs clients)"],
    ["none", "none (Java's HttpClient, curl, most bots)"],
    ["gzip, deflate", "`gzip, deflate` (Python's requests)"],
  ]) {
    const results: LoadResult[] = [];
    for (const [index, side] of sides.entries()) {
      const idsFile = join(scratch, `${index}.ids`);
      await Bun.write(idsFile, `${ids[index]}\n`);
      results.push(await reads(side, idsFile, acceptEncoding));
    }
    readRows.push(`| ${client} | ${results.map((result) => `${result.rps.toFixed(0)} (${result.errors} errors)`).join(" | ")} | ${(results[0].rps / results[1].rps).toFixed(1)}x |`);
  }
  sections.push(
    `## Reads of one stored log at 64 connections (${ROUND_S} s each)`,
    "",
    "| client sends Accept-Encoding | logpaste req/s | PHP floor req/s | PHP with filters req/s | logpaste / PHP floor |",
    "|---|---:|---:|---:|---:|",
    ...readRows,
    "",
    "The stand-ins send the plain text to every client (nginx's gzip covers text/html only by default).",
    "",
    `## What each stored`,
    "",
    `The same 200 KB log, uploaded once to logpaste and to the filtering stand-in and read back: ${differing} of ${ours.length} lines differ, where logpaste's server-only redactions (player UUIDs) hide what the published list leaves.`,
    "",
  );
} finally {
  for (const program of programs.reverse()) await program.stop().catch(() => {});
  rmSync(scratch, { recursive: true, force: true });
}

const commit = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: import.meta.dir }).stdout.toString().trim();
const php = Bun.spawnSync(["php", "-r", "echo PHP_VERSION;"]).stdout.toString().trim();
const nginx = /nginx\/\S+/.exec(Bun.spawnSync(["nginx", "-v"]).stderr.toString())?.[0] ?? "nginx";
const report = `# logpaste against PHP stand-ins: latest run

Generated by \`bun run bench:peer${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(" ")}` : ""}\` on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} at commit ${commit}: Bun ${Bun.version}, PHP ${php} (PHP-FPM, OPcache on), ${nginx}, wrk with 2 threads on loopback.
The stand-ins are bench/php-peer/, not issue 24's peer (LogShare), which cannot be installed here: nginx, PHP-FPM
(pm = static), Redis for the cache and files for the store. The PHP floor applies no filter, so no PHP paste service
uploads faster on this machine; the other applies the filters logpaste publishes at GET /v1/filters with PCRE. Neither
hashes, compresses or counts lines and errors, as logpaste does.
Body: bench/fixtures.ts's Forge log (about 200 KB), a different first line on every upload. 2 cores shared by wrk,
both services and Redis: the ratios, measured in one run, count more than the absolute figures.

${sections.join("\n")}`;
const out = join(import.meta.dir, "results", "php-peer.md");
await Bun.write(out, report);
console.log(report);
console.log(`wrote ${out}`);
