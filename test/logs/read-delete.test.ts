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

  test("clients without brotli get plain or gzip text, worked out once and forgotten with the log", async () => {
    const text = (content + "\n").repeat(200) + "text forms";
    const { id, token } = await api.upload(text);
    const hash = new Bun.CryptoHasher("sha256").update(text).digest("hex");
    for (let read = 0; read < 2; read++) {
      const plain = await api.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "" }, decompress: false } as RequestInit);
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plain.headers.get("etag")).toBe(`"${hash}"`);
      expect(await plain.text()).toBe(text);
      const gzip = await api.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "gzip, deflate" }, decompress: false } as RequestInit);
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
      expect(gzip.headers.get("etag")).toBe(`W/"${hash}"`);
      expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text);
    }
    expect(api.service.cache.getTextForm(hash, "identity")).toBeDefined();
    expect(api.service.cache.getTextForm(hash, "gzip")).toBeDefined();
    const deleted = await api.fetch(`/v1/log/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(deleted.status).toBe(200);
    expect(api.service.cache.getTextForm(hash, "identity")).toBeUndefined();
    expect(api.service.cache.getTextForm(hash, "gzip")).toBeUndefined();
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

  test("400 without a token (as mclo.gs), 403 with a wrong one, 404 for an unknown id", async () => {
    const { id } = await api.upload(content + "\nauth");
    for (const authorization of [undefined, "Bearer", "Bearer   ", "sometoken"]) {
      const none = await api.fetch(`/v1/log/${id}`, { method: "DELETE", headers: authorization === undefined ? {} : { authorization } });
      expect(none.status).toBe(400);
      expect((await none.json()).code).toBe("missing_token");
    }
    const wrong = await api.fetch(`/v1/log/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${"0".repeat(64)}` } });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).code).toBe("wrong_token");
    const unknown = await api.fetch(`/v1/log/nope1234`, { method: "DELETE", headers: { authorization: `Bearer ${"0".repeat(64)}` } });
    expect(unknown.status).toBe(404);
    expect((await api.fetch(`/v1/raw/${id}`)).status).toBe(200);
  });

  test("the token is the second word of Authorization whatever the scheme, as mclo.gs reads it", async () => {
    for (const scheme of ["Bearer", "bearer", "Token", "Basic", "anything"]) {
      const { id, token } = await api.upload(content + `\nscheme ${scheme}`);
      const response = await api.fetch(`/v1/log/${id}`, { method: "DELETE", headers: { authorization: `${scheme}  ${token}` } });
      expect(response.status).toBe(200);
      expect((await api.fetch(`/v1/raw/${id}`)).status).toBe(404);
    }
  });

  test("bulk delete answers 207 with a result per id; a partial failure is still success: true", async () => {
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
    expect(body.success).toBe(true);
    // a wrong token reads as an unknown id: a bulk answer must not tell which ids exist
    expect(body.results.map((r: { id: string; status: number }) => [r.id, r.status])).toEqual([
      [a.id, 200],
      [b.id, 404],
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

describe("bulk delete bodies", () => {
  async function bulkDelete(body: BodyInit, headers: Record<string, string> = {}) {
    const response = await api.fetch("/v1/bulk/log/delete", { method: "POST", body, headers });
    return { status: response.status, body: await response.json() };
  }

  async function expectDeleted(...ids: string[]) {
    for (const id of ids) expect((await api.fetch(`/v1/raw/${id}`)).status).toBe(404);
  }

  test("up to 256 ids; 257 is a 400", async () => {
    const items = Array.from({ length: 256 }, (_, i) => ({ id: `unknown${i}`, token: "t" }));
    const accepted = await bulkDelete(JSON.stringify(items), { "content-type": "application/json" });
    expect(accepted.status).toBe(207);
    expect(accepted.body.success).toBe(true);
    expect(accepted.body.results).toHaveLength(256);
    expect(accepted.body.results[255]).toMatchObject({ id: "unknown255", success: false, status: 404, code: "log_not_found" });
    const refused = await bulkDelete(JSON.stringify([...items, { id: "one", token: "more" }]), { "content-type": "application/json" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ success: false, error: expect.stringContaining("256"), code: "invalid_body" });
  });

  test("a body past 256 KiB is a 413, plain as well as compressed (it is read on the request thread)", async () => {
    const padded = `[{"id": "one", "token": "t"}${" ".repeat(300 * 1024)}]`;
    const plain = await bulkDelete(padded, { "content-type": "application/json" });
    expect(plain.status).toBe(413);
    expect(plain.body.code).toBe("payload_too_large");
    const gzip = await bulkDelete(zlib.gzipSync(padded), { "content-type": "application/json", "content-encoding": "gzip" });
    expect(gzip.status).toBe(413);
  });

  test("a gzip (or br) body is decoded like an upload body", async () => {
    const a = await api.upload(content + "\nbulk gzip");
    const b = await api.upload(content + "\nbulk br");
    const gzip = await bulkDelete(zlib.gzipSync(JSON.stringify([{ id: a.id, token: a.token }])), {
      "content-type": "application/json",
      "content-encoding": "gzip",
    });
    expect(gzip.status).toBe(207);
    expect(gzip.body.results).toEqual([{ id: a.id, success: true, status: 200 }]);
    const br = await bulkDelete(zlib.brotliCompressSync(JSON.stringify([{ id: b.id, token: b.token }])), {
      "content-type": "application/json",
      "content-encoding": "br",
    });
    expect(br.body.results).toEqual([{ id: b.id, success: true, status: 200 }]);
    await expectDeleted(a.id, b.id);
  });

  test("form-urlencoded PHP-style: 0[id]=...&0[token]=...&1[id]=...", async () => {
    const a = await api.upload(content + "\nbulk form a");
    const b = await api.upload(content + "\nbulk form b");
    const body = `0[id]=${a.id}&0[token]=${a.token}&1[id]=${b.id}&1[token]=${b.token}`;
    const response = await bulkDelete(body, { "content-type": "application/x-www-form-urlencoded" });
    expect(response.status).toBe(207);
    expect(response.body.results.map((r: { id: string; status: number }) => [r.id, r.status])).toEqual([[a.id, 200], [b.id, 200]]);
    await expectDeleted(a.id, b.id);
  });

  test("multipart with the list under one name: logs[0][id], logs[0][token]", async () => {
    const a = await api.upload(content + "\nbulk multipart a");
    const b = await api.upload(content + "\nbulk multipart b");
    const form = new FormData();
    form.append("logs[0][id]", a.id);
    form.append("logs[0][token]", a.token);
    form.append("logs[1][id]", b.id);
    form.append("logs[1][token]", "wrong");
    const response = await bulkDelete(form);
    expect(response.status).toBe(207);
    expect(response.body.success).toBe(true);
    expect(response.body.results.map((r: { id: string; status: number }) => [r.id, r.status])).toEqual([[a.id, 200], [b.id, 404]]);
    await expectDeleted(a.id);
  });

  test("ids[][id]=...&ids[][token]=... pairs up, a repeated field keeps its last value", async () => {
    const a = await api.upload(content + "\nbulk brackets a");
    const b = await api.upload(content + "\nbulk brackets b");
    const body = `ids[][id]=${a.id}&ids[][token]=${a.token}&ids[][id]=${b.id}&ids[][token]=wrong&ids[1][token]=${b.token}`;
    const response = await bulkDelete(body, { "content-type": "application/x-www-form-urlencoded" });
    expect(response.body.results.map((r: { id: string; status: number }) => [r.id, r.status])).toEqual([[a.id, 200], [b.id, 200]]);
    await expectDeleted(a.id, b.id);
  });

  test("JSON: the list under one name, or a single {id, token}", async () => {
    const a = await api.upload(content + "\nbulk json wrapped");
    const b = await api.upload(content + "\nbulk json single");
    const wrapped = await bulkDelete(JSON.stringify({ logs: [{ id: a.id, token: a.token }] }), { "content-type": "application/json" });
    expect(wrapped.body.results).toEqual([{ id: a.id, success: true, status: 200 }]);
    const single = await bulkDelete(JSON.stringify({ id: b.id, token: b.token }), { "content-type": "application/json" });
    expect(single.body.results).toEqual([{ id: b.id, success: true, status: 200 }]);
    await expectDeleted(a.id, b.id);
  });

  const badShapes: { name: string; body: BodyInit; type: string; status: number; code: string }[] = [
    { name: "an empty list", body: "[]", type: "application/json", status: 400, code: "invalid_body" },
    { name: "an empty object", body: "{}", type: "application/json", status: 400, code: "invalid_body" },
    { name: "a string", body: '"abc"', type: "application/json", status: 400, code: "invalid_body" },
    { name: "an item without a token", body: '[{"id": "abc"}]', type: "application/json", status: 400, code: "invalid_body" },
    { name: "an id of the wrong type", body: '[{"id": 1, "token": "x"}]', type: "application/json", status: 400, code: "invalid_body" },
    { name: "malformed JSON", body: "[{", type: "application/json", status: 400, code: "invalid_json" },
    { name: "a form without items", body: "foo=bar", type: "application/x-www-form-urlencoded", status: 400, code: "invalid_body" },
    { name: "a form item without a token", body: "0[id]=abc", type: "application/x-www-form-urlencoded", status: 400, code: "invalid_body" },
    { name: "plain text", body: "abc", type: "text/plain", status: 415, code: "unsupported_media_type" },
  ];
  for (const c of badShapes) {
    test(`${c.name} -> ${c.status} ${c.code}`, async () => {
      const response = await bulkDelete(c.body, { "content-type": c.type });
      expect(response.status).toBe(c.status);
      expect(response.body).toEqual({ success: false, error: expect.any(String), code: c.code });
    });
  }
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
