/**
 * What a test file needs beyond Bun and node_modules, in one place: programs a fresh machine may
 * lack (a browser, a JDK, PCRE's test tool, Postgres's binaries, openssl) and runs that are chosen
 * on purpose (a Postgres server to share between processes, a long soak).
 *
 * A file asks once, near its top: `const has = requires({ java: program(...), ... })`, then skips
 * what it cannot run with `test.skipIf(!has.java)` / `describe.skipIf(...)`. When something is
 * missing the file prints ONE line saying what and how to get it. With `CI` set, a missing
 * program fails the file instead: CI installs everything (.ci/run), and a silent skip there would
 * hide a broken check. A chosen run (`optIn`) always just skips: .ci/run chooses it where it wants it.
 */
import { accessSync, constants, existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

export interface Need {
  /** What is absent and how to get it, for the skip line; null when present. */
  missing: string | null;
  /** false: the program belongs on every machine, CI must have it; true: the runner chooses. */
  optional: boolean;
}

/** A program on PATH, from a Debian package. */
export function program(name: string, debianPackage: string): Need {
  return { missing: Bun.which(name) ? null : `${name} is not installed (apt-get install ${debianPackage})`, optional: false };
}

/** An executable file at a fixed path (a variable may move it). */
export function executable(path: string, what: string, remedy: string): Need {
  let present = true;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    present = false;
  }
  return { missing: present ? null : `no ${what} at ${path} (${remedy})`, optional: false };
}

/** The browser the web tests drive: Debian's chromium, or whatever CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const chromium = (): Need => executable(CHROMIUM_PATH, "chromium", "apt-get install chromium, or set CHROMIUM_PATH");

/** The folder of the machine's Postgres server binaries (initdb, pg_ctl), newest version first. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(root, version, "bin");
    if (existsSync(join(dir, "pg_ctl"))) return dir;
  }
  return null;
}

/** Postgres's server binaries, for tests that start (and stop) a private server of their own. */
export function postgresBinaries(): Need {
  const missing = "PostgreSQL's server binaries are not installed (apt-get install postgresql)";
  return { missing: postgresBinDir() ? null : missing, optional: false };
}

/** A run chosen by setting a variable: `optIn("SOAK_SECONDS", "the soak runs only when asked", "SOAK_SECONDS=60")`. */
export function optIn(variable: string, what: string, example = variable): Need {
  return { missing: process.env[variable] ? null : `${what} (set ${example}; .ci/run does)`, optional: true };
}

/** This test file's path from the repository root, for the skip line (Bun.main is the running test file). */
function testFile(): string {
  return relative(join(import.meta.dir, "../.."), Bun.main);
}

/**
 * Checks a file's needs and answers, for each, whether it is present. When some are missing:
 * one line on stderr naming them and how to get them, or, with `CI` set and a program missing,
 * an error that fails the file.
 */
export function requires<K extends string>(needs: Record<K, Need>): Record<K, boolean> {
  const entries = Object.entries(needs) as [K, Need][];
  const absent = entries.filter(([, need]) => need.missing !== null).map(([, need]) => need);
  const text = absent.map((need) => need.missing).join("; ");
  if (process.env.CI && absent.some((need) => !need.optional)) {
    throw new Error(`${testFile()} needs ${text}, and CI must have it (.ci/run installs it)`);
  }
  if (absent.length > 0) console.warn(`skip ${testFile()}: ${text}`);
  return Object.fromEntries(entries.map(([key, need]) => [key, need.missing === null])) as Record<K, boolean>;
}
