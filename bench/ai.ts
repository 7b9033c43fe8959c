#!/usr/bin/env bun
/**
 * AI stream overhead against the scripted upstream from the tests (no real model):
 * - time to first event (the `started` status) and to the first answer delta, per request;
 * - per-event overhead: a 2,000-chunk answer streamed through logpaste vs read straight from
 *   the scripted upstream;
 * - the app process's RSS with 1,000 open, idle streams, each its own model run on its own log
 *   (the upstream holds every call open after a first text chunk).
 * The app, the upstream and the client run as three processes so the RSS is the app's alone.
 *
 *   bun bench/ai.ts
 */
import { Elysia } from "elysia";
import { aiRoutes, loadAiConfig, type AiLog } from "../src/ai/index.ts";
import { ApiError, errorResponse } from "../src/errors.ts";
import { openai, scriptedUpstream } from "../test/ai/scripted-upstream.ts";
import { SseReader } from "../test/ai/sse-client.ts";
import { paperLogWithBrokenPlugin } from "../test/ai/fixtures.ts";

const role = process.argv[2] ?? "client";
const longAnswerChunks = 2_000;
const idleStreams = 1_000;
// Bun's fetch runs at most 256 requests at once unless told otherwise; the app and the client
// each need more than that here.
const childEnv = { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "4096" };

if (role === "upstream") {
  const upstream = scriptedUpstream("openai", (call) => {
    const kind = JSON.stringify(call.body.messages).includes("BENCH-IDLE")
      ? "idle"
      : JSON.stringify(call.body.messages).includes("BENCH-LONG")
        ? "long"
        : "short";
    if (kind === "idle") return { frames: [openai.start(), openai.text("…")], stall: true };
    if (kind === "long") return { frames: openai.answer(Array.from({ length: longAnswerChunks }, (_, i) => `w${i} `)) };
    return { frames: openai.answer(["The plugin FancyShop needs Vault."]) };
  });
  console.log(upstream.url);
} else if (role === "app") {
  const logs = new Map<string, AiLog>();
  const hash = (s: string) => new Bun.CryptoHasher("sha256").update(s).digest("hex");
  const idleLogs = Array.from({ length: idleStreams }, (_, i) => [`idle${i}`, `BENCH-IDLE ${i}`]);
  // Distinct logs, so that each idle stream is its own model run (readers of one log share a run).
  for (const [id, marker] of [["short", ""], ["long", "BENCH-LONG"], ...idleLogs]) {
    const content = `${paperLogWithBrokenPlugin}\n${marker}`;
    logs.set(id, { id, hash: hash(content), files: [{ name: "latest.log", content }] });
  }
  const routes = aiRoutes({
    config: loadAiConfig({
      AI_PROVIDER: "openai",
      AI_BASE_URL: process.argv[3],
      AI_MODEL: "scripted-model",
      AI_CACHE_TTL_SECONDS: "0",
      AI_MAX_STREAMS: String(idleStreams + 100),
      AI_STALL_TIMEOUT_MS: "3600000",
      AI_MAX_DURATION_MS: "3600000",
    }),
    loadLog: async (id) => logs.get(id) ?? null,
    readBody: async () => {
      throw new ApiError("unsupported_media_type", "not in the bench");
    },
  });
  const app = new Elysia()
    .onError({ as: "global" }, ({ error }) => (error instanceof ApiError ? errorResponse(error) : undefined))
    .group("/v1", (group) => group.use(routes))
    // Bench only: a full GC before reading the RSS, so garbage does not count as stream memory.
    .get("/bench/gc", () => {
      Bun.gc(true);
      return "ok";
    })
    .listen({ port: 0, hostname: "127.0.0.1" });
  console.log(`http://127.0.0.1:${app.server!.port}`);
} else if (!process.env.BUN_CONFIG_MAX_HTTP_REQUESTS) {
  // The client opens 1,000 streams at once too: run it again with the higher fetch limit.
  const child = Bun.spawn(["bun", import.meta.path, "client"], { stdout: "inherit", stderr: "inherit", env: childEnv });
  process.exit(await child.exited);
} else {
  await runClient();
}

