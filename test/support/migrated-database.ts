/**
 * Data folders for the tests' PGlite databases, each a copy of one migrated database. (Not the
 * service's template, src/storage/pglite-template.ts: that is the empty cluster every new data
 * folder starts from; this is such a folder after a first start, migrations applied.) A new
 * PGlite database runs every migration, seconds of CPU each time (tens of seconds on a loaded
 * 2-core machine), and most test files start one or more. The migrated database is made once by the real
 * `openDatabase` (the same code as a first start of the service) and kept in
 * node_modules/.cache/, named after what shapes it (the migrations, the code that opens the
 * database, the PGlite version), so a change to any of them makes a new one. Each test still
 * gets its own database, which nothing else touches.
 *
 * bun test makes it before the first test file starts (./preload.ts, named in bunfig.toml), outside
 * any hook's time limit. Tests of the first start itself (test/storage/folder-lock.test.ts,
 * test/reliability/kill-under-load.test.ts) give the service an empty folder instead.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/storage/database.ts";

const root = join(import.meta.dir, "../..");
const cacheDir = join(root, "node_modules/.cache/logpaste-test");
/** The service's lock on its folder (src/storage): never copied, each copy is free. */
const LOCK_FILE = "logpaste.lock";

/** A name that changes whenever the migrations, the database code or PGlite change. */
function templateName(): string {
  const hash = createHash("sha256");
  const migrations = join(root, "drizzle");
  for (const file of readdirSync(migrations, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())) {
    const path = join(file.parentPath, file.name);
    hash.update(path.slice(root.length)).update(readFileSync(path));
  }
  for (const file of readdirSync(join(root, "src/storage")).filter((name) => name.endsWith(".ts"))) {
    hash.update(file).update(readFileSync(join(root, "src/storage", file)));
  }
  hash.update(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json")));
  return `pglite-${hash.digest("hex").slice(0, 16)}`;
}

/** Removes what test processes that were killed while making a template left behind. */
function removeAbandonedBuilds(): void {
  for (const name of readdirSync(cacheDir)) {
    const pid = Number(/^building-(\d+)-/.exec(name)?.[1]);
    if (pid && !existsSync(`/proc/${pid}`)) rmSync(join(cacheDir, name), { recursive: true, force: true });
  }
}

async function makeTemplate(): Promise<string> {
  const template = join(cacheDir, templateName());
  if (existsSync(template)) return template;
  mkdirSync(cacheDir, { recursive: true });
  removeAbandonedBuilds();
  // Made aside and renamed into place, so a test process running at the same time never sees half a template.
  const building = mkdtempSync(join(cacheDir, `building-${process.pid}-`));
  try {
    const database = await openDatabase({ dataDir: building });
    await database.close();
    rmSync(join(building, LOCK_FILE), { force: true });
    renameSync(building, template);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(template)) throw error; // else another process made it first
  }
  return template;
}

let template: Promise<string> | null = null;

/** The migrated database's folder, made first if this checkout has none for its current migrations and code. */
export function migratedDatabase(): Promise<string> {
  template ??= makeTemplate();
  return template;
}

/** A new folder in the system temp folder holding an empty, migrated database. The caller removes it. */
export async function freshPgliteFolder(): Promise<string> {
  const source = await migratedDatabase();
  const folder = mkdtempSync(join(tmpdir(), "logpaste-test-"));
  cpSync(source, folder, { recursive: true, filter: (path) => !path.endsWith(LOCK_FILE) });
  return folder;
}
