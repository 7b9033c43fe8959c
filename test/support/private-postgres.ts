/**
 * A private PostgreSQL server for fault tests: the machine's own Postgres binaries, a throw-away
 * data folder and a free port, so a test can stop and start "the database" for real without
 * touching the shared server other tests use. Postgres refuses to run as root, so it runs as the
 * `postgres` system user (runuser) when we are root.
 */
import { chmodSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresBinDir } from "./requires.ts";

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its data folder. */
  destroy(): Promise<void>;
}

async function run(command: string[], asPostgres: boolean): Promise<void> {
  const argv = asPostgres && process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--", ...command] : command;
  const child = Bun.spawn(argv, { stdout: "pipe", stderr: "pipe" });
  const code = await child.exited;
  if (code !== 0) {
    const stderr = await new Response(child.stderr).text();
    throw new Error(`${command[0]} failed (${code}): ${stderr.slice(0, 500)}`);
  }
}

async function freePort(): Promise<number> {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("no PostgreSQL binaries under /usr/lib/postgresql");
  const dir = mkdtempSync(join(tmpdir(), "logpaste-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o700);
    chownSync(dir, Number((await Bun.$`id -u postgres`.text()).trim()), Number((await Bun.$`id -g postgres`.text()).trim()));
  }
  const data = join(dir, "data");
  await run([join(bin, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"], true);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run([join(bin, "pg_ctl"), "-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "-t", "30", "start"], true);
  const stop = () => run([join(bin, "pg_ctl"), "-D", data, "-m", "fast", "-w", "-t", "30", "stop"], true);
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await start();
      running = true;
    },
    async stop() {
      await stop();
      running = false;
    },
    async destroy() {
      if (running) await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
