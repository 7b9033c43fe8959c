/**
 * The service as its own process (`bun run src/index.ts`), as production runs it: for tests of
 * start-up, signals and shutdown, which an in-process app cannot show.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freshPgliteFolder } from "./migrated-database.ts";

export interface ServiceProcess {
  url: string;
  /** Resident memory of the process now, in bytes (from /proc). */
  rss(): Promise<number>;
  /** The same, with its anonymous, file-backed and shared parts, in bytes (from /proc). */
  residentParts(): Promise<{ rss: number; anon: number; file: number; shmem: number }>;
  /**
   * Resident memory once it holds still: read every half second, from a second on, until two
   * readings are within 256 KiB (at most 8 s). A fixed wait was as long on a quiet machine as on a
   * loaded one, and too short for the allocator to give back a burst's garbage.
   */
  settledRss(): Promise<number>;
  child: Subprocess<"ignore", "pipe", "pipe">;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  terminate(): Promise<number>;
  /** Kills the process if still running and removes its data folder. */
  cleanup(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

/**
 * Starts the service on `dataDir` as it is (an empty folder: a first start, with initdb), or by
 * default on a folder of its own holding a migrated database (./migrated-database.ts), removed by cleanup().
 */
export async function startServiceProcess(env: Record<string, string> = {}, dataDir?: string): Promise<ServiceProcess & { dataDir: string }> {
  const dir = dataDir ?? (await freshPgliteFolder());
  const port = await freePort();
  // The service's text files (TEXT_FILES_DIR) go in a folder removed when the process ends, however
  // it ends: a killed service cannot remove them itself.
  const textFiles = mkdtempSync(join(tmpdir(), "logpaste-service-"));
  // The same command as `bun run start` (package.json) and the Dockerfile's CMD.
  const child = Bun.spawn(["bun", "--max-http-header-size=262144", "run", "src/index.ts"], {
    cwd: join(import.meta.dir, "../.."),
    env: { ...process.env, DATABASE_URL: "", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, TEXT_FILES_DIR: textFiles, ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  void child.exited.then(() => rmSync(textFiles, { recursive: true, force: true }));
  let output = "";
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      output += decoder.decode(value, { stream: true });
    }
  };
  void collect(child.stdout);
  void collect(child.stderr);
  const url = `http://127.0.0.1:${port}`;
  // an empty PGlite folder runs initdb first: seconds, and more on a busy machine
  const deadline = Date.now() + 55_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`service did not start:\n${output}`);
    await Bun.sleep(100);
  }
  const residentParts = async () => {
    const status = await Bun.file(`/proc/${child.pid}/status`).text();
    const bytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: bytes("VmRSS"), anon: bytes("RssAnon"), file: bytes("RssFile"), shmem: bytes("RssShmem") };
  };
  const rss = async () => (await residentParts()).rss;
  return {
    url,
    child,
    dataDir: dir,
    output: () => output,
    rss,
    residentParts,
    async settledRss() {
      let last = await rss();
      for (const started = Date.now(); Date.now() - started < 8000; ) {
        await Bun.sleep(500);
        const now = await rss();
        if (Date.now() - started >= 1000 && Math.abs(now - last) < 256 * 1024) return now;
        last = now;
      }
      return last;
    },
    async terminate() {
      child.kill("SIGTERM");
      return child.exited;
    },
    async cleanup() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await child.exited;
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
