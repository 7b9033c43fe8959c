/**
 * Stacked Content-Encoding bombs: 399 bytes of `gzip, gzip` hold 60 MiB. Each step once stayed
 * under MAX_DECODED_BYTES on its own, and 32 such requests at once took the process past
 * 5 GiB. Now all steps together count against the limit, and decoded bodies share one budget
 * (BODY_BUDGET_BYTES): past it, 503 with Retry-After. Memory is read from outside the process.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { randomBytes } from "node:crypto";
import { startServiceProcess, type ServiceProcess } from "../support/service-process.ts";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

const MiB = 1024 * 1024;
const database: Record<string, string> = process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};

describe("32 stacked gzip bombs at once, against the service as its own process", () => {
  let service: ServiceProcess;
  beforeAll(async () => {
    service = await startServiceProcess({ ...database });
  }, START_TIMEOUT_MS);
  afterAll(() => service.cleanup(), START_TIMEOUT_MS);

  test("each gets a JSON answer, the budget turns the rest away, and memory stays bounded", async () => {
    const bomb = gzipSync(gzipSync(Buffer.alloc(60 * MiB, "a")));
    expect(bomb.byteLength).toBeLessThan(1024);
    const before = await service.rss();
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await service.rss());
        await Bun.sleep(20);
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: 32 }, async () => {
        const response = await fetch(`${service.url}/v1/log`, {
          method: "POST",
          headers: { "content-type": "text/plain", "content-encoding": "gzip, gzip" },
          body: bomb,
        });
        return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
      }),
    );
    sampling = false;
    await sampler;
    const busy = answers.filter((answer) => answer.status === 503);
    const stored = answers.filter((answer) => answer.status === 200);
    expect(busy.length + stored.length).toBe(32);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expect(answer.body).toMatchObject({ success: false, code: "server_busy" });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    for (const answer of stored) expect(answer.body).toMatchObject({ success: true, truncated: true });
    const grownMiB = (peak - before) / MiB;
    console.log(`stacked bombs: RSS ${(before / MiB).toFixed(0)} -> peak ${(peak / MiB).toFixed(0)} MiB (+${grownMiB.toFixed(0)})`);
    // Without the budget: +3.3 GiB for 16 bombs. One 60 MiB body at a time: +262 to +265 MiB
    // since the worker collects its heap after each large body, +263 to +412 before.
    expect(grownMiB).toBeLessThan(400);
    // The server still serves.
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  }, 60_000);
});

describe("the decoded-size limit counts every step", () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ MAX_LENGTH: "65536", MAX_DECODED_BYTES: "65536", BODY_BUDGET_BYTES: "65536" });
  }, START_TIMEOUT_MS);
  afterAll(() => api.stop(), START_TIMEOUT_MS);

  const post = (body: Buffer, encoding: string) =>
    api.fetch("/v1/log", { method: "POST", headers: { "content-type": "text/plain", "content-encoding": encoding }, body: body as BodyInit });

  // 40 KiB that does not compress: its gzip is as big, so the two steps produce ~80 KiB.
  const text = randomBytes(40 * 1024);

  test("one step within the limit is stored", async () => {
    expect((await post(gzipSync(text), "gzip")).status).toBe(200);
  });

  test("two steps whose outputs together pass the limit are refused with 413, though each alone is within it", async () => {
    const response = await post(gzipSync(gzipSync(text)), "gzip, gzip");
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, code: "payload_too_large" });
  });

  test("a corrupt stream in the middle of the steps is a 400", async () => {
    const response = await post(gzipSync(Buffer.from("not gzip inside")), "gzip, gzip");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_encoding" });
  });

  test("raw and zlib-wrapped deflate both decode", async () => {
    const { deflateSync, deflateRawSync } = await import("node:zlib");
    const log = Buffer.from("[12:00:00] [Server thread/INFO]: Done (1.2s)!");
    expect((await post(deflateSync(log), "deflate")).status).toBe(200);
    expect((await post(deflateRawSync(log), "deflate")).status).toBe(200);
  });
});
