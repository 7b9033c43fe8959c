/**
 * The text files of large logs (src/logs/text-files.ts) live in a folder of the process's own.
 * A process killed with kill -9, or by the kernel when memory runs out, cannot remove it, and it
 * held the text of logs deleted since: each start now removes the folders of processes that are
 * gone, and never a folder whose owner runs or is unknown. Real processes, as production runs them.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { TextFileCache } from "../../src/logs/text-files.ts";
import { startServiceProcess } from "../support/service-process.ts";
import { START_TIMEOUT_MS } from "../support/app.ts";

const folders = (parent: string) => readdirSync(parent).filter((name) => name.startsWith("logpaste-text-")).sort();

/** A folder as a process of another version, or another host, left it: a file and, when given, a lock. */
function leftFolder(parent: string, name: string, holder?: { pid: number; host: string; since: string }, touchedMsAgo = 0): string {
  const folder = join(parent, name);
  mkdirSync(folder);
  writeFileSync(join(folder, "0123abcd.identity"), "the text of a log");
  if (holder) {
    const lock = join(folder, "logpaste.lock");
    writeFileSync(lock, JSON.stringify(holder));
    const at = new Date(Date.now() - touchedMsAgo);
    utimesSync(lock, at, at);
  }
  return name;
}

/** A process id that ran on this host and is gone. */
async function deadPid(): Promise<number> {
  const child = Bun.spawn(["true"]);
  await child.exited;
  return child.pid;
}

describe("a start removes what gone processes left, and nothing else", () => {
  let parent: string;
  beforeAll(() => {
    parent = mkdtempSync(join(tmpdir(), "text-file-folders-"));
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  test("folders of gone processes go; those of running, recently seen or unknown owners stay", async () => {
    const now = new Date().toISOString();
    const gone = leftFolder(parent, "logpaste-text-gone", { pid: await deadPid(), host: hostname(), since: now });
    const running = leftFolder(parent, "logpaste-text-running", { pid: process.ppid, host: hostname(), since: now });
    const unknown = leftFolder(parent, "logpaste-text-before-locks");
    // Another host or container on a shared folder: judged by when its owner last touched the lock (every 5 s).
    const elsewhereSilent = leftFolder(parent, "logpaste-text-elsewhere-silent", { pid: 1, host: "another-host", since: now }, 60_000);
    const elsewhereAlive = leftFolder(parent, "logpaste-text-elsewhere-alive", { pid: 1, host: "another-host", since: now }, 1_000);
    const notOurs = leftFolder(parent, "something-else", { pid: await deadPid(), host: hostname(), since: now });

    const cache = new TextFileCache(1 << 20, parent);
    try {
      const left = folders(parent);
      expect(left).not.toContain(gone);
      expect(left).not.toContain(elsewhereSilent);
      for (const kept of [running, unknown, elsewhereAlive]) expect(left).toContain(kept);
      expect(existsSync(join(parent, notOurs))).toBe(true);
      // and its own, locked in its name
      expect(left.length).toBe(4);
    } finally {
      cache.close();
    }
  });

  test("two caches of one process keep each other's folder; a cache's close takes its own", () => {
    const before = folders(parent);
    const first = new TextFileCache(1 << 20, parent);
    const second = new TextFileCache(1 << 20, parent);
    const mine = folders(parent).filter((name) => !before.includes(name));
    expect(mine.length).toBe(2);
    first.close();
    expect(folders(parent).filter((name) => mine.includes(name)).length).toBe(1);
    second.close();
    expect(folders(parent)).toEqual(before);
  });
});

describe("after kill -9, against the service as its own process", () => {
  let textFilesDir: string;
  beforeAll(() => {
    textFilesDir = mkdtempSync(join(tmpdir(), "text-file-folders-service-"));
  });
  afterAll(() => rmSync(textFilesDir, { recursive: true, force: true }));

  const bigLog = Array.from({ length: 2_000 }, (_, i) => `[12:00:00] [Server thread/INFO]: line ${i} ${"x".repeat(200)}`).join("\n");
  const database: Record<string, string> = process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};

  test("the next start removes the text files the killed process left", async () => {
    const first = await startServiceProcess({ ...database, TEXT_FILES_DIR: textFilesDir });
    let killedFolder: string;
    try {
      const upload = await fetch(`${first.url}/v1/log`, { method: "POST", headers: { "content-type": "text/plain", "content-encoding": "gzip" }, body: gzipSync(bigLog) as BodyInit });
      const { id } = (await upload.json()) as { id: string };
      // A reader without brotli: the text goes to a file (the log is over 256 KiB).
      expect(await (await fetch(`${first.url}/v1/raw/${id}`, { headers: { "accept-encoding": "identity" } })).text()).toBe(bigLog);
      [killedFolder] = folders(textFilesDir);
      expect(readdirSync(join(textFilesDir, killedFolder)).some((name) => name.endsWith(".identity"))).toBe(true);
      first.child.kill("SIGKILL");
      await first.child.exited;
      // The killed process's folder outlived it, with the text in it.
      expect(folders(textFilesDir)).toEqual([killedFolder]);
    } finally {
      await first.cleanup();
    }
    const next = await startServiceProcess({ ...database, TEXT_FILES_DIR: textFilesDir });
    try {
      const left = folders(textFilesDir);
      expect(left).not.toContain(killedFolder);
      expect(left.length).toBe(1); // the new process's own
    } finally {
      await next.cleanup();
    }
  }, START_TIMEOUT_MS * 3);
});
