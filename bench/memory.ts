#!/usr/bin/env bun
/**
 * `bun run bench:memory`: the memory the service needs, measured from outside as the RSS of the
 * whole process tree of `bun run start` (the script runner and the server it starts), the way a
 * small VPS or a container limit sees it (issue 19). Writes bench/results/memory.md.
 *
 *   1. first start on an empty data folder (PGlite): peak while starting, until listening + 3 s
 *   2. PGlite, idle after a restart on that folder
 *   3. PGlite, idle after 2,000 distinct uploads of 36 KB (8 at a time) once the background
 *      recompression of their blobs is done too and the heap has been shrunk (IDLE_AFTER_BURST_MS),
 *      with the RSS 5 s after the last upload and 5 s after the recompression, and the peak meanwhile
 *   4. Postgres mode, idle (a throw-away database on BENCH_DATABASE_URL's server)
 *   5. 500 idle AI streams (a scripted model that goes silent after its first frame): RSS per stream
 *
 * "Idle" is read after IDLE_WAIT_MS without requests (3: IDLE_AFTER_BURST_MS). Nothing here needs wrk.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAverage } from "./cpu.ts";
import { createDatabase } from "./databases.ts";
import { forgeServerLog } from "./fixtures.ts";
import { startProgram, treePeakSampler, type RunningProgram } from "./processes.ts";
import { openStream } from "./scenarios/idle-streams.ts";
import { uploadText } from "./seed.ts";

const IDLE_WAIT_MS = 5_000;
/**
 * After a burst the service shrinks its heap once 30 s pass without intake (src/logs/heap-settling.ts):
 * the figure after uploads is read 35 s after the last blob is recompressed, the 5 s one goes in the note.
 */
const IDLE_AFTER_BURST_MS = 35_000;
const UPLOADS = 2_000;
const UPLOAD_BYTES = 36 * 1024;
const STREAMS = 500;

interface Figure {
  what: string;
  goalMiB: number;
  /** The goal is per stream, in KiB. */
  perStream?: boolean;
  measured: number;
  note: string;
  load: string;
}

const figures: Figure[] = [];
const scratch = mkdtempSync(join(tmpdir(), "logpaste-memory-"));
const dataDir = join(scratch, "data");
const baseEnv = { PORT: "0", HOST: "127.0.0.1", PUBLIC_URL: "http://127.0.0.1", RATE_LIMIT_MAX: "250000", RATE_LIMIT_WINDOW_S: "1" };
const withoutDatabaseUrl = { ...baseEnv, DATABASE_URL: "" };
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** `bun run start` as a user types it, with the tree's RSS sampled from the moment it is spawned. */
async function startService(name: string, env: Record<string, string>) {
  let sampler: ReturnType<typeof treePeakSampler> | undefined;
  const program = await startProgram(name, ["bun", "run", "start"], env, (pid) => (sampler = treePeakSampler(pid)));
  return { program, sampler: sampler! };
}

const METRICS_TOKEN = "bench-memory";

/** Waits until the background recompression's queue is empty (at most two minutes), read from /metrics. */
async function recompressionDone(url: string): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    const metrics = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    if (/^logpaste_recompression_pending 0$/m.test(metrics)) break;
    await Bun.sleep(250);
  }
}

async function idleTree(program: RunningProgram): Promise<number> {
  await Bun.sleep(IDLE_WAIT_MS);
  return program.treeRssMiB();
}

