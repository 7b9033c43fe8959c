/**
 * Large logs as text files on disk, for clients that do not take brotli (Java's HttpClient,
 * curl without --compressed, most bots send no Accept-Encoding; Python's requests sends gzip).
 * Bun sends a file with sendfile, so a reader holds no copy in memory however slowly it reads:
 * a decompressed body held 10 MiB per connection of a 10 MiB log, a streamed one ~4 MiB (Bun's
 * own buffers), a file 11 KiB. Repeated reads also cost no decompression.
 *
 * Content-addressed by blob hash and coding, bounded in bytes, least recently used removed
 * first; a blob that leaves storage leaves here too (`forget`). The folder is the process's own
 * and goes with it. A process that cannot remove it (killed with kill -9, or by the kernel when
 * memory runs out) leaves it behind, with the text of logs deleted since: so the folder is
 * locked as a data folder is (storage/folder-lock.ts), and each start removes the folders of
 * processes that are gone, once at start and once when a lock left just before it has gone
 * stale (a restart right after a kill).
 */
import { LRUCache } from "lru-cache";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import zlib from "node:zlib";
import { promisify } from "node:util";
import { isAbandoned, lockFolder, STALE_AFTER_MS, type FolderLock } from "../storage/folder-lock.ts";

export type TextCoding = "identity" | "gzip";

/** The start of every text-file folder's name, in TEXT_FILES_DIR. */
const FOLDER_PREFIX = "logpaste-text-";

export interface TextFileCacheOptions {
  /** When to look again for folders of gone processes, after the look at start (tests shorten it). */
  sweepAgainAfterMs?: number;
}

const brotliDecompress = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);

interface TextFile {
  path: string;
  bytes: number;
}

export class TextFileCache {
  private readonly dir: string;
  private readonly lock: FolderLock;
  private readonly sweepAgain: ReturnType<typeof setTimeout>;
  private readonly files: LRUCache<string, TextFile>;
  private readonly writing = new Map<string, Promise<TextFile>>();
  /** Keys forgotten while their file was being written: that file is not kept. */
  private readonly forgottenWhileWriting = new Set<string>();

  constructor(maxBytes: number, parent = tmpdir(), options: TextFileCacheOptions = {}) {
    mkdirSync(parent, { recursive: true });
    removeAbandonedFolders(parent);
    this.dir = mkdtempSync(join(parent, FOLDER_PREFIX));
    this.lock = lockFolder(this.dir);
    this.sweepAgain = setTimeout(() => removeAbandonedFolders(parent), options.sweepAgainAfterMs ?? STALE_AFTER_MS + 5_000);
    this.sweepAgain.unref();
    this.files = new LRUCache<string, TextFile>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (file) => Math.max(1, file.bytes),
      // at once, not later: after a delete its text must be gone from the disk
      dispose: (file) => rmSync(file.path, { force: true }),
    });
  }

  /** The file holding the text of `stored` (a blob's brotli bytes) in `coding`, written on first use. */
  async file(hash: string, stored: Uint8Array, coding: TextCoding): Promise<TextFile> {
    const key = `${hash}.${coding}`;
    const known = this.files.get(key);
    if (known) return known;
    let pending = this.writing.get(key);
    if (!pending) {
      pending = this.write(key, stored, coding).finally(() => {
        this.writing.delete(key);
        this.forgottenWhileWriting.delete(key); // a write that failed leaves no mark behind
      });
      this.writing.set(key, pending);
    }
    return pending;
  }

  /** Removes the files of a blob that left storage (a deleted log's text must not linger). */
  forget(hash: string): void {
    for (const coding of ["identity", "gzip"] as const) {
      const key = `${hash}.${coding}`;
      if (this.writing.has(key)) this.forgottenWhileWriting.add(key);
      this.files.delete(key);
    }
  }

  /** Removes every file (a replica that may have missed removals). */
  clear(): void {
    this.files.clear();
  }

  /** Removes the folder (at shutdown). */
  close(): void {
    clearTimeout(this.sweepAgain);
    this.files.clear();
    this.lock.release();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async write(key: string, stored: Uint8Array, coding: TextCoding): Promise<TextFile> {
    const text = await brotliDecompress(stored);
    const bytes = coding === "gzip" ? await gzip(text, { level: 6 }) : text;
    const path = join(this.dir, key);
    // written under another name first: a reader never sees half a file
    await Bun.write(`${path}.part`, bytes);
    await rename(`${path}.part`, path);
    const file = { path, bytes: bytes.byteLength };
    // forgotten meanwhile (the log was deleted): this read gets it, nobody after
    if (this.forgottenWhileWriting.delete(key)) setTimeout(() => void rm(path, { force: true }).catch(() => {}), 60_000);
    else this.files.set(key, file);
    return file;
  }
}

/**
 * Removes the text-file folders in `parent` whose process is gone. Only real folders of this
 * process's user: in a shared temporary folder, anything another user made (a link, a pipe for a
 * lock) is left alone, and nothing here may fail a start.
 */
function removeAbandonedFolders(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return; // a folder one may write in but not list
  }
  const uid = process.getuid?.();
  for (const name of names) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const folder = join(parent, name);
    try {
      const found = lstatSync(folder);
      if (!found.isDirectory() || (uid !== undefined && found.uid !== uid)) continue;
      if (isAbandoned(folder)) rmSync(folder, { recursive: true, force: true });
    } catch {
      // gone meanwhile, or not ours to read: left as it is
    }
  }
}
