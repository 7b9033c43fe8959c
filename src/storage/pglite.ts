/**
 * The embedded database: PGlite (Postgres compiled to WebAssembly) in this process, on a data
 * folder, with the memory settings a small box needs. What each setting costs is measured in
 * bench/results/memory.md and summed up in the README's "Memory" section.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
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
 * - Not for bytea[] parameters: PGlite writes an array's elements as text, so an element must be
 *   text. Nothing here sends one; such a parameter fails loudly rather than storing wrong bytes.
 */
const byteaCodec = {
  serializers: {
    // PGlite's types say a serializer returns text; its Bind writer sends an ArrayBuffer view as a
    // binary parameter (`ArrayBuffer.isView`), which is what this one returns.
    [BYTEA]: ((value: unknown): Uint8Array => {
      if (!(value instanceof Uint8Array)) throw new TypeError("bytea takes a Uint8Array");
      return value;
    }) as unknown as (value: unknown) => string,
  },
  parsers: { [BYTEA]: (text: string): Uint8Array => Uint8Array.fromHex(text.slice(2)) },
};

/**
 * The types drizzle-orm/pglite reads as Postgres's own text (it makes dates of them itself):
 * timestamp, timestamptz, interval, date, and numeric[], timestamp[], timestamptz[], interval[],
 * date[]. It asks for that with parsers of its own on every query, and PGlite then copies its
 * whole table of parsers (every type and its array type) to merge them in: 150 µs a query, as much
 * as a small query itself. The client reads these types as text for every query instead
 * (`readsAsText`), and drops per-query parsers that ask for nothing else. Inside a transaction
 * PGlite calls its own query function, not this one: those queries still pay the copy, with the
 * same results.
 */
const TEXT_TYPES: ReadonlySet<number> = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;

class Client extends PGlite {
  /** Per-query options, without their parsers when those only read TEXT_TYPES as text (the client does). */
  private readonly lean = new WeakMap<QueryOptions, QueryOptions>();

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return super.query<T>(query, params, options?.parsers ? this.withoutTextParsers(options) : options);
  }

  /** After start-up: PGlite then sets the array types' parsers, which must read as text too. */
  readsAsText(): void {
    for (const type of TEXT_TYPES) this.parsers[type] = asText;
  }

  /** PGlite sets the array types' parsers again here: they go back to text. */
  override async refreshArrayTypes(): Promise<void> {
    await super.refreshArrayTypes();
    this.readsAsText();
  }

  private withoutTextParsers(options: QueryOptions): QueryOptions {
    let lean = this.lean.get(options);
    if (!lean) {
      const parsers = options.parsers ?? {};
      const onlyText = Object.keys(parsers).every((type) => TEXT_TYPES.has(Number(type)) && parsers[Number(type)]("x") === "x");
      lean = onlyText ? { ...options, parsers: undefined } : options;
      this.lean.set(options, lean);
    }
    return lean;
  }
}

export interface OpenedPglite {
  /** Reads timestamps, dates, intervals and their arrays as Postgres's text, as drizzle wants them (TEXT_TYPES). */
  client: PGlite;
  /** How the data folder came to be: found, copied from the template, or made by initdb. */
  origin: "memory" | "existing" | "template" | "initdb";
  /** Bytes of the WebAssembly memory Postgres runs in: it grows when Postgres needs more and never shrinks. */
  memoryBytes(): number;
  close(): Promise<void>;
}

/** PGlite keeps its Emscripten module protected; its memory is read, never written. */
const wasmMemoryBytes = (client: PGlite) => (client as unknown as { mod?: { wasmMemory?: WebAssembly.Memory } }).mod?.wasmMemory?.buffer.byteLength ?? 0;

/** `dataDir` "memory" keeps everything in memory (tests), started from the template too. */
export async function openPgliteClient(dataDir: string, settings: PgliteSettings = DEFAULT_PGLITE_SETTINGS): Promise<OpenedPglite> {
  const startParams = pgliteStartParams(settings);
  if (dataDir === "memory") {
    const tar = templateTar();
    const client = new Client({ startParams, ...byteaCodec, ...(tar ? { loadDataDir: new Blob([tar as BlobPart]) } : {}) });
    await client.waitReady;
    client.readsAsText();
    return { client, origin: "memory", memoryBytes: () => wasmMemoryBytes(client), close: () => client.close() };
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  // before anything touches the folder: a second process must not get that far
  const lock: FolderLock = lockFolder(resolve(dataDir));
  try {
    const folder = resolve(dataDir, "pglite");
    const origin = await createDatabaseFolder(folder);
    const client = new Client(folder, { startParams, ...byteaCodec });
    await client.waitReady;
    client.readsAsText();
    return {
      client,
      origin,
      memoryBytes: () => wasmMemoryBytes(client),
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
