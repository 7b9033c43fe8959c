/**
 * `bun run admin` as a real process against a real server: list, stats and delete through the
 * HTTP API with LOGPASTE_URL and ADMIN_TOKEN, and clear failures with distinct exit codes.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

const ADMIN_TOKEN = "cli-admin-token-0123456789abcdef";
let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ ADMIN_TOKEN });
}, START_TIMEOUT_MS);
afterAll(() => api?.stop(), START_TIMEOUT_MS);

async function admin(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = Bun.spawn(["bun", "run", "admin", ...args], {
    cwd: `${import.meta.dir}/../..`,
    env: { ...process.env, LOGPASTE_URL: api.url, ADMIN_TOKEN, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

test("list shows the newest logs; --json and --all page through all of them", async () => {
  const source = `cli-${Math.random().toString(36).slice(2)}`;
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await api.upload(`[10:00:00] [Server thread/INFO]: cli ${i}`, { source })).id);

  const table = await admin(["list", "--source", source]);
  expect(table.code).toBe(0);
  for (const id of ids) expect(table.stdout).toContain(id);
  expect(table.stdout).toContain("UPLOADER");

  const all = await admin(["list", "--source", source, "--limit", "1", "--all", "--json"]);
  expect(all.code).toBe(0);
  const listed = JSON.parse(all.stdout) as { logs: { id: string; source: string }[]; nextCursor: null };
  expect(listed.logs.map((log) => log.id).sort()).toEqual([...ids].sort());
  expect(listed.nextCursor).toBeNull();
}, 60_000);

test("stats prints the store's totals", async () => {
  const result = await admin(["stats", "--json"]);
  expect(result.code).toBe(0);
  const stats = JSON.parse(result.stdout) as { logs: number; dedupeRatio: number };
  const direct = (await (await api.fetch("/v1/admin/stats", { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()) as { logs: number };
  expect(stats.logs).toBe(direct.logs);
  const text = await admin(["stats"]);
  expect(text.stdout).toMatch(/dedupe ratio\s+\d/);
}, 60_000);

test("delete removes any log; an unknown id fails with exit code 1", async () => {
  const log = await api.upload("[10:00:00] [Server thread/INFO]: to be moderated");
  const deleted = await admin(["delete", log.id]);
  expect(deleted.code).toBe(0);
  expect(deleted.stdout).toContain(`deleted ${log.id}`);
  expect((await api.fetch(`/v1/raw/${log.id}`)).status).toBe(404);

  const missing = await admin(["delete", log.id]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("log_not_found");
}, 60_000);

test("a wrong token, no token, a bad command and an unreachable server are told apart", async () => {
  const wrong = await admin(["stats"], { ADMIN_TOKEN: "not-the-token-0123456789" });
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toContain("401 unauthorized");
  expect(wrong.stderr).not.toContain("not-the-token");

  const none = await admin(["stats"], { ADMIN_TOKEN: "" });
  expect(none.code).toBe(2);
  expect(none.stderr).toContain("ADMIN_TOKEN is not set");

  const usage = await admin(["purge"]);
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain("usage: bun run admin");

  const unreachable = await admin(["stats"], { LOGPASTE_URL: "http://127.0.0.1:9" });
  expect(unreachable.code).toBe(3);
  expect(unreachable.stderr).toContain("Cannot reach");
}, 60_000);
