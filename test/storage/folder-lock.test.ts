/**
 * One owner per PGlite data folder: a second process on the same DATA_DIR refuses to start with
 * a clear message and a non-zero exit, and a lock left by a process killed with kill -9 does not
 * block the next start. Real processes, as production runs them.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServiceProcess } from "../support/service-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "logpaste-lock-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `bun run start` on the folder, expected to exit: its code and what it printed. */
async function startExpectingExit(): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(["bun", "run", "src/index.ts"], {
    cwd: join(import.meta.dir, "../.."),
    env: { ...process.env, DATABASE_URL: "", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await child.exited;
  clearTimeout(timer);
  return { code, output: (await new Response(child.stdout).text()) + (await new Response(child.stderr).text()) };
}

test("a second process on the same PGlite folder refuses to start; after kill -9 of the first, a new one starts and has its data", async () => {
  const first = await startServiceProcess({}, dataDir);
  const upload = await (await fetch(`${first.url}/v1/log`, { method: "POST", body: "[12:00:00] [Server thread/INFO]: kept" })).json();
  const second = await startExpectingExit();
  expect(second.code).toBe(73);
  expect(second.output).toContain("is in use by another logpaste process");
  // the first goes on serving
  expect((await fetch(`${first.url}/v1/raw/${upload.id}`)).status).toBe(200);

  first.child.kill("SIGKILL");
  await first.child.exited;
  const third = await startServiceProcess({}, dataDir);
  try {
    expect(await (await fetch(`${third.url}/v1/raw/${upload.id}`)).text()).toBe("[12:00:00] [Server thread/INFO]: kept");
  } finally {
    await third.cleanup();
  }
}, 120_000);
