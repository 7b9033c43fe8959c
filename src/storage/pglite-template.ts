/**
 * A new PGlite database comes from a template, not from initdb. PGlite's initdb runs a second
 * Postgres and the initdb program inside the process and peaks near 1 GiB of RSS (measured
 * 1,087 MiB for `bun run start` on an empty folder; bench/results/memory.md), more than a 1 GB
 * VPS has. The template is the data folder initdb produces, made once by
 * `bun scripts/pglite-template.ts` and shipped as a brotli tar (about 3 MB). Copying it into
 * place costs tens of MiB, and a first start takes seconds instead of tens of seconds.
 *
 * The template belongs to one PGlite version (its catalog must match the engine). When the
 * installed PGlite is another version, initdb runs as before, but in a short-lived child process
 * (src/storage/pglite-initdb.ts), so the server never keeps initdb's memory: WebAssembly memory
 * never shrinks once grown.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import zlib from "node:zlib";

const TEMPLATE_FILE = resolve(import.meta.dir, "pglite-template.tar.br");
const TEMPLATE_INFO = resolve(import.meta.dir, "pglite-template.json");

export interface TemplateInfo {
  /** The @electric-sql/pglite version that made the template. */
  pglite: string;
  /** The initdb arguments it was made with. */
  initdb: string[];
}

/**
 * Arguments for initdb, wherever it runs: its bootstrap Postgres uses them too, and they are
 * written to the folder's postgresql.conf (start-up settings override them; src/storage/pglite.ts).
 */
export const INITDB_PARAMS = ["-c", "shared_buffers=16MB", "-c", "max_connections=10"];

export function installedPgliteVersion(): string {
  const entry = Bun.resolveSync("@electric-sql/pglite", import.meta.dir);
  // dist/index.js -> the package folder
  const pkg = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as { version: string };
  return pkg.version;
}

export function templateInfo(): TemplateInfo | null {
  if (!existsSync(TEMPLATE_FILE) || !existsSync(TEMPLATE_INFO)) return null;
  return JSON.parse(readFileSync(TEMPLATE_INFO, "utf8")) as TemplateInfo;
}

/** The template as an uncompressed tar, when it fits the installed PGlite; else null. */
export function templateTar(): Uint8Array | null {
  if (templateInfo()?.pglite !== installedPgliteVersion()) return null;
  return zlib.brotliDecompressSync(readFileSync(TEMPLATE_FILE));
}

/** True when `folder` holds a database (PGlite's own test: PG_VERSION exists). */
export function hasDatabase(folder: string): boolean {
  return existsSync(join(folder, "PG_VERSION"));
}

/**
 * Creates the database folder `folder` when it holds none. Everything is written to a sibling
 * folder first and renamed into place, so a process killed half-way leaves no folder that looks
 * like a database (PG_VERSION present, catalog missing). Returns how the folder was made.
 */
export async function createDatabaseFolder(folder: string): Promise<"existing" | "template" | "initdb"> {
  if (hasDatabase(folder)) return "existing";
  const staging = `${folder}.new-${process.pid}`;
  mkdirSync(staging, { recursive: true });
  const tar = templateTar();
  let how: "template" | "initdb";
  if (tar) {
    extractTar(tar, staging);
    how = "template";
  } else {
    await initdbInChildProcess(staging);
    how = "initdb";
  }
  moveAsideIfIncomplete(folder);
  renameSync(staging, folder);
  return how;
}

/**
 * A folder without PG_VERSION is not a database (an initdb killed by an older version of this
 * code). It is kept under another name rather than deleted: nothing we did not write is removed.
 */
function moveAsideIfIncomplete(folder: string): void {
  if (!existsSync(folder)) return;
  if (readdirSync(folder).length === 0) rmdirSync(folder);
  else renameSync(folder, `${folder}.incomplete-${Date.now()}`);
}

async function initdbInChildProcess(folder: string): Promise<void> {
  const child = Bun.spawn([process.execPath, resolve(import.meta.dir, "pglite-initdb.ts"), folder], {
    stdout: "inherit",
    stderr: "inherit",
  });
  const code = await child.exited;
  if (code !== 0 || !hasDatabase(folder)) throw new Error(`PGlite initdb in ${folder} failed (exit code ${code})`);
}

/**
 * Writes the entries of a ustar archive (what PGlite's dumpDataDir makes: directories and
 * regular files, names under 100 bytes, leading "/") below `into`.
 */
export function extractTar(tar: Uint8Array, into: string): void {
  const decoder = new TextDecoder();
  const field = (offset: number, length: number) => decoder.decode(tar.subarray(offset, offset + length)).replace(/\0.*$/s, "");
  for (let at = 0; at + 512 <= tar.byteLength; ) {
    const name = field(at, 100);
    if (name === "") break; // two zero blocks end the archive
    const prefix = field(at + 345, 155);
    const size = parseInt(field(at + 124, 12).trim() || "0", 8);
    const mode = parseInt(field(at + 100, 8).trim() || "600", 8);
    const type = field(at + 156, 1) || "0";
    const path = join(into, ...`${prefix ? `${prefix}/` : ""}${name}`.split("/").filter((part) => part !== "" && part !== "." && part !== ".."));
    if (type === "5") mkdirSync(path, { recursive: true, mode });
    else if (type === "0") {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, tar.subarray(at + 512, at + 512 + size), { mode });
    } else throw new Error(`unexpected tar entry type '${type}' for ${name} in the PGlite template`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}
