/**
 * Moderation against the real server: with ADMIN_TOKEN the operator deletes any log, lists the
 * newest logs (filtered by source, paged by cursor, with a keyed uploader hash and never the
 * address) and reads the store's totals; without it the admin routes do not exist.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

const ADMIN_TOKEN = "admin-token-for-tests-0123456789";
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

let api: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [api, plain] = await Promise.all([startTestApp({ ADMIN_TOKEN }), startTestApp({})]);
}, START_TIMEOUT_MS);
afterAll(() => Promise.all([api?.stop(), plain?.stop()]), START_TIMEOUT_MS);

interface AdminLog {
  id: string;
  source: string | null;
  created: number;
  size: number;
  files: number;
  uploaderHash: string | null;
}

async function adminJson(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await api.fetch(path, { headers: admin });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("admin delete", () => {
  test("the admin token deletes any log, and every read forgets it at once", async () => {
    const log = await api.upload(`[10:00:00] [Server thread/INFO]: abusive ${Math.random()}`);
    // read it in every form first, so the caches hold it
    expect((await api.fetch(`/v1/raw/${log.id}`)).status).toBe(200);
    expect((await api.fetch(`/v1/log/${log.id}`)).status).toBe(200);
    expect((await api.fetch(`/${log.id}`, { headers: { accept: "text/html" } })).status).toBe(200);

    const response = await api.fetch(`/v1/log/${log.id}`, { method: "DELETE", headers: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    for (const path of [`/v1/raw/${log.id}`, `/v1/log/${log.id}`, `/v1/insights/${log.id}`]) {
      expect((await api.fetch(path)).status).toBe(404);
    }
    expect((await api.fetch(`/${log.id}`, { headers: { accept: "text/html" } })).status).toBe(404);
    // deleted once: a second delete is a 404, as for the uploader
    const again = await api.fetch(`/1/log/${log.id}`, { method: "DELETE", headers: admin });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { code: string }).code).toBe("log_not_found");
  }, 30_000);

  test("the uploader's own token still works, and a wrong token is still 403", async () => {
    const log = await api.upload("[10:00:00] [Server thread/INFO]: mine");
    const wrong = await api.fetch(`/v1/log/${log.id}`, { method: "DELETE", headers: { authorization: "Bearer not-the-admin-token-0123456789" } });
    expect(wrong.status).toBe(403);
    expect((await api.fetch(`/v1/log/${log.id}`, { method: "DELETE", headers: { authorization: `Bearer ${log.token}` } })).status).toBe(200);
  }, 30_000);

  test("without ADMIN_TOKEN a bearer that is no log's token deletes nothing", async () => {
    const log = await plain.upload("[10:00:00] [Server thread/INFO]: kept");
    const response = await plain.fetch(`/v1/log/${log.id}`, { method: "DELETE", headers: admin });
    expect(response.status).toBe(403);
    expect((await plain.fetch(`/v1/raw/${log.id}`)).status).toBe(200);
  }, 30_000);
});

describe("GET /v1/admin/logs", () => {
  test("newest first, with source, size and a keyed uploader hash; never the address", async () => {
    const first = await api.upload("[10:00:00] [Server thread/INFO]: list one", { source: "panel-a/1.0" });
    await Bun.sleep(1100); // created times are whole seconds
    const second = await api.upload("[10:00:00] [Server thread/INFO]: list two, longer", { source: "panel-b/2.0" });
    const { status, body } = await adminJson("/v1/admin/logs?limit=2");
    expect(status).toBe(200);
    const logs = body.logs as AdminLog[];
    expect(logs.map((log) => log.id)).toEqual([second.id, first.id]);
    expect(logs[0]).toMatchObject({ source: "panel-b/2.0", size: second.size, files: 0 });
    expect(logs[0].created).toBe(second.created as number);
    expect(logs[0].uploaderHash).toMatch(/^[0-9a-f]{64}$/);
    // one client, one hash
    expect(logs[1].uploaderHash).toBe(logs[0].uploaderHash);
    const text = JSON.stringify(body);
    expect(text).not.toContain("127.0.0.1");
    expect(text).not.toContain(first.token);
    // not a plain hash of the address: keyed with the instance's secret
    const plainHash = new Bun.CryptoHasher("sha256").update("127.0.0.1").digest("hex");
    expect(logs[0].uploaderHash).not.toBe(plainHash);
  }, 30_000);

  test("?source= filters; ?limit= and the cursor walk every log exactly once", async () => {
    const source = `pager-${Math.random().toString(36).slice(2)}`;
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await api.upload(`[10:00:00] [Server thread/INFO]: page ${i} ${source}`, { source })).id);
    await api.upload("[10:00:00] [Server thread/INFO]: another source", { source: "other" });

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const query = new URLSearchParams({ source, limit: "2", ...(cursor ? { cursor } : {}) });
      const { status, body } = await adminJson(`/v1/admin/logs?${query}`);
      expect(status).toBe(200);
      const logs = body.logs as AdminLog[];
      expect(logs.length).toBeLessThanOrEqual(2);
      for (const log of logs) expect(log.source).toBe(source);
      seen.push(...logs.map((log) => log.id));
      cursor = body.nextCursor as string | null;
      if (cursor === null) break;
    }
    expect(seen.length).toBe(5);
    expect(new Set(seen)).toEqual(ids);
  }, 30_000);

  test("bad parameters are clear 400s", async () => {
    for (const query of ["limit=0", "limit=501", "limit=abc", "limit=1.5"]) {
      const { status, body } = await adminJson(`/v1/admin/logs?${query}`);
      expect(status).toBe(400);
      expect(body.code).toBe("invalid_body");
    }
    const { status, body } = await adminJson("/v1/admin/logs?cursor=not-a-cursor");
    expect(status).toBe(400);
    expect(body.code).toBe("bad_request");
  });
});

describe("GET /v1/admin/stats", () => {
  test("counts, bytes and the dedupe ratio follow the uploads", async () => {
    const before = (await adminJson("/v1/admin/stats")).body;
    const content = `[10:00:00] [Server thread/INFO]: ${"the same text ".repeat(200)} ${Math.random()}`;
    const a = await api.upload(content);
    await api.upload(content);
    await api.upload(content);
    const { status, body } = await adminJson("/v1/admin/stats");
    expect(status).toBe(200);
    expect(body.version).toBe((await Bun.file(`${import.meta.dir}/../../package.json`).json()).version);
    expect(body.logs).toBe((before.logs as number) + 3);
    expect(body.blobs).toBe((before.blobs as number) + 1);
    const bytes = body.bytes as { logical: number; distinct: number; stored: number };
    const beforeBytes = before.bytes as typeof bytes;
    expect(bytes.logical - beforeBytes.logical).toBe(3 * (a.size as number));
    expect(bytes.distinct - beforeBytes.distinct).toBe(a.size as number);
    expect(bytes.stored).toBeGreaterThan(beforeBytes.stored);
    expect(bytes.stored).toBeLessThan(bytes.distinct); // brotli
    expect(body.dedupeRatio).toBeCloseTo(bytes.logical / bytes.distinct, 2);
    expect(body.dedupeRatio as number).toBeGreaterThan(1);
    expect(body.compressionRatio as number).toBeGreaterThan(1);
  }, 30_000);
});

describe("access", () => {
  test("a missing or wrong token is 401 on every admin route, under both prefixes", async () => {
    for (const path of ["/v1/admin/logs", "/v1/admin/stats", "/1/admin/logs", "/1/admin/stats", "/v1/admin/logs?limit=abc"]) {
      for (const headers of [{} as Record<string, string>, { authorization: "Bearer wrong-token" }, { authorization: `Basic ${ADMIN_TOKEN}` }, { authorization: `Bearer ${ADMIN_TOKEN}x` }]) {
        const response = await api.fetch(path, { headers });
        expect(response.status).toBe(401);
        expect(((await response.json()) as { code: string }).code).toBe("unauthorized");
      }
    }
  });

  test("without ADMIN_TOKEN the admin routes do not exist", async () => {
    for (const path of ["/v1/admin/logs", "/v1/admin/stats", "/1/admin/stats"]) {
      const response = await plain.fetch(path, { headers: admin });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe("not_found");
    }
    const index = (await (await plain.fetch("/v1")).json()) as { endpoints: string[] };
    expect(index.endpoints.some((endpoint) => endpoint.includes("/admin/"))).toBe(false);
  });

  test("with it, the index lists them and they carry a rate limit of their own", async () => {
    const index = (await (await api.fetch("/v1")).json()) as { endpoints: string[] };
    expect(index.endpoints).toContain("GET /v1/admin/logs");
    expect(index.endpoints).toContain("GET /v1/admin/stats");
    const response = await api.fetch("/v1/admin/stats", { headers: admin });
    expect(response.headers.get("ratelimit-policy")).toBe('"GET /v1/admin/stats";q=120;w=60');
  });
});

test("the admin routes are rate-limited: guessing the token runs out of budget", async () => {
  const limited = await startTestApp({ ADMIN_TOKEN, RATE_LIMIT_ROUTES: "GET /v1/admin/stats=3/60" });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.fetch("/v1/admin/stats", { headers: { authorization: `Bearer guess-${i}` } })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // the right token is refused too once the budget is spent: the limit is per client, not per outcome
    expect((await limited.fetch("/v1/admin/stats", { headers: admin })).status).toBe(429);
  } finally {
    await limited.stop();
  }
}, START_TIMEOUT_MS);
