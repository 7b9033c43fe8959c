/**
 * A sweep of hostile inputs across every route: decompression bombs, invalid encodings, giant
 * headers and URLs, malformed JSON and multipart, invalid UTF-8, absurd ids and file names,
 * hostile archives, wrong methods. Every answer must be docs/API.md's JSON error with a 4xx, memory
 * must stay bounded, and the server must keep serving after each one. Against the real service
 * process, started as production starts it (header limits depend on Bun's command line).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import zlib from "node:zlib";
import { startServiceProcess, type ServiceProcess } from "../support/service-process.ts";
import { base64, buildTar, buildZip, gzip } from "../files/archives.ts";

let service: ServiceProcess;
let storedId = "";
let storedToken = "";
const api = { fetch: (path: string, init?: RequestInit) => fetch(service.url + path, init) };
beforeAll(async () => {
  service = await startServiceProcess({ MAX_BODY_BYTES: "1048576", MAX_DECODED_BYTES: "4194304", MAX_LENGTH: "1048576", MAX_FILES: "10" });
  const upload = await (await api.fetch("/v1/log", { method: "POST", body: "[10:00:00] [Server thread/INFO]: a stored log for the sweep" })).json();
  storedId = upload.id;
  storedToken = upload.token;
}, 60_000);
afterAll(() => service?.cleanup(), 30_000);

const quality1 = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const zeros = (n: number) => Buffer.alloc(n, 0x61);
const brBomb = zlib.brotliCompressSync(zeros(64 * 1024 * 1024), quality1);
const gzBomb = zlib.gzipSync(zeros(32 * 1024 * 1024), { level: 1 });
const deflateBomb = zlib.deflateSync(zeros(32 * 1024 * 1024), { level: 1 });
const nestedBomb = zlib.gzipSync(zlib.gzipSync(zeros(32 * 1024 * 1024), { level: 1 }));
const json = { "content-type": "application/json" };
const text = { "content-type": "text/plain" };

interface Case {
  name: string;
  method?: string;
  path: string | (() => string);
  headers?: Record<string, string>;
  body?: BodyInit | Uint8Array;
  status: number;
}

const cases: Case[] = [
  // Decompression bombs and encodings
  { name: "brotli bomb", path: "/v1/log", headers: { ...text, "content-encoding": "br" }, body: brBomb, status: 413 },
  { name: "gzip bomb", path: "/v1/log", headers: { ...text, "content-encoding": "gzip" }, body: gzBomb, status: 413 },
  { name: "deflate bomb", path: "/v1/log", headers: { ...text, "content-encoding": "deflate" }, body: deflateBomb, status: 413 },
  { name: "bomb inside two gzip layers", path: "/v1/log", headers: { ...text, "content-encoding": "gzip, gzip" }, body: nestedBomb, status: 413 },
  { name: "bomb posted to analyse", path: "/v1/analyse", headers: { ...text, "content-encoding": "br" }, body: brBomb, status: 413 },
  { name: "six encoding steps", path: "/v1/log", headers: { ...text, "content-encoding": "gzip,gzip,gzip,gzip,gzip,gzip" }, body: "x", status: 415 },
  { name: "unknown encoding", path: "/v1/log", headers: { ...text, "content-encoding": "zstd" }, body: "x", status: 415 },
  { name: "encoding name with junk", path: "/v1/log", headers: { ...text, "content-encoding": "g\u00fczip" }, body: "x", status: 415 },
  { name: "corrupt brotli", path: "/v1/log", headers: { ...text, "content-encoding": "br" }, body: "not brotli at all", status: 400 },
  { name: "corrupt gzip", path: "/v1/log", headers: { ...text, "content-encoding": "gzip" }, body: "\x1f\x8b garbage", status: 400 },
  { name: "truncated gzip", path: "/v1/log", headers: { ...text, "content-encoding": "gzip" }, body: zlib.gzipSync("hello world".repeat(100)).subarray(0, 30), status: 400 },
  { name: "corrupt deflate", path: "/v1/analyse", headers: { ...text, "content-encoding": "deflate" }, body: "\x78\x9c nope", status: 400 },
  // Sizes, headers, URLs
  { name: "body over the wire limit", path: "/v1/log", headers: text, body: "x".repeat(1024 * 1024 + 10), status: 413 },
  { name: "giant header", path: "/v1/limits", headers: { "x-junk": "y".repeat(60 * 1024) }, status: 431 },
  { name: "header past Bun's default 16 KiB", path: "/v1/limits", headers: { "x-junk": "y".repeat(20 * 1024) }, status: 431 },
  { name: "many headers", path: "/v1/limits", headers: Object.fromEntries(Array.from({ length: 90 }, (_, i) => [`x-h${i}`, "v".repeat(200)])), status: 431 },
  { name: "giant URL", path: `/v1/raw/${"a".repeat(40 * 1024)}`, status: 414 },
  { name: "giant query string", path: `/v1/log/abc?${"q=1&".repeat(5000)}`, status: 414 },
  // Malformed bodies
  { name: "malformed JSON", path: "/v1/log", headers: json, body: "{\"content\": ", status: 400 },
  { name: "JSON nested 100,000 deep", path: "/v1/log", headers: json, body: "[".repeat(100_000) + "]".repeat(100_000), status: 400 },
  { name: "JSON string instead of object", path: "/v1/log", headers: json, body: "\"just a string\"", status: 400 },
  { name: "JSON null", path: "/v1/log", headers: json, body: "null", status: 400 },
  { name: "content is a number", path: "/v1/log", headers: json, body: "{\"content\": 42}", status: 400 },
  { name: "content is an object", path: "/v1/log", headers: json, body: "{\"content\": {\"a\": 1}}", status: 400 },
  // Oversized and oddly typed metadata entries are cut or dropped as mclo.gs does (test/logs/metadata.test.ts);
  // metadata or source of the wrong shape altogether is still refused.
  { name: "metadata that is a string", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", metadata: "k=v" }), status: 400 },
  { name: "metadata that is a number", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", metadata: 10_000 }), status: 400 },
  { name: "source that is an object", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", source: { s: "s".repeat(10_000) } }), status: 400 },
  { name: "JSON with invalid UTF-8 bytes", path: "/v1/log", headers: json, body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a]), status: 400 },
  { name: "form without content", path: "/v1/log", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "source=a%ZZ", status: 400 },
  { name: "multipart without boundary", path: "/v1/log", headers: { "content-type": "multipart/form-data" }, body: "--x--", status: 400 },
  { name: "multipart with a wrong boundary", path: "/v1/log", headers: { "content-type": "multipart/form-data; boundary=abc" }, body: "--xyz\r\ncontent-disposition: form-data; name=\"content\"\r\n\r\nhi\r\n--xyz--", status: 400 },
  { name: "multipart truncated mid-part", path: "/v1/log", headers: { "content-type": "multipart/form-data; boundary=abc" }, body: "--abc\r\ncontent-disposition: form-data; name=\"content\"\r\n\r\nhi", status: 400 },
  { name: "unknown media type", path: "/v1/log", headers: { "content-type": "application/x-msdownload" }, body: "MZ", status: 415 },
  { name: "garbage media type", path: "/v1/analyse", headers: { "content-type": "////;;;" }, body: "x", status: 415 },
  { name: "empty log", path: "/v1/log", headers: text, body: "   \n\n  ", status: 400 },
  // Attached files and archives
  { name: "file name with ..", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: [{ name: "../../etc/passwd", content: "x" }] }), status: 400 },
  { name: "absolute file name", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: [{ name: "/etc/shadow", content: "x" }] }), status: 400 },
  { name: "file name with a NUL", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: [{ name: "a\u0000b.log", content: "x" }] }), status: 400 },
  { name: "file name of 1,000 characters", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: [{ name: "n".repeat(1000), content: "x" }] }), status: 400 },
  { name: "invalid base64 file", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: [{ name: "a.log", content: "%%%", encoding: "base64" }] }), status: 400 },
  { name: "zip bomb file", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: [{ name: "b.zip", content: base64(buildZip([{ name: "z.log", data: new Uint8Array(40_000_000) }])), encoding: "base64" }] }), status: 413 },
  { name: "zip traversal entry", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: [{ name: "t.zip", content: base64(buildZip([{ name: "../../x", data: "x" }])), encoding: "base64" }] }), status: 400 },
  { name: "tar symlink entry", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: [{ name: "s.tar", content: base64(buildTar([{ name: "l", type: "2", linkName: "/etc/passwd" }])), encoding: "base64" }] }), status: 400 },
  { name: "zip with 2,000 entries", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: [{ name: "m.zip", content: base64(buildZip(Array.from({ length: 2000 }, (_, i) => ({ name: `f${i}`, data: "x", method: 0 as const })))), encoding: "base64" }] }), status: 413 },
  { name: "archives nested four deep", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: [{ name: "a.zip", content: base64(buildZip([{ name: "b.zip", data: buildZip([{ name: "c.zip", data: buildZip([{ name: "d.zip", data: buildZip([{ name: "e.log", data: "x" }]) }]) }]) }])), encoding: "base64" }] }), status: 400 },
  { name: "gzip file that is not gzip", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: [{ name: "a.log.gz", content: base64(gzip("x").subarray(0, 5)), encoding: "base64" }] }), status: 400 },
  { name: "more files than allowed", path: "/v1/log", headers: json, body: JSON.stringify({ content: "x", files: Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.log`, content: "x" })) }), status: 413 },
  // Absurd ids and file names
  { name: "unknown id", path: "/v1/raw/zzzzzzzz", status: 404 },
  { name: "id with punctuation", path: "/v1/log/..%2F..%2Fetc", status: 404 },
  { name: "id with an emoji", path: "/v1/raw/%F0%9F%98%80", status: 404 },
  { name: "id with a NUL", path: "/v1/insights/abc%00def", status: 404 },
  { name: "id of 2,000 characters", path: `/v1/insights/${"x".repeat(2000)}`, status: 404 },
  { name: "unknown attached file", path: () => `/v1/raw/${storedId}/no/such/file.log`, status: 404 },
  { name: "traversal in a file name", path: () => `/v1/raw/${storedId}/%2e%2e/%2e%2e/etc/passwd`, status: 404 },
  { name: "broken percent-encoding in a file name", path: () => `/v1/raw/${storedId}/bad%E0%A4%A`, status: 400 },
  // Tokens and deletion
  // As mclo.gs: no token is a 400, and the token is the second word whatever the scheme.
  { name: "delete without a token", method: "DELETE", path: () => `/v1/log/${storedId}`, status: 400 },
  { name: "delete with an empty bearer", method: "DELETE", path: () => `/v1/log/${storedId}`, headers: { authorization: "Bearer " }, status: 400 },
  { name: "delete with a basic auth header", method: "DELETE", path: () => `/v1/log/${storedId}`, headers: { authorization: "Basic dXNlcjpwYXNz" }, status: 403 },
  { name: "delete with a 5,000-character token", method: "DELETE", path: () => `/v1/log/${storedId}`, headers: { authorization: `Bearer ${"f".repeat(5000)}` }, status: 403 },
  { name: "bulk delete with an object", method: "POST", path: "/v1/bulk/log/delete", headers: json, body: "{}", status: 400 },
  { name: "bulk delete of 10,000 items", method: "POST", path: "/v1/bulk/log/delete", headers: json, body: JSON.stringify(Array.from({ length: 10_000 }, () => ({ id: "a", token: "b" }))), status: 400 },
  { name: "bulk delete with wrong types", method: "POST", path: "/v1/bulk/log/delete", headers: json, body: "[{\"id\": 1, \"token\": null}]", status: 400 },
  // Wrong methods
  { name: "PUT on upload", method: "PUT", path: "/v1/log", body: "x", status: 405 },
  { name: "PATCH on raw", method: "PATCH", path: "/v1/raw/abc", body: "x", status: 405 },
  { name: "DELETE on limits", method: "DELETE", path: "/1/limits", status: 405 },
  { name: "POST on insights", method: "POST", path: "/v1/insights/abc", body: "x", status: 405 },
  { name: "GET on analyse", method: "GET", path: "/v1/analyse", status: 405 },
  { name: "unknown path", path: "/v2/log", status: 404 },
];

test(`hostile inputs (${cases.length} cases): JSON 4xx every time, bounded memory, still serving`, async () => {
  expect(cases.length).toBeGreaterThanOrEqual(50);
  const rssBefore = await service.rss();
  const failures: string[] = [];
  for (const c of cases) {
    const path = typeof c.path === "function" ? c.path() : c.path;
    let response: Response;
    try {
      response = await api.fetch(path, { method: c.method ?? (c.body !== undefined ? "POST" : "GET"), headers: c.headers, body: c.body as BodyInit });
    } catch (error) {
      failures.push(`${c.name}: request failed (${(error as Error).message})`);
      continue;
    }
    const bodyText = await response.text();
    let body: { success?: unknown; error?: unknown; code?: unknown } | null = null;
    try {
      body = JSON.parse(bodyText);
    } catch {}
    if (response.status !== c.status) failures.push(`${c.name}: status ${response.status}, expected ${c.status} (${bodyText.slice(0, 120)})`);
    else if (body?.success !== false || typeof body.error !== "string" || typeof body.code !== "string") {
      failures.push(`${c.name}: not the JSON error shape: ${bodyText.slice(0, 120)}`);
    } else if (!(response.headers.get("content-type") ?? "").includes("application/json")) {
      failures.push(`${c.name}: content-type ${response.headers.get("content-type")}`);
    } else if (bodyText.includes("    at ")) failures.push(`${c.name}: stack trace in the answer`);
    // The server keeps serving after every case.
    const health = await api.fetch("/healthz");
    if (health.status !== 200) failures.push(`${c.name}: server not healthy afterwards (${health.status})`);
  }
  expect(failures).toEqual([]);

  // Past Bun's parser limit on the number of headers (about 100, not configurable) Bun itself
  // answers 431 with an empty body before any of our code runs: not our JSON, but the server
  // stays up. Known limitation, stated in the README.
  const tooMany = await api.fetch("/v1/limits", { headers: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`x-h${i}`, "v"])) });
  expect(tooMany.status).toBe(431);
  expect((await api.fetch("/healthz")).status).toBe(200);

  // The stored log is intact and readable after the sweep.
  expect(await (await api.fetch(`/v1/raw/${storedId}`)).text()).toContain("a stored log for the sweep");
  expect((await api.fetch(`/v1/log/${storedId}`, { method: "DELETE", headers: { authorization: `Bearer ${storedToken}` } })).status).toBe(200);

  const grownMiB = ((await service.rss()) - rssBefore) / 1024 / 1024;
  console.log(`hostile sweep: ${cases.length} cases, RSS grew ${grownMiB.toFixed(1)} MiB`);
  expect(grownMiB).toBeLessThan(256);
}, 120_000);
