import { describe, expect, test } from "bun:test";
import { shortLog } from "./fixtures";
import { gate, startRig } from "./harness";
import { openai } from "./scripted-upstream";
import { answerText, readAllFrames, SseReader, statuses } from "./sse-client";
import { startAiTestServer } from "./support";

const answering = (text: string) => () => ({ frames: openai.answer([text]) });

describe("errors before the stream begins are JSON", () => {
  test("with no provider configured both routes answer 503 ai_disabled", async () => {
    const server = startAiTestServer({});
    server.addLog("brokenpl", shortLog);
    try {
      for (const response of [
        await fetch(`${server.url}/v1/ai/brokenpl`),
        await fetch(`${server.url}/v1/ai/analyse`, { method: "POST", body: shortLog, headers: { "content-type": "text/plain" } }),
      ]) {
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ success: false, error: "AI analysis is not configured on this server", code: "ai_disabled" });
      }
    } finally {
      server.stop();
    }
  });

  test("an unknown id is 404 log_not_found, by GET and by POST {id}", async () => {
    const { server, upstream } = startRig(answering("never"));
    const byGet = await fetch(`${server.url}/v1/ai/nosuchid`);
    expect(byGet.status).toBe(404);
    expect(await byGet.json()).toMatchObject({ success: false, code: "log_not_found" });
    const byPost = await fetch(`${server.url}/v1/ai/analyse`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "nosuchid" }),
    });
    expect(byPost.status).toBe(404);
    expect(upstream.calls).toHaveLength(0);
  });

  test("a malformed ?lang is 400", async () => {
    const { server } = startRig(answering("never"));
    const response = await fetch(`${server.url}/v1/ai/brokenpl?lang=${encodeURIComponent("<script>")}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "bad_request" });
  });
});

describe("POST /v1/ai/analyse", () => {
  test("analyses an uploaded body without storing it", async () => {
    const { server, upstream } = startRig(answering("The server started fine."));
    const response = await fetch(`${server.url}/v1/ai/analyse`, { method: "POST", body: shortLog, headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(200);
    const frames = await readAllFrames(response);
    expect(answerText(frames)).toBe("The server started fine.");
    expect(JSON.stringify(upstream.calls[0].body.messages)).toContain("Done (1.0s)!");
  });

  test('a JSON body {"id"} analyses that stored log', async () => {
    const { server, upstream } = startRig(answering("Vault is missing."));
    const response = await fetch(`${server.url}/v1/ai/analyse`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "brokenpl" }),
    });
    const frames = await readAllFrames(response);
    expect(frames.at(-1)?.event).toBe("done");
    expect(JSON.stringify(upstream.calls[0].body.messages)).toContain("FancyShop-2.1.jar");
  });
});

test("the same routes answer under /1", async () => {
  const { server } = startRig(answering("Alias works."));
  const frames = await readAllFrames(await fetch(`${server.url}/1/ai/brokenpl`));
  expect(answerText(frames)).toBe("Alias works.");
});

describe("the answer cache", () => {
  test("a finished answer is replayed as a stream with cached: true and no model call", async () => {
    const { server, upstream } = startRig((call) => ({ frames: openai.answer([`Answer number ${call.index + 1}.`]) }));

    const live = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl`));
    expect(live.at(-1)?.data).toMatchObject({ status: "completed", cached: false });

    const replay = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl`));
    expect(replay[0]).toMatchObject({ event: "status", data: { type: "started", cached: true } });
    expect(answerText(replay)).toBe("Answer number 1.");
    expect(replay.at(-1)).toMatchObject({ event: "done", data: { status: "completed", cached: true, model: "scripted-model" } });
    expect(upstream.calls).toHaveLength(1);

    // Same content uploaded by POST hits the same entry (the key is the content hash).
    const posted = await readAllFrames(
      await fetch(`${server.url}/v1/ai/analyse`, { method: "POST", body: JSON.stringify({ id: "brokenpl" }), headers: { "content-type": "application/json" } }),
    );
    expect(posted.at(-1)?.data.cached).toBe(true);

    // Another language is another answer.
    const german = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl?lang=de`));
    expect(german.at(-1)?.data.cached).toBe(false);
    expect(answerText(german)).toBe("Answer number 2.");
    expect(upstream.calls).toHaveLength(2);
  });

  test("a failed analysis is not cached", async () => {
    const { server, upstream } = startRig((call) => (call.index === 0 ? { status: 500 } : { frames: openai.answer(["Second try works."]) }));
    const failed = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl`));
    expect(failed.at(-1)?.event).toBe("error");
    const retried = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl`));
    expect(retried.at(-1)?.data).toMatchObject({ cached: false });
    expect(upstream.calls).toHaveLength(2);
  });

  test("AI_CACHE_TTL_SECONDS=0 turns the cache off", async () => {
    const { server, upstream } = startRig(answering("again"), { AI_CACHE_TTL_SECONDS: "0" });
    await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl`));
    const second = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl`));
    expect(second.at(-1)?.data.cached).toBe(false);
    expect(upstream.calls).toHaveLength(2);
  });
});

describe("keeping the connection alive and the answer language", () => {
  test("a quiet stream carries `: ping` comments", async () => {
    const hold = gate();
    const { server } = startRig(() => ({ frames: [openai.start()], wait: hold.promise, rest: openai.answer(["after the pause"]).slice(1) }), {
      AI_PING_INTERVAL_MS: "20",
    });
    const reader = new SseReader(await fetch(`${server.url}/v1/ai/brokenpl`));
    await reader.until((frame) => frame.comment === "ping");
    hold.open();
    const rest = await reader.rest();
    expect(answerText(rest)).toBe("after the pause");
    expect(rest.at(-1)?.event).toBe("done");
  });

  test("?lang= and Accept-Language choose the answer language named in the system prompt", async () => {
    const { server, upstream } = startRig(answering("ok"));
    await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl?lang=de-de`));
    expect(upstream.calls[0].body.messages[0].content).toContain("Write the whole answer in German (Germany) (de-DE)");

    const frames = await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl`, { headers: { "accept-language": "*, fr;q=0.5, pt-BR;q=0.9" } }));
    expect(statuses(frames)[0]).toMatchObject({ type: "started", language: "pt-BR" });
    expect(upstream.calls[1].body.messages[0].content).toContain("Brazilian Portuguese (pt-BR)");

    await readAllFrames(await fetch(`${server.url}/v1/ai/brokenpl?lang=en`));
    expect(upstream.calls[2].body.messages[0].content).toContain("in English (en)");
  });
});
