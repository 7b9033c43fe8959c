/** Open streams over the real app: the concurrency limit, client disconnects and keep-alive pings. */
import { describe, expect, test } from "bun:test";
import { gate, startAiApp } from "./harness";
import { openai } from "./scripted-upstream";
import { answerText, readAllFrames, SseReader } from "./sse-client";

const app = startAiApp({ AI_MAX_STREAMS: "1", AI_PING_INTERVAL_MS: "20" });

describe("open streams", () => {
  test("beyond the stream limit the answer is 429 too_many_streams, and a finished stream frees its slot", async () => {
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

  test("a client that disconnects aborts the upstream request at once and frees its slot", async () => {
    const upstream = app.script((call) =>
      call.index === 0 ? { frames: [openai.start(), openai.text("Working on it")], stall: true } : { frames: openai.answer(["next"]) },
    );
    const client = new AbortController();
    const reader = new SseReader(await app.fetch(`/v1/ai/${await app.uploadLog()}`, { signal: client.signal }));
    await reader.until((frame) => frame.data?.choices !== undefined);
    expect(upstream.calls[0].wasAborted).toBe(false);

    client.abort();
    await upstream.calls[0].aborted;
    expect(upstream.calls[0].wasAborted).toBe(true);

    // The slot is free again: a new stream is admitted.
    const next = await app.fetch(`/v1/ai/${await app.uploadLog()}`);
    expect(next.status).toBe(200);
    expect((await readAllFrames(next)).at(-1)?.event).toBe("done");
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
