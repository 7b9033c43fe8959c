/**
 * The text files of large logs (src/logs/text-files.ts) live in a folder of the process's own.
 * A process killed with kill -9, or by the kernel when memory runs out, cannot remove it, and it
 * held the text of logs deleted since: each start now removes the folders of processes that are
 * gone, and never a folder whose owner runs or is unknown. Real processes, as production runs them.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
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
    const earlier = new Date(performance.timeOrigin - 60_000).toISOString();
    const minute = 60_000;
    const gone = leftFolder(parent, "logpaste-text-gone", { pid: await deadPid(), host: hostname(), since: now }, minute);
    // Its id runs nowhere we can see, but it touched its lock: a container of the same pod.
    const goneButTouched = leftFolder(parent, "logpaste-text-touched", { pid: await deadPid(), host: hostname(), since: now }, 1_000);
    const running = leftFolder(parent, "logpaste-text-running", { pid: process.ppid, host: hostname(), since: now }, minute);
    // Our own id: an earlier process's (a restarted container), or one of ours taken since we started.
    const earlierSelf = leftFolder(parent, "logpaste-text-earlier-self", { pid: process.pid, host: hostname(), since: earlier }, minute);
    const laterSelf = leftFolder(parent, "logpaste-text-later-self", { pid: process.pid, host: hostname(), since: now }, minute);
    const unknown = leftFolder(parent, "logpaste-text-before-locks");
    // Another host or container on a shared folder: judged by when its owner last touched the lock (every 5 s).
    const elsewhereSilent = leftFolder(parent, "logpaste-text-elsewhere-silent", { pid: 1, host: "another-host", since: now }, minute);
    const elsewhereAlive = leftFolder(parent, "logpaste-text-elsewhere-alive", { pid: 1, host: "another-host", since: now }, 1_000);
    const notOurs = leftFolder(parent, "something-else", { pid: await deadPid(), host: hostname(), since: now }, minute);

    const cache = new TextFileCache(1 << 20, parent);
    try {
      const left = folders(parent);
      for (const removed of [gone, earlierSelf, elsewhereSilent]) expect(left).not.toContain(removed);
      for (const kept of [goneButTouched, running, laterSelf, unknown, elsewhereAlive]) expect(left).toContain(kept);
      expect(existsSync(join(parent, notOurs))).toBe(true);
      // and its own
      expect(left.length).toBe(6);
    } finally {
      cache.close();
    }
  });

  test("what another user could plant is left alone: a link is not followed, a pipe for a lock is not read", async () => {
    const target = mkdtempSync(join(tmpdir(), "text-file-folders-target-"));
    try {
      writeFileSync(join(target, "logpaste.lock"), JSON.stringify({ pid: await deadPid(), host: hostname(), since: new Date().toISOString() }));
      const old = new Date(Date.now() - 60_000);
      utimesSync(join(target, "logpaste.lock"), old, old);
      symlinkSync(target, join(parent, "logpaste-text-link"));
      mkdirSync(join(parent, "logpaste-text-pipe"));
      expect(Bun.spawnSync(["mkfifo", join(parent, "logpaste-text-pipe", "logpaste.lock")]).exitCode).toBe(0);
      const cache = new TextFileCache(1 << 20, parent);
      cache.close();
      expect(existsSync(join(target, "logpaste.lock"))).toBe(true);
      expect(folders(parent)).toContain("logpaste-text-link");
      expect(folders(parent)).toContain("logpaste-text-pipe");
    } finally {
      rmSync(join(parent, "logpaste-text-link"), { force: true });
      rmSync(join(parent, "logpaste-text-pipe"), { recursive: true, force: true });
      rmSync(target, { recursive: true, force: true });
    }
  });

  test("a lock that goes stale after the start is found by the second look", async () => {
    const cache = new TextFileCache(1 << 20, parent, { sweepAgainAfterMs: 100 });
    try {
      const late = leftFolder(parent, "logpaste-text-late", { pid: await deadPid(), host: hostname(), since: new Date().toISOString() }, 60_000);
      expect(folders(parent)).toContain(late);
      await Bun.sleep(300);
      expect(folders(parent)).not.toContain(late);
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
      // Its lock is no longer touched; rather than wait the 30 s that makes it stale, age it.
      const old = new Date(Date.now() - 60_000);
      utimesSync(join(textFilesDir, killedFolder, "logpaste.lock"), old, old);
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
