/**
 * The embedded database: PGlite (Postgres compiled to WebAssembly) in this process, on a data
 * folder, with the memory settings a small box needs. What each setting costs is measured in
 * bench/results/memory.md and summed up in the README's "Memory" section.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { lockFolder, type FolderLock } from "./folder-lock.ts";
import { createDatabaseFolder, templateTar } from "./pglite-template.ts";

export interface PgliteSettings {
  /** Postgres's page cache inside the WebAssembly memory, in MiB (PGlite's own default is 128). */
  sharedBuffersMiB: number;
}

export const DEFAULT_PGLITE_SETTINGS: PgliteSettings = { sharedBuffersMiB: 8 };

/**
 * PGlite's start-up arguments plus ours. WebAssembly memory only grows, so every buffer Postgres
 * fills once stays resident for the life of the process:
 * - shared_buffers: Postgres touches all of it at start (128 MiB by default; PGLITE_SHARED_BUFFERS_MB).
 *   Hot reads are served from the app's caches and a blob is read once per cache miss, so a
 *   small one loses little: the operating system's page cache still holds the files.
 * - wal_buffers: 1 MiB (by default 1/32 of shared_buffers, 256 KiB here): an upload's WAL fits.
 * - maintenance_work_mem (64 MiB by default): what VACUUM and index builds may take at once.
 * - fsync stays as PGlite sets it (-F, off, in defaultStartParams): unchanged by us.
 */
export function pgliteStartParams(settings: PgliteSettings): string[] {
  return [
    ...PGlite.defaultStartParams,
    "-c", `shared_buffers=${settings.sharedBuffersMiB}MB`,
    "-c", "wal_buffers=1MB",
    "-c", "maintenance_work_mem=16MB",
    "-c", "max_connections=10",
  ];
}

/** Postgres's type id of bytea. */
const BYTEA = 17;

/**
 * bytea by our own codec. PGlite's built-in one goes byte by byte through strings
 * (`Array.from(bytes).map(...).join("")` to write, `parseInt` per byte to read): measured on 500
 * inserts of 12 KB blobs, 586 ms and 132 MB of JavaScript heap garbage against 128 ms and 11 MB
 * with the engine's hex codec. Every upload stores a blob and every cold read fetches one, so that
 * garbage was most of the memory an upload burst left behind (bench/results/memory.md).
 * - Written as the bytes themselves: PGlite sends a parameter that is bytes in Postgres's binary
 *   format, so there is no hex text to build, to measure character by character (PGlite does that
 *   twice for every text parameter) and for Postgres to decode. A 25 KB blob's insert took
 *   1.1-1.5 ms against 1.6-2.3 as hex text, in alternating runs.
 * - Read as hex text (results come back as text), decoded by the engine's own codec.
 */
const byteaCodec = {
  serializers: {
    [BYTEA]: (value: unknown): Uint8Array => {
      if (!(value instanceof Uint8Array)) throw new TypeError("bytea takes a Uint8Array");
      return value;
    },
  },
  parsers: { [BYTEA]: (text: string): Uint8Array => Uint8Array.fromHex(text.slice(2)) },
};

export interface OpenedPglite {
  client: PGlite;
  /** How the data folder came to be: found, copied from the template, or made by initdb. */
  origin: "memory" | "existing" | "template" | "initdb";
  close(): Promise<void>;
}

/** `dataDir` "memory" keeps everything in memory (tests), started from the template too. */
export async function openPgliteClient(dataDir: string, settings: PgliteSettings = DEFAULT_PGLITE_SETTINGS): Promise<OpenedPglite> {
  const startParams = pgliteStartParams(settings);
  if (dataDir === "memory") {
    const tar = templateTar();
    const client = new PGlite({ startParams, ...byteaCodec, ...(tar ? { loadDataDir: new Blob([tar as BlobPart]) } : {}) });
    await client.waitReady;
    return { client, origin: "memory", close: () => client.close() };
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  // before anything touches the folder: a second process must not get that far
  const lock: FolderLock = lockFolder(resolve(dataDir));
  try {
    const folder = resolve(dataDir, "pglite");
    const origin = await createDatabaseFolder(folder);
    const client = new PGlite(folder, { startParams, ...byteaCodec });
    await client.waitReady;
    return {
      client,
      origin,
      async close() {
        await client.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
