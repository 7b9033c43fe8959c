/**
 * What one client can make the model do, over the real app (docs/API.md, AI analysis: Limits):
 * a budget of fresh model runs, a share of open streams, runs that end and are cached whoever
 * hangs up, one cache entry per language, and no overshoot when requests arrive together.
 * Clients are told apart by X-Forwarded-For from a trusted proxy (the test's own address).
 */
import { describe, expect, test } from "bun:test";
import { answering, gate, startAiApp } from "./harness.ts";
import { openai } from "./scripted-upstream.ts";
import { answerText, readAllFrames, SseReader } from "./sse-client.ts";

const app = startAiApp({
  TRUSTED_PROXIES: "127.0.0.1",
  AI_MAX_STREAMS: "4",
  AI_MAX_STREAMS_PER_CLIENT: "2",
  AI_RUNS_PER_CLIENT: "3",
  AI_RUNS_WINDOW_S: "600",
});

let clients = 0;
/** A new client address: its own budget and share. */
const newClient = () => {
  clients++;
  const address = `198.51.100.${clients}`;
  return (path: string, init: RequestInit = {}) => app.fetch(path, { ...init, headers: { ...init.headers, "x-forwarded-for": address } });
};
const heldUntil = (hold: { promise: Promise<void> }) => () => ({
  frames: [openai.start(), openai.text("Held ")],
  wait: hold.promise,
  rest: [openai.text("answer."), openai.finish("stop")],
});

