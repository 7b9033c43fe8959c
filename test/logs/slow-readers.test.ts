/**
 * Readers of a large log that do not take brotli get it from a text file on disk (sendfile):
 * a reader that stops reading once held a full decompressed copy (100 of them, 10 MiB each).
 * The text, plain or gzip, is the stored text byte for byte, and leaves the disk with its log.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gzipSync, gunzipSync } from "node:zlib";
import { readdirSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { startServiceProcess, type ServiceProcess } from "../support/service-process.ts";

const bigLog = Array.from({ length: 20_000 }, (_, i) => `[12:00:00] [Server thread/INFO]: line ${i} of a big log ${"x".repeat(400)}`).join("\n");
const database: Record<string, string> = process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};

async function uploadBig(base: string): Promise<{ id: string; token: string }> {
  const response = await fetch(`${base}/v1/log`, {
    method: "POST",
    headers: { "content-type": "text/plain", "content-encoding": "gzip" },
    body: gzipSync(bigLog) as BodyInit,
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe("as read", () => {
  let api: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "text-files-test-"));
    api = await startTestApp({ TEXT_FILES_DIR: dir });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }, START_TIMEOUT_MS);

  test("plain and gzip readers get the stored text byte for byte, br readers the stored bytes", async () => {
    const { id, token } = await uploadBig(api.url);
    const plain = await api.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(bigLog);
    const gzipped = await api.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "gzip, deflate" }, decompress: false } as RequestInit);
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("etag")).toStartWith("W/");
    expect(gunzipSync(new Uint8Array(await gzipped.arrayBuffer())).toString()).toBe(bigLog);
    const files = () => readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith(".identity") || String(name).endsWith(".gzip"));
    expect(files().length).toBe(2);
    // the delete takes the files with it
    expect((await api.fetch(`/v1/log/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(files().length).toBe(0);
    expect((await api.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "identity" } })).status).toBe(404);
  });
});

describe("100 readers that never read, against the service as its own process", () => {
  let service: ServiceProcess;
  beforeAll(async () => {
    service = await startServiceProcess({ ...database, RATE_LIMIT_MAX: "100000" });
  }, START_TIMEOUT_MS);
  afterAll(() => service.cleanup(), START_TIMEOUT_MS);

  test("hold less than 1 MiB each", async () => {
    const { id } = await uploadBig(service.url);
    await (await fetch(`${service.url}/v1/raw/${id}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer();
    // The first read's garbage returned first, else it hides what the readers hold.
    const before = await service.settledRss();
    const { port } = new URL(service.url);
    const sockets = Array.from({ length: 100 }, (_, i) => {
      const socket = net.connect(Number(port), "127.0.0.1");
      socket.on("error", () => {});
      const encoding = i % 2 === 0 ? "" : "Accept-Encoding: gzip\r\n";
      socket.write(`GET /v1/raw/${id} HTTP/1.1\r\nHost: x\r\n${encoding}\r\n`);
      socket.pause();
      return socket;
    });
    // The server has taken the 100 requests in and written what the sockets take.
    const perReader = ((await service.settledRss()) - before) / 100;
    for (const socket of sockets) socket.destroy();
    console.log(`slow readers: ${(perReader / 1024).toFixed(0)} KiB of RSS each`);
    expect(perReader).toBeLessThan(1024 * 1024);
  }, 60_000);
});
