/**
 * Reading (raw with br pass-through, ETag/304, info with ?raw) and deleting (token checks, bulk),
 * plus content-addressed storage: one blob however often the same content is uploaded.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import zlib from "node:zlib";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

const content = "[10:00:00] [Server thread/INFO]: Starting minecraft server version 1.21.1\n[10:00:01] [Server thread/INFO]: Done (3.2s)!";

describe("raw", () => {
  test("a client that accepts br gets the stored brotli bytes, others plain text", async () => {
    const { id } = await api.upload(content);
    const br = await api.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "br" }, decompress: false } as RequestInit);
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(content);

    const plain = await api.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "identity" }, decompress: false } as RequestInit);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(content);
  });

  test("q-values decide: br;q=0 gets plain text", async () => {
    const { id } = await api.upload(content + "\nq");
    const response = await api.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "br;q=0, gzip" }, decompress: false } as RequestInit);
    expect(response.headers.get("content-encoding")).toBeNull();
  });

  test("strong ETag from the content hash, 304 on If-None-Match", async () => {
    const { id } = await api.upload(content + "\netag");
    const first = await api.fetch(`/v1/raw/${id}`);
    const etag = first.headers.get("etag")!;
    const expected = new Bun.CryptoHasher("sha256").update(content + "\netag").digest("hex");
    expect(etag).toBe(`"${expected}"`);
    const second = await api.fetch(`/v1/raw/${id}`, { headers: { "if-none-match": etag } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe("");
  });

  test("unknown and absurd ids are JSON 404s", async () => {
    for (const id of ["zzzzzzzz", "not-an-id!", "x".repeat(500)]) {
      const response = await api.fetch(`/v1/raw/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe("log_not_found");
    }
  });
});

describe("info", () => {
  test("GET /v1/log/{id} is the upload record without the token; ?raw adds the text", async () => {
    const uploaded = await api.upload(content + "\ninfo", { source: "test/1" });
    const info = await (await api.fetch(`/v1/log/${uploaded.id}`)).json();
    const { token: _token, ...withoutToken } = uploaded;
    expect(info).toEqual({ ...withoutToken, expires: expect.any(Number) });
    expect(info.content).toBeUndefined();
    const withRaw = await (await api.fetch(`/v1/log/${uploaded.id}?raw`)).json();
    expect(withRaw.content.raw).toBe(content + "\ninfo");
  });
});

describe("delete", () => {
  test("with the right token, then 404", async () => {
    const { id, token } = await api.upload(content + "\ndelete");
    const response = await api.fetch(`/v1/log/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect((await api.fetch(`/v1/raw/${id}`)).status).toBe(404);
    expect((await api.fetch(`/v1/log/${id}`)).status).toBe(404);
  });

  test("401 without a token, 403 with a wrong one, 404 for an unknown id", async () => {
    const { id } = await api.upload(content + "\nauth");
    const none = await api.fetch(`/v1/log/${id}`, { method: "DELETE" });
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe("missing_token");
    const wrong = await api.fetch(`/v1/log/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${"0".repeat(64)}` } });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).code).toBe("wrong_token");
    const unknown = await api.fetch(`/v1/log/nope1234`, { method: "DELETE", headers: { authorization: `Bearer ${"0".repeat(64)}` } });
    expect(unknown.status).toBe(404);
    expect((await api.fetch(`/v1/raw/${id}`)).status).toBe(200);
  });

  test("bulk delete answers 207 with a result per id", async () => {
    const a = await api.upload(content + "\nbulk a");
    const b = await api.upload(content + "\nbulk b");
    const response = await api.fetch("/v1/bulk/log/delete", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([
        { id: a.id, token: a.token },
        { id: b.id, token: "f".repeat(64) },
        { id: "missing1", token: a.token },
      ]),
    });
    expect(response.status).toBe(207);
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(body.results.map((r: { id: string; status: number }) => [r.id, r.status])).toEqual([
      [a.id, 200],
      [b.id, 403],
      ["missing1", 404],
    ]);
    expect((await api.fetch(`/v1/raw/${a.id}`)).status).toBe(404);
    expect((await api.fetch(`/v1/raw/${b.id}`)).status).toBe(200);
  });

  test("bulk delete with a malformed body is 400", async () => {
    const response = await api.fetch("/v1/bulk/log/delete", { method: "POST", headers: { "content-type": "application/json" }, body: '{"id": 1}' });
    expect(response.status).toBe(400);
    expect((await response.json()).success).toBe(false);
  });
});

describe("content-addressed storage", () => {
  test("the same content uploaded many times is one blob; it goes with the last log", async () => {
    const same = content + "\nsame content " + Math.random();
    const blobsBefore = await api.service.store.countBlobs();
    const uploads = [];
    for (let i = 0; i < 25; i++) uploads.push(await api.upload(same));
    expect(new Set(uploads.map((u) => u.id)).size).toBe(25);
    expect(await api.service.store.countBlobs()).toBe(blobsBefore + 1);
    for (const upload of uploads.slice(0, -1)) {
      await api.fetch(`/v1/log/${upload.id}`, { method: "DELETE", headers: { authorization: `Bearer ${upload.token}` } });
    }
    expect(await api.service.store.countBlobs()).toBe(blobsBefore + 1);
    const last = uploads.at(-1)!;
    expect(await (await api.fetch(`/v1/raw/${last.id}`)).text()).toBe(same);
    await api.fetch(`/v1/log/${last.id}`, { method: "DELETE", headers: { authorization: `Bearer ${last.token}` } });
    expect(await api.service.store.countBlobs()).toBe(blobsBefore);
  });

  test("concurrent uploads of the same content share one blob", async () => {
    const same = content + "\nconcurrent " + Math.random();
    const blobsBefore = await api.service.store.countBlobs();
    const results = await Promise.all(Array.from({ length: 20 }, () => api.upload(same)));
    expect(results.every((r) => r.id)).toBe(true);
    expect(await api.service.store.countBlobs()).toBe(blobsBefore + 1);
  });
});
