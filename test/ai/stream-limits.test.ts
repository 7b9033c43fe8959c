/** Open streams over the real app: the run limit, client disconnects and keep-alive pings. */
import { describe, expect, test } from "bun:test";
import { gate, startAiApp } from "./harness.ts";
import { openai } from "./scripted-upstream.ts";
import { answerText, readAllFrames, SseReader } from "./sse-client.ts";

const app = startAiApp({ AI_MAX_STREAMS: "1", AI_PING_INTERVAL_MS: "20" });

describe("open streams", () => {
  test("beyond the run limit the answer is 429 too_many_streams, and a finished run frees its slot", async () => {
    const hold = gate();
    app.script((call) =>
      call.index === 0 ? { frames: [openai.start()], wait: hold.promise, rest: openai.answer(["done"]).slice(1) } : { frames: openai.answer(["second"]) },
    );
    const [busy, other] = [await app.uploadLog(), await app.uploadLog()];

    const reader = new SseReader(await app.fetch(`/v1/ai/${busy}`));
    await reader.until((frame) => frame.data?.type === "started");

    const refused = await app.fetch(`/v1/ai/${other}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toStartWith("application/json");
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toMatchObject({ success: false, code: "too_many_streams" });

    hold.open();
    expect((await reader.rest()).at(-1)?.event).toBe("done");

    const admitted = await app.fetch(`/v1/ai/${other}`);
    expect(admitted.status).toBe(200);
    expect((await readAllFrames(admitted)).at(-1)?.event).toBe("done");
  });

  test("a client that hangs up leaves the run, which goes on to its end, is cached, and frees its slot then", async () => {
    const hold = gate();
    const upstream = app.script((call) =>
      call.index === 0
        ? { frames: [openai.start(), openai.text("Working on it")], wait: hold.promise, rest: [openai.text(", done."), openai.finish("stop")] }
        : { frames: openai.answer(["next"]) },
    );
    const [left, other] = [await app.uploadLog(), await app.uploadLog()];
    const client = new AbortController();
    const reader = new SseReader(await app.fetch(`/v1/ai/${left}`, { signal: client.signal }));
    await reader.until((frame) => frame.data?.choices !== undefined);
    client.abort();

    // Nobody reads the run any more, but its model call goes on and still holds the one slot.
    expect((await app.fetch(`/v1/ai/${other}`)).status).toBe(429);
    await app.metricBecomes("logpaste_ai_streams_open", 0);
    // Asking again joins the run (the client's share of 1 is the run's own unit, taken back), from its start.
    const again = await app.fetch(`/v1/ai/${left}`);
    expect(again.status).toBe(200);
    hold.open();
    expect(answerText(await readAllFrames(again))).toBe("Working on it, done.");
    expect(upstream.calls[0].wasAborted).toBe(false);

    // Once the run has ended, its slot is free: a new stream is admitted.
    const next = await app.fetch(`/v1/ai/${other}`);
    expect(next.status).toBe(200);
    expect((await readAllFrames(next)).at(-1)?.event).toBe("done");
    expect(upstream.calls).toHaveLength(2);
  });

  test("a quiet stream carries `: ping` comments", async () => {
    const hold = gate();
    app.script(() => ({ frames: [openai.start()], wait: hold.promise, rest: openai.answer(["after the pause"]).slice(1) }));
    const reader = new SseReader(await app.fetch(`/v1/ai/${await app.uploadLog()}`));
    await reader.until((frame) => frame.comment === "ping");
    hold.open();
    const rest = await reader.rest();
    expect(answerText(rest)).toBe("after the pause");
    expect(rest.at(-1)?.event).toBe("done");
  });
});
