/**
 * One owner per PGlite data folder. Two processes on one folder (a rolling deploy on one volume,
 * `bun run dev` next to the service, a stuck old container) each acknowledged uploads that the
 * other never saw, and after a restart acknowledged uploads were gone. PGlite takes no lock of
 * its own, so the service does: a lock file created exclusively, naming its holder, and touched
 * every few seconds while held.
 *
 * A lock is stale, and taken over, when its holder is gone: on this host, its process id no
 * longer runs (a `kill -9` leaves the file, not the process); from another host or container
 * (one volume, two machines), it has not been touched for STALE_AFTER_MS.
 *
 * Folders of text files (src/logs/text-files.ts) take the same lock, and a start removes those of
 * processes that are gone (`isAbandoned`). Removing is final and a leftover folder costs only
 * disk, so that asks more than a takeover does: the lock untouched for STALE_AFTER_MS as well,
 * since two containers of one pod share a host name but not their process ids.
 */
import { closeSync, lstatSync, openSync, readFileSync, rmSync, utimesSync, writeSync, statSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

const LOCK_FILE = "logpaste.lock";
const TOUCH_EVERY_MS = 5_000;
export const STALE_AFTER_MS = 30_000;
/** A lock is a line of JSON: anything longer is not one of ours. */
const MAX_LOCK_BYTES = 4096;

export class FolderLockedError extends Error {
  constructor(folder: string, holder: string) {
    super(
      `The data folder ${folder} is in use by another logpaste process (${holder}). Two processes on one PGlite folder lose each other's uploads: stop the other one, give this one its own DATA_DIR, or use Postgres (DATABASE_URL) to run several replicas.`,
    );
    this.name = "FolderLockedError";
  }
}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

export interface FolderLock {
  release(): void;
}

export function lockFolder(folder: string): FolderLock {
  const path = join(folder, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new FolderLockedError(folder, describe(readHolder(path)));
        throw error;
      }
      const holder = readHolder(path);
      if (!isStale(path, holder)) throw new FolderLockedError(folder, describe(holder));
      rmSync(path, { force: true }); // its holder is gone: take it over (once)
    }
  }
  const touch = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {}
  }, TOUCH_EVERY_MS);
  touch.unref();
  return {
    release() {
      clearInterval(touch);
      // only our own lock: never one another process took over
      if (readHolder(path)?.pid === me.pid && readHolder(path)?.since === me.since) rmSync(path, { force: true });
    },
  };
}

/**
 * Whether a folder's lock was left by a process that is gone, so that what it left may be
 * removed. It asks more than a takeover (`isStale`): the lock also untouched for STALE_AFTER_MS,
 * which a live holder never lets happen (it touches it every TOUCH_EVERY_MS, whatever host or
 * process-id namespace it runs in). A lock naming this process's own id, which `isStale` calls
 * stale, was left by an earlier process with the same id (a restarted container's first process)
 * only when taken before this process started (performance.timeOrigin: on the main thread, the
 * process's start); taken since, it is this process's own.
 * Never abandoned: a folder without a lock (its owner unknown: a version from before the lock, or
 * one still starting), or whose lock is not a small plain file (a pipe would block the read).
 */
export function isAbandoned(folder: string): boolean {
  const path = join(folder, LOCK_FILE);
  const lock = lstatSync(path, { throwIfNoEntry: false });
  if (!lock?.isFile() || lock.size > MAX_LOCK_BYTES) return false;
  if (Date.now() - lock.mtimeMs <= STALE_AFTER_MS) return false;
  const holder = readHolder(path);
  if (holder?.host === hostname() && holder.pid === process.pid) return Date.parse(holder.since) < performance.timeOrigin - 1;
  return isStale(path, holder);
}

function readHolder(path: string): Holder | null {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Holder;
  } catch {
    return null;
  }
}

function isStale(path: string, holder: Holder | null): boolean {
  if (holder && holder.host === hostname()) return holder.pid === process.pid || !isRunning(holder.pid);
  try {
    return Date.now() - statSync(path).mtimeMs > STALE_AFTER_MS;
  } catch {
    return true;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function describe(holder: Holder | null): string {
  return holder ? `process ${holder.pid} on ${holder.host}, since ${holder.since}` : "a lock file that cannot be read";
}