describe("the budget of fresh model runs", () => {
  test("past AI_RUNS_PER_CLIENT fresh runs a client gets 429 with Retry-After; cached answers and joined runs stay free, other clients are unaffected", async () => {
    const upstream = app.script((call) => ({ frames: openai.answer([`Answer ${call.index}.`]) }));
    const ask = newClient();
    const logs = [await app.uploadLog(), await app.uploadLog(), await app.uploadLog(), await app.uploadLog()];
    for (const id of logs.slice(0, 3)) expect((await readAllFrames(await ask(`/v1/ai/${id}`))).at(-1)?.event).toBe("done");
    // Replays cost nothing, however often.
    for (const id of logs.slice(0, 3)) expect((await readAllFrames(await ask(`/v1/ai/${id}`))).at(-1)?.data.cached).toBe(true);

    const refused = await ask(`/v1/ai/${logs[3]}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toStartWith("application/json");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await refused.json();
    expect(body).toMatchObject({ success: false, code: "rate_limited" });
    expect(body.error).toContain("AI_RUNS_PER_CLIENT");
    // POST /v1/ai/analyse draws on the same budget.
    const posted = await ask("/v1/ai/analyse", { method: "POST", headers: { "content-type": "text/plain" }, body: `posted ${Date.now()}` });
    expect(posted.status).toBe(429);
    expect(upstream.calls).toHaveLength(3);

    // Another client may start that run; the first one, out of budget, may still join it.
    const hold = gate();
    app.script(heldUntil(hold));
    const other = new SseReader(await newClient()(`/v1/ai/${logs[3]}`));
    await other.until((frame) => frame.data?.choices !== undefined);
    const joined = await ask(`/v1/ai/${logs[3]}`);
    expect(joined.status).toBe(200);
    hold.open();
    expect(answerText(await readAllFrames(joined))).toBe("Held answer.");
    expect((await other.rest()).at(-1)?.event).toBe("done");
  });

  test("hanging up after the first event and asking again never starts a second run: the run ends and is cached", async () => {
    const hold = gate();
    const upstream = app.script(heldUntil(hold));
    const ask = newClient();
    const id = await app.uploadLog();
    const startedBefore = await app.metric("logpaste_ai_runs_started_total");
    for (let attempt = 0; attempt < 10; attempt++) {
      const hangUp = new AbortController();
      const reader = new SseReader(await ask(`/v1/ai/${id}`, { signal: hangUp.signal }));
      await reader.until((frame) => frame.event === "status");
      hangUp.abort();
      // The server notices the hang-up on its next turn; only the run itself (one unit of the share) stays.
      await app.metricBecomes("logpaste_ai_streams_open", 0);
    }
    hold.open();
    const frames = await readAllFrames(await ask(`/v1/ai/${id}`));
    expect(answerText(frames)).toBe("Held answer.");
    expect(upstream.calls).toHaveLength(1);
    expect(upstream.calls[0].wasAborted).toBe(false);
    expect((await app.metric("logpaste_ai_runs_started_total")) - startedBefore).toBe(1);
  });

  test("language tags that differ only past the language share one answer; unknown languages are refused", async () => {
    const upstream = app.script(answering("Eine Antwort."));
    const ask = newClient();
    const id = await app.uploadLog();
    const first = await readAllFrames(await ask(`/v1/ai/${id}?lang=en-AA`));
    expect(first[0].data).toMatchObject({ type: "started", cached: false, language: "en" });
    for (const lang of ["en-AB", "en-GB", "EN-us"]) {
      expect((await readAllFrames(await ask(`/v1/ai/${id}?lang=${lang}`))).at(-1)?.data.cached).toBe(true);
    }
    expect((await readAllFrames(await ask(`/v1/ai/${id}`, { headers: { "accept-language": "en-ZZ" } }))).at(-1)?.data.cached).toBe(true);
    const unknown = await ask(`/v1/ai/${id}?lang=qq`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "bad_request" });
    expect(upstream.calls).toHaveLength(1);
  });
});

describe("stream shares and run slots", () => {
  test("readers joining a run take no run slot; one client holds at most AI_MAX_STREAMS_PER_CLIENT streams", async () => {
    const hold = gate();
    const upstream = app.script(heldUntil(hold));
    const id = await app.uploadLog();
    const readers = [new SseReader(await newClient()(`/v1/ai/${id}`))];
    // More readers than AI_MAX_STREAMS (4), each from its own address: all join the one run.
    for (let i = 0; i < 6; i++) {
      const response = await newClient()(`/v1/ai/${id}`);
      expect(response.status).toBe(200);
      readers.push(new SseReader(response));
    }
    expect(await app.metric("logpaste_ai_runs_live")).toBe(1);

    const greedy = newClient();
    for (let i = 0; i < 2; i++) readers.push(new SseReader(await greedy(`/v1/ai/${id}`)));
    const refused = await greedy(`/v1/ai/${id}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("5");
    const body = await refused.json();
    expect(body).toMatchObject({ success: false, code: "too_many_streams" });
    expect(body.error).toContain("AI_MAX_STREAMS_PER_CLIENT");

    hold.open();
    for (const reader of readers) expect(answerText(await reader.rest())).toContain("answer.");
    expect(upstream.calls).toHaveLength(1);
  });

  test("requests arriving together never overshoot the per-client share or the run slots", async () => {
    const hold = gate();
    const upstream = app.script(heldUntil(hold));
    const logs = await Promise.all(Array.from({ length: 40 }, () => app.uploadLog()));

    // One client, 20 different logs at once: exactly its share (2) is admitted.
    const greedy = newClient();
    const fromOne = await Promise.all(logs.slice(0, 20).map((id) => greedy(`/v1/ai/${id}`)));
    expect(fromOne.filter((r) => r.status === 200)).toHaveLength(2);
    expect(fromOne.filter((r) => r.status === 429)).toHaveLength(18);

    // Twenty clients at once: only the run slots left (4 - 2) are admitted.
    const fromMany = await Promise.all(logs.slice(20).map((id) => newClient()(`/v1/ai/${id}`)));
    expect(fromMany.filter((r) => r.status === 200)).toHaveLength(2);
    for (const refused of fromMany.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toContain("AI_MAX_STREAMS");
    }
    expect(await app.metric("logpaste_ai_runs_live")).toBe(4);
    expect(upstream.calls.length).toBeLessThanOrEqual(4);

    hold.open();
    const admitted = [...fromOne, ...fromMany].filter((r) => r.status === 200);
    for (const response of admitted) expect((await readAllFrames(response)).at(-1)?.event).toBe("done");
    for (const refused of fromOne.filter((r) => r.status !== 200)) await refused.body?.cancel();
    expect(upstream.calls).toHaveLength(4);
  });
});

describe("metrics count every run", () => {
  test("runs started and ended, model requests and tokens include runs nobody read to the end and runs that failed", async () => {
    const before = {
      started: await app.metric("logpaste_ai_runs_started_total"),
      requests: await app.metric("logpaste_ai_model_requests_total"),
      input: await app.metric('logpaste_ai_tokens_total{direction="input"}'),
      completed: await app.metric('logpaste_ai_runs_ended_total{outcome="completed"}'),
      failed: await app.metric('logpaste_ai_runs_ended_total{outcome="failed"}'),
    };
    const hold = gate();
    // Run 1: a tool round (100 input tokens reported), then a held answer (100 more) that nobody waits for.
    // Run 2: a tool round (100), then the provider fails.
    app.script((call) => {
      const first = call.body.messages.every((m: any) => m.role !== "tool");
      if (first) return { frames: openai.toolCalls([{ id: `c${call.index}`, name: "list_files", args: {} }]) };
      if (JSON.stringify(call.body.messages).includes("run two")) return { status: 500 };
      return { frames: [openai.start()], wait: hold.promise, rest: openai.answer(["Done."]).slice(1) };
    });
    const ask = newClient();
    const hangUp = new AbortController();
    const reader = new SseReader(await ask(`/v1/ai/${await app.uploadLog()}`, { signal: hangUp.signal }));
    await reader.until((frame) => frame.data?.type === "tool_result");
    hangUp.abort();
    const failed = await readAllFrames(await ask(`/v1/ai/${await app.uploadLog("run two")}`));
    expect(failed.at(-1)?.event).toBe("error");
    hold.open();
    // The run nobody reads any more still completes.
    await app.metricBecomes('logpaste_ai_runs_ended_total{outcome="completed"}', before.completed + 1);

    expect((await app.metric("logpaste_ai_runs_started_total")) - before.started).toBe(2);
    expect((await app.metric('logpaste_ai_runs_ended_total{outcome="failed"}')) - before.failed).toBe(1);
    expect((await app.metric("logpaste_ai_model_requests_total")) - before.requests).toBe(4);
    expect((await app.metric('logpaste_ai_tokens_total{direction="input"}')) - before.input).toBe(300);
  });
});
