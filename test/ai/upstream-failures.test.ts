import { describe, expect, test } from "bun:test";
import { gate, startRig } from "./harness";
import { openai } from "./scripted-upstream";
import { answerText, readAllFrames, SseReader } from "./sse-client";

const keyOf = (headers: Headers) => headers.get("authorization")?.replace("Bearer ", "");

describe("upstream errors and key failover", () => {
  test("429 on the first key and 500 on the second fail over to the third, which then stays preferred", async () => {
    const { upstream, server } = startRig(
      (call) => {
        const key = keyOf(call.headers);
        if (key === "k1") return { status: 429 };
        if (key === "k2") return { status: 500 };
        return { frames: openai.answer(["Answered with k3."]) };
      },
      { AI_API_KEYS: "k1, k2 ,k3" },
    );

    const frames = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl`));
    expect(answerText(frames)).toBe("Answered with k3.");
    expect(frames.at(-1)?.event).toBe("done");
    expect(upstream.calls.map((c) => keyOf(c.headers))).toEqual(["k1", "k2", "k3"]);

    // Another analysis (another language, so not from the cache) starts with the key that worked.
    const again = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl?lang=de`));
    expect(again.at(-1)?.event).toBe("done");
    expect(upstream.calls.map((c) => keyOf(c.headers))).toEqual(["k1", "k2", "k3", "k3"]);
  });

  test("401 is a failover status too", async () => {
    const { upstream, server } = startRig(
      (call) => (keyOf(call.headers) === "revoked" ? { status: 401 } : { frames: openai.answer(["ok"]) }),
      { AI_API_KEYS: "revoked,good" },
    );
    const frames = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl`));
    expect(frames.at(-1)?.event).toBe("done");
    expect(upstream.calls.map((c) => keyOf(c.headers))).toEqual(["revoked", "good"]);
  });

  test("when every key fails the stream ends with an error event after it began", async () => {
    const { upstream, server } = startRig(() => ({ status: 500 }), { AI_API_KEYS: "k1,k2" });
    const response = await fetch(`${server.url}/v1/ai/brokenpl`);
    expect(response.status).toBe(200);
    const frames = await readAllFrames(response);
    expect(frames[0]).toMatchObject({ event: "status", data: { type: "started" } });
    const last = frames.at(-1)!;
    expect(last.event).toBe("error");
    expect(last.data).toEqual({ error: "The model provider failed (HTTP 500).", code: "ai_unavailable" });
    expect(frames.some((f) => f.event === "done")).toBe(false);
    expect(upstream.calls).toHaveLength(2);
  });

  test("an upstream that stops sending ends with an ai_timeout error and is hung up on", async () => {
    const { upstream, server } = startRig(() => ({ frames: [openai.start(), openai.text("Partial ")], stall: true }), {
      AI_STALL_TIMEOUT_MS: "300",
    });
    const frames = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl`));
    expect(answerText(frames)).toBe("Partial ");
    expect(frames.at(-1)).toMatchObject({ event: "error", data: { code: "ai_timeout" } });
    expect(frames.at(-1)!.data.error).toContain("sent nothing");
    await upstream.calls[0].aborted;
    expect(upstream.calls[0].wasAborted).toBe(true);
  });

  test("an analysis that runs past AI_MAX_DURATION_MS ends with ai_timeout even while chunks still arrive", async () => {
    const { upstream, server } = startRig(() => ({ frames: [openai.start(), openai.text("Slow ")], stall: true }), {
      AI_STALL_TIMEOUT_MS: "60000",
      AI_MAX_DURATION_MS: "200",
    });
    const frames = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl`));
    expect(frames.at(-1)).toMatchObject({ event: "error", data: { code: "ai_timeout" } });
    expect(frames.at(-1)!.data.error).toContain("took longer than");
    await upstream.calls[0].aborted;
  });

  test("a client that disconnects aborts the upstream request at once and frees its slot", async () => {
    const { upstream, server } = startRig(() => ({ frames: [openai.start(), openai.text("Working on it")], stall: true }), {
      AI_MAX_STREAMS: "1",
    });
    const client = new AbortController();
    const response = await fetch(`${server.url}/v1/ai/brokenpl`, { signal: client.signal });
    const reader = new SseReader(response);
    await reader.until((frame) => frame.data?.choices !== undefined);
    expect(upstream.calls[0].wasAborted).toBe(false);

    client.abort();
    await upstream.calls[0].aborted;
    expect(upstream.calls[0].wasAborted).toBe(true);

    // The slot is free again: a new stream is admitted.
    const next = await fetch(`${server.url}/v1/ai/brokenpl?lang=fr`);
    expect(next.status).toBe(200);
    await next.body?.cancel();
  });

  test("beyond the stream limit the answer is 429 too_many_streams, and a finished stream frees its slot", async () => {
    const hold = gate();
    const { server } = startRig(
      (call) => (call.index === 0 ? { frames: [openai.start()], wait: hold.promise, rest: openai.answer(["done"]).slice(1) } : { frames: openai.answer(["second"]) }),
      { AI_MAX_STREAMS: "1" },
    );

    const first = await fetch(`${server.url}/v1/ai/brokenpl`);
    const reader = new SseReader(first);
    await reader.until((frame) => frame.data?.type === "started");

    const refused = await fetch(`${server.url}/v1/ai/brokenpl?lang=de`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toStartWith("application/json");
    expect(await refused.json()).toMatchObject({ success: false, code: "too_many_streams" });

    hold.open();
    const rest = await reader.rest();
    expect(rest.at(-1)?.event).toBe("done");

    const admitted = await fetch(`${server.url}/v1/ai/brokenpl?lang=de`);
    expect(admitted.status).toBe(200);
    expect((await readAllFrames(admitted)).at(-1)?.event).toBe("done");
  });
});