async function spawnRole(name: string, ...args: string[]): Promise<{ url: string; pid: number; kill(): void }> {
  const child = Bun.spawn(["bun", import.meta.path, name, ...args], { stdout: "pipe", stderr: "inherit", env: childEnv });
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${name} exited early`);
    text += new TextDecoder().decode(value);
  }
  return { url: text.trim(), pid: child.pid, kill: () => child.kill() };
}

function rssMiB(pid: number): number {
  const status = require("node:fs").readFileSync(`/proc/${pid}/status`, "utf8") as string;
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]);
  return kb / 1024;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function fmt(ms: number): string {
  return `${ms.toFixed(2)} ms`;
}

async function runClient() {
  const upstream = await spawnRole("upstream");
  const app = await spawnRole("app", upstream.url);
  let idleApp: Awaited<ReturnType<typeof spawnRole>> | undefined;
  try {
    // 1. Time to first event and to first answer text.
    const firstEvent: number[] = [];
    const firstDelta: number[] = [];
    const runs = 300;
    for (let run = 0; run < runs + 20; run++) {
      const started = performance.now();
      const reader = new SseReader(await fetch(`${app.url}/v1/ai/short`));
      await reader.next();
      const gotFirst = performance.now();
      await reader.until((frame) => frame.data?.choices !== undefined);
      const gotDelta = performance.now();
      await reader.rest();
      if (run >= 20) {
        firstEvent.push(gotFirst - started);
        firstDelta.push(gotDelta - started);
      }
    }
    firstEvent.sort((a, b) => a - b);
    firstDelta.sort((a, b) => a - b);

    // 2. Per-event overhead: the same 2,000-chunk answer through logpaste and straight from upstream.
    const through: number[] = [];
    const direct: number[] = [];
    const longBody = JSON.stringify({ model: "scripted-model", stream: true, messages: [{ role: "user", content: "BENCH-LONG" }] });
    for (let run = 0; run < 12; run++) {
      let started = performance.now();
      const frames = await new SseReader(await fetch(`${app.url}/v1/ai/long`)).rest();
      if (run >= 2) through.push(performance.now() - started);
      if (frames.filter((f) => f.data?.choices).length !== longAnswerChunks) throw new Error("lost chunks");

      started = performance.now();
      const response = await fetch(`${upstream.url}/chat/completions`, { method: "POST", body: longBody, headers: { "content-type": "application/json" } });
      await new SseReader(response).rest();
      if (run >= 2) direct.push(performance.now() - started);
    }
    through.sort((a, b) => a - b);
    direct.sort((a, b) => a - b);
    const throughMedian = percentile(through, 50);
    const directMedian = percentile(direct, 50);

    // 3. RSS of 1,000 open idle streams, in a fresh app process warmed by a few analyses.
    idleApp = await spawnRole("app", upstream.url);
    for (let run = 0; run < 20; run++) await new SseReader(await fetch(`${idleApp.url}/v1/ai/short`)).rest();
    await fetch(`${idleApp.url}/bench/gc`);
    await Bun.sleep(500);
    const rssBefore = rssMiB(idleApp.pid);
    const controllers: AbortController[] = [];
    const opened: Promise<void>[] = [];
    for (let i = 0; i < idleStreams; i++) {
      const controller = new AbortController();
      controllers.push(controller);
      opened.push(
        (async () => {
          const response = await fetch(`${idleApp!.url}/v1/ai/idle${i}`, { signal: controller.signal });
          if (response.status !== 200) throw new Error(`stream ${i}: ${response.status}`);
          // A first answer delta means this stream's upstream call is open and streaming.
          await new SseReader(response).until((frame) => frame.data?.choices !== undefined);
        })(),
      );
    }
    await Promise.all(opened);
    await fetch(`${idleApp.url}/bench/gc`);
    await Bun.sleep(500);
    const rssOpen = rssMiB(idleApp.pid);
    for (const controller of controllers) controller.abort();

    console.log("## AI streams (scripted OpenAI-compatible upstream, localhost, 3 processes)\n");
    console.log("| measure | value |");
    console.log("|---|---|");
    console.log(`| time to first event (started), median / p95 of ${runs} | ${fmt(percentile(firstEvent, 50))} / ${fmt(percentile(firstEvent, 95))} |`);
    console.log(`| time to first answer delta, median / p95 | ${fmt(percentile(firstDelta, 50))} / ${fmt(percentile(firstDelta, 95))} |`);
    console.log(`| ${longAnswerChunks}-chunk answer through logpaste, median | ${fmt(throughMedian)} (${((throughMedian / longAnswerChunks) * 1000).toFixed(1)} µs per event) |`);
    console.log(`| same answer read straight from the upstream, median | ${fmt(directMedian)} (${((directMedian / longAnswerChunks) * 1000).toFixed(1)} µs per event) |`);
    console.log(`| overhead per event | ${(((throughMedian - directMedian) / longAnswerChunks) * 1000).toFixed(1)} µs |`);
    console.log(`| app RSS before / with ${idleStreams} idle streams | ${rssBefore.toFixed(1)} MiB / ${rssOpen.toFixed(1)} MiB |`);
    console.log(`| RSS per idle stream | ${(((rssOpen - rssBefore) * 1024) / idleStreams).toFixed(1)} KiB |`);
  } finally {
    idleApp?.kill();
    app.kill();
    upstream.kill();
  }
}
