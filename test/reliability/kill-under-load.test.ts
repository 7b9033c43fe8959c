/**
 * kill -9 in the middle of an upload load, then a restart on the same data: every upload that
 * was acknowledged (answered 200 with its id) reads back byte for byte. On PGlite the restart
 * also takes over the data folder's lock the killed process left.
 */
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServiceProcess } from "../support/service-process.ts";

test("every acknowledged upload survives a kill -9 under load", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "logpaste-kill-"));
  const env: Record<string, string> = { RATE_LIMIT_MAX: "100000", ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}) };
  try {
    const first = await startServiceProcess(env, dataDir);
    const acknowledged = new Map<string, string>();
    let sending = true;
    let sent = 0;
    const senders = Array.from({ length: 8 }, async (_, sender) => {
      while (sending) {
        const text = `[12:00:00] [Server thread/INFO]: sender ${sender} upload ${sent++} ${"x".repeat(2000)}`;
        try {
          const response = await fetch(`${first.url}/v1/log`, { method: "POST", body: text });
          if (response.status === 200) acknowledged.set((await response.json()).id, text);
        } catch {
          // the connection died with the process: not acknowledged
        }
      }
    });
    // Killed mid-load: at least a second in, once enough uploads were acknowledged to mean something.
    const loadStarted = Date.now();
    while (Date.now() - loadStarted < 10_000 && (Date.now() - loadStarted < 1000 || acknowledged.size < 200)) await Bun.sleep(50);
    first.child.kill("SIGKILL");
    await first.child.exited;
    sending = false;
    await Promise.all(senders);
    expect(acknowledged.size).toBeGreaterThan(20);

    const second = await startServiceProcess(env, dataDir);
    try {
      const lost: string[] = [];
      for (const [id, text] of acknowledged) {
        const response = await fetch(`${second.url}/v1/raw/${id}`);
        if (response.status !== 200 || (await response.text()) !== text) lost.push(id);
      }
      console.log(`kill -9 under load: ${acknowledged.size} acknowledged of ${sent} sent, ${lost.length} lost`);
      expect(lost).toEqual([]);
    } finally {
      await second.cleanup();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