try {
  // 1. First start: the data folder is created.
  {
    const loadBefore = loadAverage();
    const started = performance.now();
    const { program, sampler } = await startService("logpaste (first start)", { ...withoutDatabaseUrl, DATA_DIR: dataDir });
    const listeningS = (performance.now() - started) / 1000;
    await Bun.sleep(3_000);
    const peak = sampler.stop();
    await program.stop();
    figures.push({ what: "first start on an empty data folder (PGlite), peak", goalMiB: 400, measured: peak, note: `listening after ${listeningS.toFixed(1)} s`, load: `${loadBefore} -> ${loadAverage()}` });
  }

  // 2. and 3. Restart on that folder, idle; then uploads, idle again.
  {
    const loadBefore = loadAverage();
    const { program, sampler } = await startService("logpaste (restart)", { ...withoutDatabaseUrl, DATA_DIR: dataDir, METRICS_TOKEN });
    const idle = await idleTree(program);
    figures.push({ what: "PGlite, idle after a restart", goalMiB: 160, measured: idle, note: `start-up peak ${sampler.peakMiB().toFixed(0)} MiB`, load: `${loadBefore} -> ${loadAverage()}` });

    const uploadLoad = loadAverage();
    const base = forgeServerLog({ targetBytes: UPLOAD_BYTES });
    const uploadPeak = treePeakSampler(program.pid, 100);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < UPLOADS) {
          const n = next++;
          await uploadText(program.url, "/v1/log", `[00:00:00] [main/INFO]: memory bench upload ${n}\n${base}`);
        }
      }),
    );
    const uploadS = (performance.now() - started) / 1000;
    // 5 s after the last upload the service is still bringing the new blobs to the storage
    // quality (src/logs/recompression.ts): idle means once that is done too.
    const uploadsEnded = performance.now();
    const fiveSecondsOn = await idleTree(program);
    await recompressionDone(program.url);
    const recompressedS = (performance.now() - uploadsEnded) / 1000;
    const peak = uploadPeak.stop();
    const recompressed = performance.now();
    const shortlyAfter = await idleTree(program);
    await Bun.sleep(IDLE_AFTER_BURST_MS - (performance.now() - recompressed));
    const after = await program.treeRssMiB();
    sampler.stop();
    await program.stop();
    figures.push({
      what: `PGlite, idle after ${UPLOADS.toLocaleString("en")} uploads of ${UPLOAD_BYTES / 1024} KB`, goalMiB: 200, measured: after,
      note: `read ${IDLE_AFTER_BURST_MS / 1000} s after the last blob was recompressed (${shortlyAfter.toFixed(0)} MiB after ${IDLE_WAIT_MS / 1000} s); distinct uploads, 8 at a time, in ${uploadS.toFixed(1)} s (${(UPLOADS / uploadS).toFixed(0)}/s); their blobs all recompressed by ${recompressedS.toFixed(1)} s after the last; ${fiveSecondsOn.toFixed(0)} MiB 5 s after the last upload; peak ${peak.toFixed(0)} MiB`,
      load: `${uploadLoad} -> ${loadAverage()}`,
    });
  }

  // 4. Postgres mode.
  {
    const database = await createDatabase(adminUrl, "memory");
    try {
      const loadBefore = loadAverage();
      const { program, sampler } = await startService("logpaste (Postgres)", { ...baseEnv, DATABASE_URL: database.url });
      const idle = await idleTree(program);
      sampler.stop();
      await program.stop();
      figures.push({ what: "Postgres mode, idle", goalMiB: 80, measured: idle, note: `start-up peak ${sampler.peakMiB().toFixed(0)} MiB`, load: `${loadBefore} -> ${loadAverage()}` });
    } finally {
      await database.drop();
    }
  }

  // 5. Idle AI streams, on the PGlite folder of 1-3.
  {
    const upstream = await startProgram("scripted upstream", ["bun", "run", "bench/ai-upstream.ts"], {});
    const loadBefore = loadAverage();
    const { program, sampler } = await startService("logpaste (AI on)", {
      ...withoutDatabaseUrl,
      DATA_DIR: dataDir,
      AI_PROVIDER: "openai",
      AI_BASE_URL: upstream.url,
      AI_MODEL: "scripted-model",
      AI_API_KEYS: "bench-key",
      AI_MAX_STREAMS: String(STREAMS + 100),
      AI_MAX_STREAMS_PER_CLIENT: String(STREAMS + 100),
      AI_STALL_TIMEOUT_MS: "3600000",
      AI_MAX_DURATION_MS: "3600000",
      AI_CACHE_TTL_SECONDS: "0",
      BUN_CONFIG_MAX_HTTP_REQUESTS: String(STREAMS + 200),
    });
    sampler.stop();
    const sockets: Bun.Socket[] = [];
    try {
      const id = await uploadText(program.url, "/v1/log", forgeServerLog());
      // One stream first: the model SDKs load with the first run, which is not a per-stream cost.
      const { hostname, port } = new URL(program.url);
      await openStream(hostname, Number(port), `/v1/ai/${id}`, sockets);
      const before = await idleTree(program);
      const opened = await Promise.allSettled(Array.from({ length: STREAMS }, () => openStream(hostname, Number(port), `/v1/ai/${id}`, sockets)));
      const failed = opened.filter((result) => result.status === "rejected").length;
      const open = await idleTree(program);
      const perStreamKiB = ((open - before) * 1024) / Math.max(1, STREAMS - failed);
      figures.push({
        what: `each idle AI stream (${STREAMS} open, model silent)`, goalMiB: 100, perStream: true, measured: perStreamKiB,
        note: `tree RSS ${before.toFixed(0)} MiB with one stream, ${open.toFixed(0)} MiB with ${STREAMS - failed} more${failed ? `; ${failed} failed to open` : ""}`,
        load: `${loadBefore} -> ${loadAverage()}`,
      });
    } finally {
      for (const socket of sockets) socket.end();
      await program.stop();
      await upstream.stop();
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const rows = figures.map((figure) => {
  const unit = figure.perStream ? "KiB" : "MiB";
  const met = figure.measured <= figure.goalMiB ? "met" : "MISSED";
  return `| ${figure.what} | <= ${figure.goalMiB} ${unit} | ${figure.measured.toFixed(0)} ${unit} | ${met} | ${figure.load} | ${figure.note} |`;
});
const commit = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: import.meta.dir }).stdout.toString().trim();
const report = `# Memory: latest run

Generated by \`bun run bench:memory\` on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} at commit ${commit}, Bun ${Bun.version}.
RSS of the whole process tree of \`bun run start\` (the script runner and the server), read from /proc;
"idle" is read after ${IDLE_WAIT_MS / 1000} s without requests (after uploads: ${IDLE_AFTER_BURST_MS / 1000} s, see the note). Load average (1/5/15 min) before -> after each figure:
the machine has 2 cores, so above 2 other work shared them (it slows start-up, it does not change RSS much).

| what | goal | measured | | load average | note |
|---|---|---:|---|---|---|
${rows.join("\n")}
`;
const out = join(import.meta.dir, "results", "memory.md");
await Bun.write(out, report);
console.log(report);
console.log(`wrote ${out}`);
