import { describe, expect, test } from "bun:test";
import { gate, startRig } from "./harness";
import { openai } from "./scripted-upstream";
import { answerText, readAllFrames, SseReader } from "./sse-client";

describe("readers of the same log share one live model run", () => {
  test("a second reader joining mid-answer gets the whole answer from the same model call", async () => {
    const hold = gate();
    const { upstream, server } = startRig(() => ({
      frames: [openai.start(), openai.text("FancyShop ")],
      wait: hold.promise,
      rest: [openai.text("needs Vault."), openai.finish("stop")],
    }));

    const first = new SseReader(await fetch(`${server.url}/v1/ai/brokenpl`));
    await first.until((frame) => frame.data?.choices !== undefined);
    const second = new SseReader(await fetch(`${server.url}/v1/ai/brokenpl`));
    const secondSoFar = await second.until((frame) => frame.data?.choices !== undefined);
    hold.open();

    const firstFrames = await first.rest();
    const secondFrames = [...secondSoFar, ...(await second.rest())];
    expect(answerText(secondFrames)).toBe("FancyShop needs Vault.");
    expect(answerText(firstFrames)).toBe("needs Vault.");
    expect(secondFrames.at(-1)).toMatchObject({ event: "done", data: { status: "completed" } });
    expect(upstream.calls).toHaveLength(1);
  });

  test("one reader leaving does not stop the run for the others; the last one leaving does", async () => {
    const hold = gate();
    const { upstream, server } = startRig((call) =>
      call.index === 0
        ? { frames: [openai.start(), openai.text("Partial ")], wait: hold.promise, rest: [openai.text("and the rest."), openai.finish("stop")] }
        : { frames: [openai.start(), openai.text("Second run")], stall: true },
    );

    const leaving = new AbortController();
    const leaver = new SseReader(await fetch(`${server.url}/v1/ai/brokenpl`, { signal: leaving.signal }));
    await leaver.until((frame) => frame.data?.choices !== undefined);
    const stayer = new SseReader(await fetch(`${server.url}/v1/ai/brokenpl`));
    await stayer.until((frame) => frame.data?.choices !== undefined);

    leaving.abort();
    hold.open();
    const rest = await stayer.rest();
    expect(answerText(rest)).toBe("and the rest.");
    expect(upstream.calls[0].wasAborted).toBe(false);

    // A lone reader of a new run hangs up: the run (and its upstream call) is aborted.
    const lone = new AbortController();
    const reader = new SseReader(await fetch(`${server.url}/v1/ai/brokenpl?lang=de`, { signal: lone.signal }));
    await reader.until((frame) => frame.data?.choices !== undefined);
    lone.abort();
    await upstream.calls[1].aborted;
    expect(upstream.calls[1].wasAborted).toBe(true);
  });

  test("different languages are different runs", async () => {
    const { upstream, server } = startRig((call) => ({ frames: openai.answer([`run ${call.index}`]) }));
    const [en, de] = await Promise.all([
      fetch(`${server.url}/v1/ai/brokenpl?lang=en`).then(readAllFrames),
      fetch(`${server.url}/v1/ai/brokenpl?lang=de`).then(readAllFrames),
    ]);
    expect(new Set([answerText(en), answerText(de)])).toEqual(new Set(["run 0", "run 1"]));
    expect(upstream.calls).toHaveLength(2);
  });
});
