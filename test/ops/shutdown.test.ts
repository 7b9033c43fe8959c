/**
 * Graceful shutdown of the real process on SIGTERM: it stops accepting, lets an upload that is
 * still arriving finish (and keeps it), ends an open AI stream with an `error` event, closes the
 * database and exits 0 within the deadline.
 */
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { openai, scriptedUpstream } from "../ai/scripted-upstream.ts";
import { SseReader } from "../ai/sse-client.ts";
import { startServiceProcess, type ServiceProcess } from "../support/service-process.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 30_000);

test("SIGTERM: in-flight upload finishes, AI stream gets an error event, exit 0, data kept", async () => {
  // The model never answers: the stream stays open until the shutdown ends it.
  const upstream = scriptedUpstream("openai", () => ({ frames: [openai.start()], stall: true }));
  cleanups.push(() => upstream.stop());
  const env = { AI_PROVIDER: "openai", AI_BASE_URL: upstream.url, AI_MODEL: "scripted-model", AI_API_KEYS: "k", SHUTDOWN_TIMEOUT_S: "15" };
  const service: ServiceProcess & { dataDir: string } = await startServiceProcess(env);
  cleanups.push(() => service.cleanup());

  const stored = await (await fetch(`${service.url}/v1/log`, { method: "POST", body: "[10:00:00] [Server thread/ERROR]: broken" })).json();

  // An AI stream, open and waiting on the model.
  const stream = await fetch(`${service.url}/v1/ai/${stored.id}`);
  expect(stream.status).toBe(200);
  const reader = new SseReader(stream);
  await upstream.call(0);

  // An upload whose body is still arriving when the signal comes.
  const firstHalf = "[10:00:01] [Server thread/INFO]: first half of a slow upload\n";
  const secondHalf = "[10:00:02] [Server thread/INFO]: second half, sent after SIGTERM";
  let finishBody!: () => void;
  const bodyGate = new Promise<void>((resolve) => (finishBody = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(firstHalf));
      await bodyGate;
      controller.enqueue(new TextEncoder().encode(secondHalf));
      controller.close();
    },
  });
  const slowUpload = fetch(`${service.url}/v1/log`, { method: "POST", body, headers: { "content-type": "text/plain" }, duplex: "half" } as RequestInit);
  await Bun.sleep(300); // the request is in flight

  const started = Date.now();
  const exited = service.terminate();

  // The AI stream ends with an error event saying why.
  const frames = [];
  for (;;) {
    const frame = await reader.next();
    if (!frame) break;
    frames.push(frame);
  }
  const last = frames.at(-1)!;
  expect(last.event).toBe("error");
  expect(last.data.code).toBe("shutting_down");

  // New connections are refused while draining.
  await Bun.sleep(200);
  await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();

  // The upload in flight completes and is answered.
  finishBody();
  const uploaded = await slowUpload;
  expect(uploaded.status).toBe(200);
  const { id } = await uploaded.json();

  expect(await exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(15_000);
  expect(service.output()).toContain('"msg":"stopped"');

  // The upload answered during shutdown was kept: start again on the same data folder.
  const again = await startServiceProcess({}, service.dataDir);
  cleanups.push(async () => {
    await again.cleanup();
    rmSync(service.dataDir, { recursive: true, force: true });
  });
  const raw = await fetch(`${again.url}/v1/raw/${id}`);
  expect(raw.status).toBe(200);
  expect(await raw.text()).toBe((firstHalf + secondHalf).trim());
}, 90_000);
