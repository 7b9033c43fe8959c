/**
 * Operability: /healthz, /readyz, /metrics in Prometheus text, request ids, and access lines that
 * carry no log content and no tokens.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { metric } from "../support/metrics.ts";

let api: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  api = await startTestApp({ RATE_LIMIT_ROUTES: "GET /v1/limits=3/60" }, { accessLog: (line) => lines.push(line) });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

describe("health", () => {
  test("/healthz says the process is up", async () => {
    const response = await api.fetch("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("/readyz checks the database and the migrations", async () => {
    const response = await api.fetch("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
  });
});

describe("metrics", () => {
  test("requests, uploads, cache and limiter rejections are counted; deduplication is not on public metrics", async () => {
    const content = `[10:00:00] [Server thread/INFO]: metrics test ${Math.random()}`;
    const first = await api.upload(content);
    await api.upload(content); // the same content again: deduplicated
    await api.fetch(`/v1/raw/${first.id}`);
    await api.fetch(`/1/raw/${first.id}`);
    await api.fetch("/v1/raw/unknown1");
    for (let i = 0; i < 5; i++) await api.fetch("/v1/limits"); // 3 allowed, then 429s
    await Bun.sleep(50);
    // The blob count is read in the background at most every few seconds: ask twice.
    await api.fetch("/metrics");
    await Bun.sleep(200);

    const response = await api.fetch("/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const text = await response.text();
    expect(text).toContain("# TYPE logpaste_http_requests_total counter");
    expect(text).toContain("# TYPE logpaste_http_request_duration_seconds histogram");
    // Route templates, not raw paths: /1 counts as /v1 and ids are placeholders.
    expect(metric(text, "logpaste_http_requests_total", { method: "GET", route: "/v1/raw/{id}", status: "200" })).toBe(2);
    expect(metric(text, "logpaste_http_requests_total", { method: "GET", route: "/v1/raw/{id}", status: "404" })).toBe(1);
    expect(metric(text, "logpaste_http_requests_total", { method: "POST", route: "/v1/log", status: "200" })).toBe(2);
    expect(text).not.toContain(first.id);
    expect(metric(text, "logpaste_http_request_duration_seconds_count", { method: "POST", route: "/v1/log" })).toBe(2);
    expect(metric(text, "logpaste_uploads_total")).toBe(2);
    expect(metric(text, "logpaste_upload_bytes_total")).toBe(2 * Buffer.byteLength(content));
    // an oracle on a public endpoint: would tell whether someone already uploaded an exact text
    expect(text).not.toContain("logpaste_upload_bytes_deduplicated_total");
    expect(text).not.toContain("logpaste_blobs");
    expect(text).not.toContain("logpaste_recompression"); // the queue grows for new content only
    expect(metric(text, "logpaste_cache_hits_total")).toBeGreaterThanOrEqual(2);
    expect(metric(text, "logpaste_cache_hit_ratio")).toBeGreaterThan(0);
    expect(metric(text, "logpaste_rate_limited_total")).toBe(2);
    expect(metric(text, "logpaste_ai_streams_open")).toBe(0);
    expect(metric(text, "logpaste_process_resident_bytes")).toBeGreaterThan(1_000_000);
  });
});

describe("the embedded database's memory", () => {
  test("on PGlite its WebAssembly memory is a gauge that grows with what Postgres needs; on Postgres there is none", async () => {
    const read = async () => metric(await (await api.fetch("/metrics")).text(), "logpaste_pglite_memory_bytes");
    if (api.database.driver === "postgres") {
      expect(await read()).toBeUndefined();
      return;
    }
    const before = (await read())!;
    expect(before).toBeGreaterThanOrEqual(16 * 1024 * 1024); // at least Postgres's shared buffers and its code's data
    // A 64 MB value built inside Postgres needs more memory than it had: the gauge follows it up.
    await api.database.db.execute(sql`select length(repeat('x', 64000000))`);
    const after = (await read())!;
    expect(after).toBeGreaterThan(before);
  });
});

describe("counter types, process metrics and the release", () => {
  test("every *_total metric is typed counter", async () => {
    const text = await (await api.fetch("/metrics")).text();
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((match) => [match[1], match[2]]);
    const totals = types.filter(([name]) => name.endsWith("_total"));
    expect(totals.length).toBeGreaterThanOrEqual(12);
    for (const [name, type] of totals) expect(`${name} ${type}`).toBe(`${name} counter`);
  });

  test("the standard process metrics are there, with plausible values", async () => {
    // keep the loop busy for a moment, so the lag has something to show
    const until = performance.now() + 60;
    while (performance.now() < until);
    await Bun.sleep(50);
    const text = await (await api.fetch("/metrics")).text();
    expect(metric(text, "process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(metric(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(metric(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(metric(text, "process_heap_bytes")).toBeGreaterThan(1_000_000);
    const fds = metric(text, "process_open_fds")!;
    expect(fds).toBeGreaterThan(3);
    expect(fds).toBeLessThan(metric(text, "process_max_fds")!);
    expect(Math.abs(metric(text, "process_start_time_seconds")! - (Date.now() / 1000 - process.uptime()))).toBeLessThan(5);
    expect(metric(text, "nodejs_eventloop_lag_seconds", { stat: "max" })).toBeGreaterThan(0.02);
  });

  test("the version is in the index, the build_info metric and the OpenAPI document", async () => {
    const { version } = (await Bun.file(`${import.meta.dir}/../../package.json`).json()) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(((await (await api.fetch("/v1")).json()) as { version: string }).version).toBe(version);
    expect(((await (await api.fetch("/1")).json()) as { version: string }).version).toBe(version);
    const text = await (await api.fetch("/metrics")).text();
    expect(text).toContain("# TYPE logpaste_build_info gauge");
    expect(metric(text, "logpaste_build_info", { version })).toBe(1);
    const document = (await (await api.fetch("/openapi.json")).json()) as { info: { version: string } };
    expect(document.info.version).toBe(version);
  });
});

describe("request ids and access lines", () => {
  test("every response carries X-Request-Id; a sane client id is kept, a hostile one replaced", async () => {
    const generated = await api.fetch("/v1/limits");
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await api.fetch("/healthz", { headers: { "x-request-id": "panel-42.abc" } });
    expect(kept.headers.get("x-request-id")).toBe("panel-42.abc");
    const replaced = await api.fetch("/healthz", { headers: { "x-request-id": "<script>" + "x".repeat(300) } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const notFound = await api.fetch("/nothing/here/at/all");
    expect(notFound.headers.get("x-request-id")).toBeTruthy();
  });

  test("one JSON line per request, without log content, tokens or query strings", async () => {
    lines.length = 0;
    const secret = `SECRET-CONTENT-${Math.random()}`;
    const upload = await api.upload(`[10:00:00] [Server thread/INFO]: ${secret}`);
    await api.fetch(`/v1/log/${upload.id}?raw`, { headers: { "x-request-id": "trace-me" } });
    await api.fetch(`/v1/log/${upload.id}`, { method: "DELETE", headers: { authorization: `Bearer ${upload.token}` } });
    expect(lines.length).toBe(3);
    const parsed = lines.map((line) => JSON.parse(line));
    expect(parsed.map((l) => `${l.method} ${l.route} ${l.status}`)).toEqual([
      "POST /v1/log 200",
      "GET /v1/log/{id} 200",
      "DELETE /v1/log/{id} 200",
    ]);
    expect(parsed[1].requestId).toBe("trace-me");
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(line).not.toContain(upload.token);
      expect(line).not.toContain(upload.id);
      expect(line).not.toContain("?raw");
    }
    expect(typeof parsed[0].ms).toBe("number");
  });
});

test("a metrics token, when set, guards /metrics, which then also shows deduplication, blobs and the recompression queue", async () => {
  const guarded = await startTestApp({ METRICS_TOKEN: "s3cret" });
  try {
    expect((await guarded.fetch("/metrics")).status).toBe(401);
    const content = `[10:00:00] [Server thread/INFO]: private metrics ${Math.random()}`;
    await guarded.upload(content);
    await guarded.upload(content);
    const scrape = () => guarded.fetch("/metrics", { headers: { authorization: "Bearer s3cret" } });
    await scrape(); // the blob count is read in the background: ask twice
    await Bun.sleep(200);
    const response = await scrape();
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(metric(text, "logpaste_upload_bytes_deduplicated_total")).toBe(Buffer.byteLength(content));
    expect(metric(text, "logpaste_blobs")).toBe(1);
    // The one new blob is brought to the storage quality once uploads pause, and leaves the queue.
    const settled = async () => {
      const now = await (await scrape()).text();
      return metric(now, "logpaste_recompression_pending") === 0 && metric(now, "logpaste_recompressed_blobs_total") === 1;
    };
    for (const deadline = Date.now() + 10_000; !(await settled()) && Date.now() < deadline; ) await Bun.sleep(100);
    const after = await (await scrape()).text();
    expect(metric(after, "logpaste_recompression_pending")).toBe(0);
    expect(metric(after, "logpaste_recompressed_blobs_total")).toBe(1);
    expect(metric(after, "logpaste_recompression_skipped_total")).toBe(0);
  } finally {
    await guarded.stop();
  }
}, START_TIMEOUT_MS);

test("AI streams and the tokens they use appear in the metrics", async () => {
  const { scriptedUpstream, openai } = await import("../ai/scripted-upstream.ts");
  const { readAllFrames } = await import("../ai/sse-client.ts");
  let releaseAnswer!: () => void;
  const answerGate = new Promise<void>((resolve) => (releaseAnswer = resolve));
  const upstream = scriptedUpstream("openai", () => ({ frames: [openai.start()], wait: answerGate, rest: [openai.text("The cause is X."), openai.finish("stop")] }));
  const ai = await startTestApp({ AI_PROVIDER: "openai", AI_BASE_URL: upstream.url, AI_MODEL: "scripted-model", AI_API_KEYS: "k" });
  try {
    const { id } = await ai.upload("[10:00:00] [Server thread/ERROR]: something broke");
    const stream = await ai.fetch(`/v1/ai/${id}`);
    expect(stream.status).toBe(200);
    await upstream.call(0);
    const during = await (await ai.fetch("/metrics")).text();
    expect(metric(during, "logpaste_ai_streams_open")).toBe(1);
    releaseAnswer();
    await readAllFrames(stream);
    const after = await (await ai.fetch("/metrics")).text();
    expect(metric(after, "logpaste_ai_streams_open")).toBe(0);
    // The scripted model reports 100 input and 20 output tokens per call.
    expect(metric(after, "logpaste_ai_tokens_total", { direction: "input" })).toBe(100);
    expect(metric(after, "logpaste_ai_tokens_total", { direction: "output" })).toBe(20);
  } finally {
    await ai.stop();
    upstream.stop();
  }
}, START_TIMEOUT_MS);
