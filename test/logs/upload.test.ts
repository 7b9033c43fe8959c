/**
 * POST /v1/log: the four body forms, Content-Encoding, the response shape and the limits.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import zlib from "node:zlib";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ PUBLIC_URL: "https://logs.example.test", MAX_LINES: "50", MAX_LENGTH: "4096", MAX_BODY_BYTES: "65536", MAX_DECODED_BYTES: "131072" });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

const sampleLog = [
  "[12:00:01] [Server thread/INFO]: Starting minecraft server version 1.20.4",
  "[12:00:02] [Server thread/WARN]: Something looks odd",
  "[12:00:03] [Server thread/ERROR]: Something broke",
  "java.lang.IllegalStateException: nope",
  "\tat net.minecraft.server.Main.main(Main.java:10)",
  "[12:00:04] [Server thread/INFO]: Done (1.0s)!",
].join("\n");

function post(body: BodyInit | Uint8Array, headers: Record<string, string>) {
  return api.fetch("/v1/log", { method: "POST", body: body as BodyInit, headers });
}

describe("upload body forms", () => {
  test("text/plain stores the body and answers every field of docs/API.md (Logs)", async () => {
    const response = await post(sampleLog, { "content-type": "text/plain" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(
      ["success", "id", "token", "url", "raw", "source", "created", "expires", "size", "lines", "errors", "truncated", "metadata", "files"].sort(),
    );
    expect(body.success).toBe(true);
    expect(body.id).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(body.url).toBe(`https://logs.example.test/${body.id}`);
    expect(body.raw).toBe(`https://logs.example.test/v1/raw/${body.id}`);
    expect(body.size).toBe(Buffer.byteLength(sampleLog));
    expect(body.lines).toBe(6);
    expect(body.errors).toBe(1);
    expect(body.truncated).toBe(false);
    expect(body.expires - body.created).toBe(90 * 24 * 3600);
    expect(Math.abs(body.created - Date.now() / 1000)).toBeLessThan(60);
    const raw = await api.fetch(`/v1/raw/${body.id}`);
    expect(await raw.text()).toBe(sampleLog);
  });

  test("JSON with content, source and metadata", async () => {
    const metadata = [
      { key: "server", value: "survival", label: "Server", visible: true },
      { key: "players", value: 12 },
    ];
    const response = await post(JSON.stringify({ content: sampleLog, source: "panel/2.1", metadata }), {
      "content-type": "application/json; charset=utf-8",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.source).toBe("panel/2.1");
    expect(body.metadata).toEqual(metadata);
    const info = await (await api.fetch(`/v1/log/${body.id}`)).json();
    expect(info.metadata).toEqual(metadata);
    expect(info.token).toBeUndefined();
  });

  test("form-urlencoded as older clients send it", async () => {
    const response = await post(new URLSearchParams({ content: sampleLog, source: "legacy/1" }).toString(), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.source).toBe("legacy/1");
    expect(await (await api.fetch(`/v1/raw/${body.id}`)).text()).toBe(sampleLog);
  });

  test("multipart with a content field", async () => {
    const form = new FormData();
    form.set("content", sampleLog);
    form.set("source", "multipart/1");
    const response = await api.fetch("/v1/log", { method: "POST", body: form });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.source).toBe("multipart/1");
    // The multipart encoding of a text field turns every line break into CRLF (HTML form rules);
    // we store what was sent.
    expect(await (await api.fetch(`/v1/raw/${body.id}`)).text()).toBe(sampleLog.replaceAll("\n", "\r\n"));
  });

  test("multipart with the content as a file part", async () => {
    const form = new FormData();
    form.set("content", new Blob([sampleLog], { type: "text/plain" }), "latest.log");
    const response = await api.fetch("/v1/log", { method: "POST", body: form });
    expect(response.status).toBe(200);
    const { id } = await response.json();
    expect(await (await api.fetch(`/v1/raw/${id}`)).text()).toBe(sampleLog);
  });

  test("the /1 prefix is the same operation", async () => {
    const response = await api.fetch("/1/log", { method: "POST", body: sampleLog, headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(200);
    const { id } = await response.json();
    expect(await (await api.fetch(`/1/raw/${id}`)).text()).toBe(sampleLog);
  });
});

describe("Content-Encoding", () => {
  const cases: [string, (input: Buffer) => Buffer][] = [
    ["br", (b) => zlib.brotliCompressSync(b)],
    ["gzip", (b) => zlib.gzipSync(b)],
    ["x-gzip", (b) => zlib.gzipSync(b)],
    ["deflate", (b) => zlib.deflateSync(b)],
  ];
  for (const [encoding, encode] of cases) {
    test(`${encoding} body is decoded`, async () => {
      const response = await post(encode(Buffer.from(sampleLog)), { "content-type": "text/plain", "content-encoding": encoding });
      expect(response.status).toBe(200);
      const { id } = await response.json();
      expect(await (await api.fetch(`/v1/raw/${id}`)).text()).toBe(sampleLog);
    });
  }

  test("raw deflate (without zlib header) is accepted too", async () => {
    const response = await post(zlib.deflateRawSync(Buffer.from(sampleLog)), { "content-type": "text/plain", "content-encoding": "deflate" });
    expect(response.status).toBe(200);
  });

  test("stacked encodings are undone in reverse order (five steps)", async () => {
    let body = Buffer.from(sampleLog);
    body = zlib.gzipSync(body);
    body = zlib.brotliCompressSync(body);
    body = zlib.deflateSync(body);
    body = zlib.gzipSync(body);
    body = zlib.brotliCompressSync(body);
    const response = await post(body, { "content-type": "text/plain", "content-encoding": "gzip, br, deflate, gzip, br" });
    expect(response.status).toBe(200);
    const { id } = await response.json();
    expect(await (await api.fetch(`/v1/raw/${id}`)).text()).toBe(sampleLog);
  });

  test("six steps are refused with 415", async () => {
    const response = await post("x", { "content-type": "text/plain", "content-encoding": "identity, identity, identity, identity, identity, identity" });
    expect(response.status).toBe(415);
    expect((await response.json()).code).toBe("unsupported_encoding");
  });

  test("an unknown encoding is 415", async () => {
    const response = await post("x", { "content-type": "text/plain", "content-encoding": "zstd" });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ success: false, error: expect.any(String), code: "unsupported_encoding" });
  });

  test("a corrupt gzip stream is 400", async () => {
    const response = await post("definitely not gzip", { "content-type": "text/plain", "content-encoding": "gzip" });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("invalid_encoding");
  });

  test("a brotli bomb is refused with 413 once decoding passes the limit", async () => {
    // 64 MiB of one byte: far past the 128 KiB decoded limit, about 12 KiB on the wire.
    const bomb = zlib.brotliCompressSync(Buffer.alloc(64 * 1024 * 1024, 0x61), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
    });
    expect(bomb.byteLength).toBeLessThan(16 * 1024);
    const response = await post(bomb, { "content-type": "text/plain", "content-encoding": "br" });
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("payload_too_large");
  });

  test("a body over the wire limit is 413", async () => {
    const response = await post("x".repeat(70_000), { "content-type": "text/plain" });
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("payload_too_large");
  });
});

describe("limits and filters", () => {
  test("content over the line limit is truncated and says so", async () => {
    const content = Array.from({ length: 80 }, (_, i) => `line ${i + 1}`).join("\n");
    const body = await (await post(content, { "content-type": "text/plain" })).json();
    expect(body.truncated).toBe(true);
    expect(body.lines).toBe(50);
    const raw = await (await api.fetch(`/v1/raw/${body.id}`)).text();
    expect(raw.split("\n")).toHaveLength(50);
    expect(raw.startsWith("line 1\n")).toBe(true);
  });

  test("content over the byte limit is truncated", async () => {
    const content = "abcdefghij\n".repeat(30).repeat(2);
    const body = await (await post(content, { "content-type": "text/plain" })).json();
    expect(body.truncated).toBe(true);
    expect(body.size).toBeLessThanOrEqual(4096);
  });

  test("filters run before storage: an IPv4 address is not stored", async () => {
    const body = await (await post("[12:00:00] [Server thread/INFO]: Steve[/203.0.113.77:51234] logged in", { "content-type": "text/plain" })).json();
    const raw = await (await api.fetch(`/v1/raw/${body.id}`)).text();
    expect(raw).not.toContain("203.0.113.77");
  });

  test("invalid UTF-8 is stored decoded leniently", async () => {
    const bytes = new Uint8Array([...Buffer.from("before "), 0xe9, 0xff, ...Buffer.from(" after")]);
    const response = await post(bytes, { "content-type": "text/plain" });
    expect(response.status).toBe(200);
    const raw = await (await api.fetch(`/v1/raw/${(await response.json()).id}`)).text();
    expect(raw).toBe("before \uFFFD\uFFFD after");
  });
});

describe("bad input", () => {
  const cases: { name: string; body: BodyInit; type?: string; status: number; code: string }[] = [
    { name: "malformed JSON", body: "{content:", type: "application/json", status: 400, code: "invalid_json" },
    { name: "JSON that is not an object", body: "[1,2]", type: "application/json", status: 400, code: "invalid_body" },
    { name: "JSON without content", body: "{}", type: "application/json", status: 400, code: "missing_content" },
    { name: "content of the wrong type", body: '{"content": 5}', type: "application/json", status: 400, code: "invalid_body" },
    { name: "metadata of the wrong type", body: '{"content": "x", "metadata": "nope"}', type: "application/json", status: 400, code: "invalid_body" },
    { name: "source of the wrong type", body: '{"content": "x", "source": 12}', type: "application/json", status: 400, code: "invalid_body" },
    { name: "empty content", body: '{"content": ""}', type: "application/json", status: 400, code: "missing_content" },
    { name: "whitespace-only content", body: "  \n\t \n", type: "text/plain", status: 400, code: "missing_content" },
    { name: "empty body", body: "", type: "text/plain", status: 400, code: "missing_content" },
    { name: "form without content", body: "source=x", type: "application/x-www-form-urlencoded", status: 400, code: "missing_content" },
    { name: "unknown media type", body: "<x/>", type: "application/xml", status: 415, code: "unsupported_media_type" },
    { name: "multipart without boundary", body: "--x\r\n", type: "multipart/form-data", status: 400, code: "invalid_body" },
    { name: "malformed multipart", body: "garbage", type: "multipart/form-data; boundary=abc", status: 400, code: "invalid_body" },
  ];
  for (const c of cases) {
    test(`${c.name} -> ${c.status} ${c.code}`, async () => {
      const response = await post(c.body, c.type ? { "content-type": c.type } : {});
      expect(response.status).toBe(c.status);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ success: false, error: expect.any(String), code: c.code });
    });
  }

  test("a failed upload leaves no rows behind", async () => {
    const before = await api.service.store.countLogs();
    const blobsBefore = await api.service.store.countBlobs();
    for (const c of cases) await post(c.body, c.type ? { "content-type": c.type } : {});
    expect(await api.service.store.countLogs()).toBe(before);
    expect(await api.service.store.countBlobs()).toBe(blobsBefore);
  });
});
