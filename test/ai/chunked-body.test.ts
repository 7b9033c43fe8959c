/**
 * A chunked JSON body to /v1/ai/analyse (no Content-Length) was read whole and parsed before
 * MAX_BODY_BYTES applied: +1.8 GB and a 1 s stall for 60 MB. It is now read once, within the
 * limits, like every body; a small {"id"} still names a stored log.
 */
import { expect, test } from "bun:test";
import { startAiApp } from "./harness.ts";

const app = startAiApp({ MAX_BODY_BYTES: String(1024 * 1024), MAX_DECODED_BYTES: String(1024 * 1024), MAX_LENGTH: String(1024 * 1024) });

function chunked(totalBytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`{"content":"${"x".repeat(64 * 1024 - 14)}`);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

test("a chunked body past MAX_BODY_BYTES is refused with 413 once the limit is passed, not read whole", async () => {
  const started = performance.now();
  const response = await app.fetch("/v1/ai/analyse", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: chunked(60 * 1024 * 1024),
    duplex: "half",
  } as RequestInit);
  expect(response.status).toBe(413);
  expect(await response.json()).toMatchObject({ success: false, code: "payload_too_large" });
  // reading 60 MB would take far longer on this path; 1 MiB is read, then it stops
  expect(performance.now() - started).toBeLessThan(3000);
});

test('a chunked {"id"} still names a stored log', async () => {
  const id = await app.uploadLog();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(JSON.stringify({ id: "zzzzzzzz" })));
      controller.close();
    },
  });
  const response = await app.fetch("/v1/ai/analyse", { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" } as RequestInit);
  // an unknown id: 404 before the stream begins, proof that it was read as a reference
  expect(response.status).toBe(404);
  expect(id).toBeTruthy();
});
