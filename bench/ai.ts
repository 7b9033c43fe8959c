#!/usr/bin/env bun
/**
 * AI stream overhead against the scripted upstream from the tests (no real model):
 * - time to first event (the `started` status) and to the first answer delta, per request;
 * - per-event overhead: a 2,000-chunk answer streamed through logpaste vs read straight from
 *   the scripted upstream;
 * - the app process's RSS with 1,000 open, idle streams, each its own model run on its own log
 *   (the upstream holds every call open after a first text chunk).
 * The app (the real one, as test/support/app.ts starts it), the upstream and the client run as
 * three processes so the RSS is the app's alone.
 *
 *   bun bench/ai.ts
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { streamText } from "ai";
import { Elysia } from "elysia";
import { aiRoutes, type AiLog } from "../src/ai/index.ts";
import { loadAiConfig } from "../src/config.ts";
import { requestOf } from "../src/ai/types.ts";
import { openai, scriptedUpstream } from "../test/ai/scripted-upstream.ts";
import { startTestApp } from "../test/support/app.ts";
import { SseReader } from "../test/ai/sse-client.ts";
import { paperLogWithBrokenPlugin } from "../test/ai/fixtures.ts";
import { rssMiB } from "./processes.ts";

const role = process.argv[2] ?? "client";
const longAnswerChunks = 2_000;
const idleStreams = 1_000;
// Bun's fetch runs at most 256 requests at once unless told otherwise; the app and the client
// each need more than that here.
const childEnv = { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "4096" };

/** The app's and the bare AI module's environment: the scripted model (address in argv[3]), no cache, room for the idle streams. */
function aiEnv(): Record<string, string> {
  return {
    AI_PROVIDER: "openai",
    AI_BASE_URL: process.argv[3],
    AI_MODEL: "scripted-model",
    AI_CACHE_TTL_SECONDS: "0",
    AI_MAX_STREAMS: String(idleStreams + 100),
    // Every stream comes from this machine, one client: lift its share and run budget too.
    AI_MAX_STREAMS_PER_CLIENT: String(idleStreams + 100),
    AI_RUNS_PER_CLIENT: "1000000",
    BUN_CONFIG_MAX_HTTP_REQUESTS: childEnv.BUN_CONFIG_MAX_HTTP_REQUESTS,
    AI_STALL_TIMEOUT_MS: "3600000",
    AI_MAX_DURATION_MS: "3600000",
  };
}

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
  // The real app (config, database, edge, listeners) as the tests start it.
  const app = await startTestApp(aiEnv());
  // Bench only: a full GC before each RSS reading, so garbage does not count as stream memory.
  process.on("SIGUSR2", () => Bun.gc(true));
  console.log(app.url);
} else if (role === "module") {
  // The AI routes alone in a bare Elysia app with logs in a Map: separates the AI module's memory
  // from the rest of the app's (edge, storage) in the idle-stream figure.
  const logs = new Map<string, AiLog>();
  const routes = aiRoutes({
    config: loadAiConfig(aiEnv()),
    loadLog: async (id) => {
      const log = logs.get(id);
      return log ? requestOf(log) : null;
    },
    readBody: async () => {
      throw new Error("not in the bench");
    },
    logOfBody: async () => {
      throw new Error("not in the bench");
    },
  });
  const app = new Elysia()
    .group("/v1", (group) => group.use(routes))
    // The same upload shape as the app, minus storage and filters.
    .post("/v1/log", async ({ request }) => {
      const content = await request.text();
      const id = `m${logs.size}`;
      logs.set(id, { id, hash: new Bun.CryptoHasher("sha256").update(content).digest("hex"), files: [{ name: "latest.log", content }] });
      return { id };
    }, { parse: "none" })
    .listen({ port: 0, hostname: "127.0.0.1" });
  process.on("SIGUSR2", () => Bun.gc(true));
  console.log(`http://127.0.0.1:${app.server!.port}`);
} else if (!process.env.BUN_CONFIG_MAX_HTTP_REQUESTS) {
  // The client opens 1,000 streams at once too: run it again with the higher fetch limit.
  const child = Bun.spawn(["bun", import.meta.path, "client"], { stdout: "inherit", stderr: "inherit", env: childEnv });
  process.exit(await child.exited);
} else {
  await runClient();
}

async function upload(appUrl: string, marker: string): Promise<string> {
  const response = await fetch(`${appUrl}/v1/log`, { method: "POST", body: `${paperLogWithBrokenPlugin}\n${marker}`, headers: { "content-type": "text/plain" } });
  return ((await response.json()) as { id: string }).id;
}

