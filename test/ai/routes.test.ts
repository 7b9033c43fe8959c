/** The AI routes over the real app: JSON errors before the stream, POST forms, cache, shared runs, language. */
import { describe, expect, test } from "bun:test";
import { paperLogWithBrokenPlugin } from "./fixtures.ts";
import { answering, gate, startAiApp } from "./harness.ts";
import { openai } from "./scripted-upstream.ts";
import { answerText, readAllFrames, SseReader, statuses } from "./sse-client.ts";

const app = startAiApp();
const postJson = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("errors before the stream begins are JSON", () => {
  test("an unknown id is 404 log_not_found, by GET and by POST {id}", async () => {
    const upstream = app.script(answering("never"));
    const byGet = await app.fetch("/v1/ai/nosuchid");
    expect(byGet.status).toBe(404);
    expect(byGet.headers.get("content-type")).toStartWith("application/json");
    expect(await byGet.json()).toMatchObject({ success: false, code: "log_not_found" });
    const byPost = await app.fetch("/v1/ai/analyse", postJson({ id: "nosuchid" }));
    expect(byPost.status).toBe(404);
    expect(await byPost.json()).toMatchObject({ success: false, code: "log_not_found" });
    expect(upstream.calls).toHaveLength(0);
  });

  test("a malformed ?lang is 400", async () => {
    app.script(answering("never"));
    const response = await app.fetch(`/v1/ai/${await app.uploadLog()}?lang=${encodeURIComponent("<script>")}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: "bad_request" });
  });
});

describe("POST /v1/ai/analyse", () => {
  test("analyses an uploaded body without storing it", async () => {
    const upstream = app.script(answering("The server started fine."));
    const body = `[12:00:00] [Server thread/INFO]: Done (1.0s)! For help, type "help" (posted ${Date.now()})\n`;
    const response = await app.fetch("/v1/ai/analyse", { method: "POST", body, headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(200);
    const frames = await readAllFrames(response);
    expect(answerText(frames)).toBe("The server started fine.");
    expect(JSON.stringify(upstream.calls[0].body.messages)).toContain("Done (1.0s)!");
  });

  test('a JSON body {"id"} analyses that stored log', async () => {
    const upstream = app.script(answering("Vault is missing."));
    const frames = await readAllFrames(await app.fetch("/v1/ai/analyse", postJson({ id: await app.uploadLog() })));
    expect(frames.at(-1)?.event).toBe("done");
    expect(JSON.stringify(upstream.calls[0].body.messages)).toContain("FancyShop-2.1.jar");
  });

  test("an upload-shaped JSON body with attached files is analysed with all its files", async () => {
    const upstream = app.script(answering("Checked both files."));
    const response = await app.fetch(
      "/v1/ai/analyse",
      postJson({ content: `${paperLogWithBrokenPlugin}\n(json ${Date.now()})`, files: [{ name: "plugins.txt", content: "FancyShop 2.1\nEssentialsX 2.20" }] }),
    );
    expect(answerText(await readAllFrames(response))).toBe("Checked both files.");
    const firstMessage = JSON.stringify(upstream.calls[0].body.messages);
    expect(firstMessage).toContain("latest.log (main log)");
    expect(firstMessage).toContain("plugins.txt");
  });

  test("the same routes answer under /1", async () => {
    app.script(answering("Alias works."));
    const frames = await readAllFrames(await app.fetch(`/1/ai/${await app.uploadLog()}`));
    expect(answerText(frames)).toBe("Alias works.");
  });
});

describe("the answer cache", () => {
  test("a finished answer is replayed as a stream with cached: true and no model call", async () => {
    const upstream = app.script((call) => ({ frames: openai.answer([`Answer number ${call.index + 1}.`]) }));
    const content = `${paperLogWithBrokenPlugin}\n[12:00:09] [Server thread/INFO]: cache test ${Date.now()}`;
    const id = (await (await app.fetch("/v1/log", { method: "POST", body: content, headers: { "content-type": "text/plain" } })).json()).id;

    const live = await readAllFrames(await app.fetch(`/v1/ai/${id}`));
    expect(live.at(-1)?.data).toMatchObject({ status: "completed", cached: false });

    const replay = await readAllFrames(await app.fetch(`/v1/ai/${id}`));
    expect(replay[0]).toMatchObject({ event: "status", data: { type: "started", cached: true } });
    expect(answerText(replay)).toBe("Answer number 1.");
    expect(replay.at(-1)).toMatchObject({ event: "done", data: { status: "completed", cached: true, model: "scripted-model" } });
    expect(upstream.calls).toHaveLength(1);

    // The key is the content: the same text posted for analysis hits the same entry.
    const posted = await readAllFrames(await app.fetch("/v1/ai/analyse", { method: "POST", body: content, headers: { "content-type": "text/plain" } }));
    expect(posted.at(-1)?.data.cached).toBe(true);

    // Another language is another answer.
    const german = await readAllFrames(await app.fetch(`/v1/ai/${id}?lang=de`));
    expect(german.at(-1)?.data.cached).toBe(false);
    expect(answerText(german)).toBe("Answer number 2.");
    expect(upstream.calls).toHaveLength(2);
  });

  test("a failed analysis is not cached", async () => {
    const upstream = app.script((call) => (call.index === 0 ? { status: 500 } : { frames: openai.answer(["Second try works."]) }));
    const id = await app.uploadLog();
    const failed = await readAllFrames(await app.fetch(`/v1/ai/${id}`));
    expect(failed.at(-1)?.event).toBe("error");
    const retried = await readAllFrames(await app.fetch(`/v1/ai/${id}`));
    expect(retried.at(-1)?.data).toMatchObject({ cached: false });
    expect(upstream.calls).toHaveLength(2);
  });
});

describe("readers of the same log share one live model run", () => {
  test("a second reader joining mid-answer gets the whole answer from the same model call", async () => {
    const hold = gate();
    const upstream = app.script(() => ({
      frames: [openai.start(), openai.text("FancyShop ")],
      wait: hold.promise,
      rest: [openai.text("needs Vault."), openai.finish("stop")],
    }));
    const id = await app.uploadLog();

    const first = new SseReader(await app.fetch(`/v1/ai/${id}`));
    await first.until((frame) => frame.data?.choices !== undefined);
    const second = new SseReader(await app.fetch(`/v1/ai/${id}`));
    const secondSoFar = await second.until((frame) => frame.data?.choices !== undefined);
    hold.open();

    const firstRest = await first.rest();
    const secondFrames = [...secondSoFar, ...(await second.rest())];
    expect(answerText(secondFrames)).toBe("FancyShop needs Vault.");
    expect(answerText(firstRest)).toBe("needs Vault.");
    expect(secondFrames.at(-1)).toMatchObject({ event: "done", data: { status: "completed" } });
    expect(upstream.calls).toHaveLength(1);
  });

  test("readers leaving never stop the run: the last one gone, it still ends and is cached for the next reader", async () => {
    const hold = gate();
    const upstream = app.script(() => ({
      frames: [openai.start(), openai.text("Partial ")],
      wait: hold.promise,
      rest: [openai.text("and the rest."), openai.finish("stop")],
    }));
    const id = await app.uploadLog();

    const leaving = new AbortController();
    const leaver = new SseReader(await app.fetch(`/v1/ai/${id}`, { signal: leaving.signal }));
    await leaver.until((frame) => frame.data?.choices !== undefined);
    const stayer = new SseReader(await app.fetch(`/v1/ai/${id}`));
    await stayer.until((frame) => frame.data?.choices !== undefined);

    leaving.abort();
    await stayer.cancel();
    hold.open();
    expect(upstream.calls[0].wasAborted).toBe(false);

    // The run ends by itself; asking again joins it or replays its answer, never a second call.
    const again = await readAllFrames(await app.fetch(`/v1/ai/${id}`));
    expect(answerText(again)).toBe("Partial and the rest.");
    const replay = await readAllFrames(await app.fetch(`/v1/ai/${id}`));
    expect(replay.at(-1)?.data).toMatchObject({ status: "completed", cached: true });
    expect(upstream.calls).toHaveLength(1);
  });
});

describe("the answer language", () => {
  test("?lang= and Accept-Language choose the language named in the system prompt", async () => {
    const upstream = app.script(answering("ok"));
    const id = await app.uploadLog();
    // A region that does not change the written language is dropped: one answer per language.
    await readAllFrames(await app.fetch(`/v1/ai/${id}?lang=de-de`));
    expect(upstream.calls[0].body.messages[0].content).toContain("Write the whole answer in German (de)");

    const frames = await readAllFrames(await app.fetch(`/v1/ai/${id}`, { headers: { "accept-language": "*, fr;q=0.5, pt-BR;q=0.9" } }));
    expect(statuses(frames)[0]).toMatchObject({ type: "started", language: "pt-BR" });
    expect(upstream.calls[1].body.messages[0].content).toContain("Brazilian Portuguese (pt-BR)");

    await readAllFrames(await app.fetch(`/v1/ai/${id}?lang=en`));
    expect(upstream.calls[2].body.messages[0].content).toContain("in English (en)");
  });
});
