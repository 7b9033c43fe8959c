/**
 * Response compression over real HTTP (Accept-Encoding with q-values), and the cases it must
 * leave alone: stored brotli, tiny bodies, event streams, no-transform, existing encodings.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import zlib from "node:zlib";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { compression } from "../../src/edge/compression.ts";
import { composeEdge } from "../../src/edge/pipeline.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

/** Fetch without letting the client decode, so we see what went over the wire. */
const raw = (path: string, acceptEncoding?: string) =>
  api.fetch(path, { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }, decompress: false } as RequestInit);

function decode(encoding: string | null, bytes: Uint8Array): string {
  if (encoding === "br") return zlib.brotliDecompressSync(bytes).toString();
  if (encoding === "gzip") return zlib.gunzipSync(bytes).toString();
  return new TextDecoder().decode(bytes);
}

describe("negotiation on a JSON response (GET /v1/filters, several KB)", () => {
  const cases: [string, string | null][] = [
    ["br, gzip", "br"],
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["*;q=0.1, br;q=0", "gzip"],
    ["identity", null],
    ["deflate", null],
    ["", null],
    ["br;q=0, gzip;q=0", null],
  ];
  for (const [accept, expected] of cases) {
    test(`Accept-Encoding: '${accept}' -> ${expected ?? "identity"}`, async () => {
      const response = await raw("/v1/filters", accept);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(expected);
      expect(response.headers.get("vary")).toContain("Accept-Encoding");
      const text = decode(expected, new Uint8Array(await response.arrayBuffer()));
      expect(JSON.parse(text)[0].type).toBe("trim");
    });
  }

  test("no Accept-Encoding header: identity", async () => {
    const response = await api.fetch("/v1/filters", { headers: { "accept-encoding": "" }, decompress: false } as RequestInit);
    expect(response.headers.get("content-encoding")).toBeNull();
  });

  test("compressed is smaller than identity", async () => {
    const plain = (await (await raw("/v1/filters", "identity")).arrayBuffer()).byteLength;
    const br = (await (await raw("/v1/filters", "br")).arrayBuffer()).byteLength;
    expect(br).toBeLessThan(plain / 2);
  });
});

test("tiny bodies are not compressed", async () => {
  const response = await raw("/healthz", "br, gzip");
  expect(response.headers.get("content-encoding")).toBeNull();
  expect(await response.json()).toEqual({ status: "ok" });
});

test("errors are still JSON and readable when compressed or not", async () => {
  const response = await raw("/v1/log/doesnotexist1", "br");
  expect(response.status).toBe(404);
  const body = JSON.parse(decode(response.headers.get("content-encoding"), new Uint8Array(await response.arrayBuffer())));
  expect(body.success).toBe(false);
});

describe("stored brotli passes through, never compressed twice", () => {
  const content = Array.from({ length: 400 }, (_, i) => `[12:00:${String(i % 60).padStart(2, "0")}] [Server thread/INFO]: line ${i}`).join("\n");
  let id: string;
  beforeAll(async () => {
    id = (await api.upload(content)).id;
  });

  test("br accepted: the stored bytes, decoded once, give the log", async () => {
    const response = await raw(`/v1/raw/${id}`, "br, gzip");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(decode("br", new Uint8Array(await response.arrayBuffer()))).toBe(content);
  });

  test("gzip only: decompressed by the route, gzipped once by the edge, ETag weakened", async () => {
    const response = await raw(`/v1/raw/${id}`, "gzip");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("etag")).toStartWith('W/"');
    expect(decode("gzip", new Uint8Array(await response.arrayBuffer()))).toBe(content);
    const again = await api.fetch(`/v1/raw/${id}`, { headers: { "accept-encoding": "gzip", "if-none-match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  test("identity: plain text", async () => {
    const response = await raw(`/v1/raw/${id}`, "identity");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.text()).toBe(content);
  });
});

describe("what the compressor leaves alone (the middleware around a stand-in app)", () => {
  const big = "x".repeat(5000);
  const run = async (response: Response, method = "GET") => {
    const edge = composeEdge([compression()], () => response);
    const client = { ip: "192.0.2.1", group: "192.0.2.1", forwardedProto: null, viaTrustedProxy: false };
    return edge(new Request("http://localhost/x", { method, headers: { "accept-encoding": "br, gzip" } }), client);
  };

  test("text/event-stream is streamed untouched", async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    // The stream is still open: a compressor that buffered would never return.
    const response = await run(new Response(stream, { headers: { "content-type": "text/event-stream" } }));
    expect(response.headers.get("content-encoding")).toBeNull();
    controller.enqueue(new TextEncoder().encode("data: 1\n\n"));
    controller.close();
    expect(await response.text()).toBe("data: 1\n\n");
  });

  const untouched: [string, () => Response, string?][] = [
    ["an existing Content-Encoding", () => new Response(zlib.gzipSync(big), { headers: { "content-type": "text/plain", "content-encoding": "gzip" } })],
    ["Cache-Control: no-transform", () => new Response(big, { headers: { "content-type": "text/plain", "cache-control": "no-transform" } })],
    ["an image", () => new Response(big, { headers: { "content-type": "image/png" } })],
    ["a 304", () => new Response(null, { status: 304, headers: { "content-type": "text/plain" } })],
    ["a HEAD request", () => new Response(big, { headers: { "content-type": "text/plain" } }), "HEAD"],
  ];
  for (const [name, make, method] of untouched) {
    test(`${name} is not (re)compressed`, async () => {
      const original = make();
      const encoding = original.headers.get("content-encoding");
      const response = await run(original, method);
      expect(response.headers.get("content-encoding")).toBe(encoding);
    });
  }

  test("text/html and JSON over the threshold are compressed", async () => {
    for (const type of ["text/html; charset=utf-8", "application/json", "application/problem+json"]) {
      const response = await run(new Response(big, { headers: { "content-type": type } }));
      expect(response.headers.get("content-encoding")).toBe("br");
    }
  });
});