async function gc(pid: number): Promise<void> {
  process.kill(pid, "SIGUSR2");
  await Bun.sleep(500);
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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function fmt(ms: number): string {
  return `${ms.toFixed(2)} ms`;
}

async function runClient() {
  const upstream = await spawnRole("upstream");
  const app = await spawnRole("app", upstream.url);
  try {
    const short = await upload(app.url, "");
    const long = await upload(app.url, "BENCH-LONG");

    // 1. Time to first event and to first answer text.
    const firstEvent: number[] = [];
    const firstDelta: number[] = [];
    const runs = 300;
    for (let run = 0; run < runs + 20; run++) {
      const started = performance.now();
      const reader = new SseReader(await fetch(`${app.url}/v1/ai/${short}`));
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
      const frames = await new SseReader(await fetch(`${app.url}/v1/ai/${long}`)).rest();
      if (run >= 2) through.push(performance.now() - started);
      if (frames.filter((f) => f.data?.choices).length !== longAnswerChunks) throw new Error("lost chunks");

      started = performance.now();
      const response = await fetch(`${upstream.url}/chat/completions`, { method: "POST", body: longBody, headers: { "content-type": "application/json" } });
      await new SseReader(response).rest();
      if (run >= 2) direct.push(performance.now() - started);
    }
    // The ai SDK's streamText on its own, reading the same answer: the floor under our per-event cost.
    const sdkOnly: number[] = [];
    const sdkModel = createOpenAICompatible({ name: "bench", baseURL: upstream.url }).chatModel("scripted-model");
    for (let run = 0; run < 12; run++) {
      const started = performance.now();
      const result = streamText({ model: sdkModel, prompt: "BENCH-LONG", maxRetries: 0 });
      for await (const _part of result.stream);
      if (run >= 2) sdkOnly.push(performance.now() - started);
    }
    sdkOnly.sort((a, b) => a - b);
    through.sort((a, b) => a - b);
    direct.sort((a, b) => a - b);
    const throughMedian = percentile(through, 50);
    const directMedian = percentile(direct, 50);

    // 3. RSS of 1,000 open idle streams: the real app, then the AI module alone.
    const appIdle = await idleStreamRss("app", upstream.url);
    const moduleIdle = await idleStreamRss("module", upstream.url);

    console.log("## AI streams (the real app against the scripted OpenAI-compatible upstream, localhost, 3 processes)\n");
    console.log("| measure | value |");
    console.log("|---|---|");
    console.log(`| time to first event (started), median / p95 of ${runs} | ${fmt(percentile(firstEvent, 50))} / ${fmt(percentile(firstEvent, 95))} |`);
    console.log(`| time to first answer delta, median / p95 | ${fmt(percentile(firstDelta, 50))} / ${fmt(percentile(firstDelta, 95))} |`);
    console.log(`| ${longAnswerChunks}-chunk answer through logpaste, median | ${fmt(throughMedian)} (${((throughMedian / longAnswerChunks) * 1000).toFixed(1)} µs per event) |`);
    console.log(`| same answer read straight from the upstream, median | ${fmt(directMedian)} (${((directMedian / longAnswerChunks) * 1000).toFixed(1)} µs per event) |`);
    console.log(`| same answer through the ai SDK's streamText alone, median | ${fmt(percentile(sdkOnly, 50))} (${((percentile(sdkOnly, 50) / longAnswerChunks) * 1000).toFixed(1)} µs per event) |`);
    console.log(`| overhead per event (through logpaste minus straight read) | ${(((throughMedian - directMedian) / longAnswerChunks) * 1000).toFixed(1)} µs |`);
    for (const [name, idle] of [["real app", appIdle], ["AI routes alone (bare Elysia, logs in a Map)", moduleIdle]] as const) {
      console.log(`| ${name}: RSS before / with ${idleStreams} idle streams | ${idle.before.toFixed(1)} MiB / ${idle.open.toFixed(1)} MiB (${((idle.open - idle.before) * 1024 / idleStreams).toFixed(1)} KiB per stream) |`);
    }
  } finally {
    app.kill();
    upstream.kill();
  }
}

/** RSS of a fresh, warmed app process (`role`) before and with 1,000 idle streams open. */
async function idleStreamRss(role: "app" | "module", upstreamUrl: string): Promise<{ before: number; open: number }> {
  const idleApp = await spawnRole(role, upstreamUrl);
  try {
    // Distinct logs, so that each idle stream is its own model run (readers of one log share a run).
    const idleIds: string[] = [];
    for (let i = 0; i < idleStreams; i++) idleIds.push(await upload(idleApp.url, `BENCH-IDLE ${i}`));
    const warm = await upload(idleApp.url, "");
    for (let run = 0; run < 20; run++) await new SseReader(await fetch(`${idleApp.url}/v1/ai/${warm}`)).rest();
    await gc(idleApp.pid);
    const before = rssMiB(idleApp.pid);

    const controllers: AbortController[] = [];
    await Promise.all(
      idleIds.map(async (id) => {
        const controller = new AbortController();
        controllers.push(controller);
        const response = await fetch(`${idleApp.url}/v1/ai/${id}`, { signal: controller.signal });
        if (response.status !== 200) throw new Error(`stream for ${id}: ${response.status}`);
        // A first answer delta means this stream's upstream call is open and streaming.
        await new SseReader(response).until((frame) => frame.data?.choices !== undefined);
      }),
    );
    await gc(idleApp.pid);
    const open = rssMiB(idleApp.pid);
    for (const controller of controllers) controller.abort();
    return { before, open };
  } finally {
    idleApp.kill();
  }
}
