/**
 * The AI tests' rigs, both driven by the scripted upstream:
 * - `startAiApp`: the real app (test/support/app.ts: real config, database, listeners, edge)
 *   configured against the scripted model; one per test file, the script swapped per test;
 * - `startAnalyst`: the AI service alone (no HTTP, no database) for behaviour that needs a
 *   configuration of its own (timeouts, keys), where starting an app per case would be slow.
 */
import { afterAll, beforeAll } from "bun:test";
import { createAiAnalyst } from "../../src/ai/analyst.ts";
import type { AiLog } from "../../src/ai/index.ts";
import { loadAiConfig } from "../../src/config.ts";
import { requestOf, type AiLogRequest } from "../../src/ai/types.ts";
import type { AiEvent } from "../../src/ai/events.ts";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { paperLogWithBrokenPlugin } from "./fixtures.ts";
import { openai, scriptedUpstream, type Script, type ScriptedUpstream } from "./scripted-upstream.ts";

const nothingScripted: Script = () => ({ status: 500, body: '{"error":{"message":"no script for this test"}}' });

export interface AiApp {
  url: string;
  upstream: ScriptedUpstream;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** A fresh scripted model for the next test: new script, no calls recorded. */
  script(script: Script): ScriptedUpstream;
  /**
   * Uploads the broken-plugin log (or `content`) made unique to the calling test, so answers
   * cached or runs shared by earlier tests never leak into it. Returns the id.
   */
  uploadLog(content?: string): Promise<string>;
  /** One sample of /metrics, by its name with labels as rendered (`name{label="value"}`). */
  metric(sample: string): Promise<number>;
  /** Waits (up to 5 s) for a sample to reach `value`: the server updates some on a later turn (a hang-up it has yet to notice). */
  metricBecomes(sample: string, value: number): Promise<void>;
}

let uploads = 0;

/** Starts the scripted upstream and the real app for this test file; both stop after the file. */
export function startAiApp(env: Record<string, string> = {}, protocol: "openai" | "anthropic" = "openai"): AiApp {
  const upstream = scriptedUpstream(protocol, nothingScripted);
  let app: TestApp | undefined;

  beforeAll(async () => {
    app = await startTestApp({
      AI_PROVIDER: protocol,
      AI_BASE_URL: upstream.url,
      AI_MODEL: "scripted-model",
      AI_API_KEYS: "key-1",
      // Every test request comes from 127.0.0.1, one client: a file's runs would soon use up the
      // default budget. The tests of the per-client limits set their own.
      AI_RUNS_PER_CLIENT: "1000",
      ...env,
    });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await app?.stop();
    upstream.stop();
  }, START_TIMEOUT_MS);

  const running = () => {
    if (!app) throw new Error("the app starts in beforeAll");
    return app;
  };
  return {
    get url() {
      return running().url;
    },
    upstream,
    fetch: (path, init) => running().fetch(path, init),
    script(script) {
      upstream.reset(script);
      return upstream;
    },
    async metric(sample) {
      const text = await (await running().fetch("/metrics")).text();
      return Number(text.split("\n").find((line) => line.startsWith(`${sample} `))?.split(" ").at(-1));
    },
    async metricBecomes(sample, value) {
      for (const until = Date.now() + 5000; Date.now() < until; await Bun.sleep(10)) {
        if ((await this.metric(sample)) === value) return;
      }
      throw new Error(`${sample} did not become ${value}`);
    },
    async uploadLog(content = paperLogWithBrokenPlugin) {
      uploads++;
      const uploaded = await running().upload(`${content}\n[12:00:09] [Server thread/INFO]: test upload ${uploads} at ${Date.now()}`);
      return uploaded.id;
    },
  };
}

/** Starts an upload-shaped log for `startAnalyst` tests. */
export function aiLog(content = paperLogWithBrokenPlugin, hash: string = crypto.randomUUID()): AiLog {
  return { hash, files: [{ name: "latest.log", content }] };
}

export interface AnalystRig {
  upstream: ScriptedUpstream;
  /** What the service logged (the AiLogger calls). */
  logged: { level: string; message: string; fields: Record<string, unknown> }[];
  /** Runs one analysis to its end and returns its events (`request`: a stored log's, with its own readInsights). */
  analyse(options?: { log?: AiLog; request?: AiLogRequest; language?: string; signal?: AbortSignal }): Promise<AiEvent[]>;
  stop(): void;
}

/** The AI service configured against a scripted upstream, with the given AI_* overrides. */
export function startAnalyst(script: Script, env: Record<string, string> = {}, protocol: "openai" | "anthropic" = "openai"): AnalystRig {
  const upstream = scriptedUpstream(protocol, script);
  const config = loadAiConfig({ AI_PROVIDER: protocol, AI_BASE_URL: upstream.url, AI_MODEL: "scripted-model", AI_API_KEYS: "key-1", ...env })!;
  const logged: AnalystRig["logged"] = [];
  const analyst = createAiAnalyst(config, (level, message, fields) => logged.push({ level, message, fields }));
  return {
    upstream,
    logged,
    async analyse({ log = aiLog(), request = requestOf(log), language = "en", signal = new AbortController().signal } = {}) {
      const events: AiEvent[] = [];
      const opened = analyst.open(request, language, null, signal);
      for await (const event of opened.events) events.push(event);
      opened.release();
      return events;
    },
    stop: () => upstream.stop(),
  };
}

/** A promise with its resolve function, for holding a scripted reply until the test says so. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** A script whose every call answers `text` at once. */
export const answering = (text: string): Script => () => ({ frames: openai.answer([text]) });

export const answerOf = (events: AiEvent[]) =>
  events.map((event) => (event.kind === "delta" ? event.text : "")).join("");
export const statusTypes = (events: AiEvent[]) =>
  events.flatMap((event) => (event.kind === "status" ? [event.data.type] : []));
