/**
 * Upload `source` and `metadata` are taken as leniently as mclo.gs takes them, in JSON, urlencoded
 * and multipart bodies alike: what can be stored is stored (cut to the limits), the rest dropped,
 * and the upload is never lost to it. PHP-style form fields and last-value-wins duplicates too.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

const content = "[12:00:00] [Server thread/INFO]: Done (1.0s)!";

/** Uploads, checks the 200, and answers the metadata and source as the upload and a later read see them. */
async function stored(body: BodyInit, headers: Record<string, string> = {}) {
  const response = await api.fetch("/v1/log", { method: "POST", body, headers });
  expect(response.status).toBe(200);
  const upload = await response.json();
  const info = await (await api.fetch(`/v1/log/${upload.id}`)).json();
  expect(info.metadata).toEqual(upload.metadata);
  expect(info.source).toEqual(upload.source);
  return { metadata: upload.metadata, source: upload.source, id: upload.id as string };
}

const sloppyMetadata = [
  { key: "kept", value: "v", label: "Kept", visible: true, colour: "unknown properties are ignored" },
  { key: "null value", value: null },
  { key: "no value" },
  { value: "no key" },
  { key: "", value: "empty key" },
  "not an entry",
  { key: "object", value: { a: 1, b: [true, null] } },
  { key: "array", value: [1, "two"] },
  { key: "number", value: 12 },
  { key: "boolean", value: false },
  { key: "empty string", value: "" },
  { key: "null label and visible", value: "x", label: null, visible: null },
  { key: "k".repeat(100), value: "v".repeat(2000), label: "l".repeat(300) },
];

const expectedMetadata = [
  { key: "kept", value: "v", label: "Kept", visible: true },
  { key: "object", value: '{"a":1,"b":[true,null]}' },
  { key: "array", value: '[1,"two"]' },
  { key: "number", value: 12 },
  { key: "boolean", value: false },
  { key: "empty string", value: "" },
  { key: "null label and visible", value: "x" },
  { key: "k".repeat(64), value: "v".repeat(1024), label: "l".repeat(128) },
];

describe("lenient metadata and source", () => {
  test("JSON: bad entries dropped, objects encoded, text cut to 1024 / 64, source cut to 64", async () => {
    const { metadata, source } = await stored(JSON.stringify({ content, source: "s".repeat(100), metadata: sloppyMetadata }), {
      "content-type": "application/json",
    });
    expect(metadata).toEqual(expectedMetadata);
    expect(source).toBe("s".repeat(64));
  });

  test("form-urlencoded with a JSON metadata field: the same rules", async () => {
    const body = new URLSearchParams({ content, source: "s".repeat(100), metadata: JSON.stringify(sloppyMetadata) });
    const { metadata, source } = await stored(body.toString(), { "content-type": "application/x-www-form-urlencoded" });
    expect(metadata).toEqual(expectedMetadata);
    expect(source).toBe("s".repeat(64));
  });

  test("multipart with a JSON metadata field: the same rules", async () => {
    const form = new FormData();
    form.set("content", content);
    form.set("source", "s".repeat(100));
    form.set("metadata", JSON.stringify(sloppyMetadata));
    const { metadata, source } = await stored(form);
    expect(metadata).toEqual(expectedMetadata);
    expect(source).toBe("s".repeat(64));
  });

  test("the list is cut to 100 entries", async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ key: `k${i}`, value: i }));
    const { metadata } = await stored(JSON.stringify({ content, metadata: many }), { "content-type": "application/json" });
    expect(metadata).toEqual(many.slice(0, 100));
  });

  test("hostile sizes are cut, not refused: 10,000 entries, a 10,000-character key and source", async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ key: i === 0 ? "k".repeat(10_000) : `k${i}`, value: i }));
    const { metadata, source } = await stored(JSON.stringify({ content, source: "s".repeat(10_000), metadata: many }), {
      "content-type": "application/json",
    });
    expect(metadata).toHaveLength(100);
    expect(metadata[0]).toEqual({ key: "k".repeat(64), value: 0 });
    expect(source).toBe("s".repeat(64));
  });

  test("a number JSON cannot write (1e400, Infinity once parsed) is no value: the entry is dropped, the upload answered", async () => {
    const { metadata } = await stored('{"content": "x", "metadata": [{"key": "big", "value": 1e400}, {"key": "ok", "value": 1e300}]}', { "content-type": "application/json" });
    expect(metadata).toEqual([{ key: "ok", value: 1e300 }]);
  });

  test("a value nested 100,000 deep is a 400 before anything is stored (it was a 500 after)", async () => {
    const logsBefore = await api.service.store.countLogs();
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    for (const [body, type] of [
      [`{"content": "x", "metadata": [{"key": "k", "value": ${deep}}]}`, "application/json"],
      [new URLSearchParams({ content: "x", metadata: `[{"key": "k", "value": ${deep}}]` }).toString(), "application/x-www-form-urlencoded"],
    ]) {
      const response = await api.fetch("/v1/log", { method: "POST", body, headers: { "content-type": type } });
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe("invalid_body");
    }
    expect(await api.service.store.countLogs()).toBe(logsBefore);
  });

  test("a JSON body of millions of empty objects is a 413, not gigabytes of them", async () => {
    const bomb = Bun.gzipSync(Buffer.from(`{"content": "x", "x": [${"{},".repeat(2_000_000)}{}]}`));
    const response = await api.fetch("/v1/log", { method: "POST", body: bomb, headers: { "content-type": "application/json", "content-encoding": "gzip" } });
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("payload_too_large");
  });

  test("null metadata and null source are none", async () => {
    const { metadata, source } = await stored(JSON.stringify({ content, source: null, metadata: null }), { "content-type": "application/json" });
    expect(metadata).toEqual([]);
    expect(source).toBeNull();
  });

  test("a JSON object of entries is read as their list", async () => {
    const { metadata } = await stored(JSON.stringify({ content, metadata: { 0: { key: "a", value: "b" }, 1: { key: "c", value: "d" } } }), {
      "content-type": "application/json",
    });
    expect(metadata).toEqual([{ key: "a", value: "b" }, { key: "c", value: "d" }]);
  });

  test("a surrogate pair at the cut is dropped whole, never split", async () => {
    // Lengths are UTF-16 units: 1 + 2 * 600 = 1201, cut at 1024 would end inside a pair.
    const { metadata } = await stored(JSON.stringify({ content, metadata: [{ key: "emoji", value: "a" + "😀".repeat(600) }] }), {
      "content-type": "application/json",
    });
    expect(metadata[0].value).toBe("a" + "😀".repeat(511));
  });

  for (const [name, body, status] of [
    ["a string", '{"content": "x", "metadata": "nope"}', 400],
    ["a number", '{"content": "x", "metadata": 5}', 400],
    ["an object source", '{"content": "x", "source": {"a": 1}}', 400],
  ] as const) {
    test(`metadata or source that is ${name} is a clear 400`, async () => {
      const response = await api.fetch("/v1/log", { method: "POST", body, headers: { "content-type": "application/json" } });
      expect(response.status).toBe(status);
      const error = await response.json();
      expect(error).toEqual({ success: false, error: expect.stringMatching(/'(metadata|source)'/), code: "invalid_body" });
    });
  }

  test("a form metadata field that is not JSON is a clear 400", async () => {
    const response = await api.fetch("/v1/log", {
      method: "POST",
      body: new URLSearchParams({ content, metadata: "server=survival" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain("'metadata'");
  });
});

describe("PHP-style form fields", () => {
  const phpFields =
    "metadata[0][key]=server&metadata[0][value]=survival&metadata[0][label]=Server&metadata[0][visible]=1" +
    "&metadata[1][key]=hidden&metadata[1][value]=x&metadata[1][visible]=0" +
    "&metadata[2][key]=no+value" +
    "&metadata[3][key]=object&metadata[3][value][a]=1";
  const phpExpected = [
    { key: "server", value: "survival", label: "Server", visible: true },
    { key: "hidden", value: "x", visible: false },
    { key: "object", value: '{"a":"1"}' },
  ];

  test("metadata[0][key]=... in a urlencoded body", async () => {
    const { metadata } = await stored(`content=${encodeURIComponent(content)}&${phpFields}`, { "content-type": "application/x-www-form-urlencoded" });
    expect(metadata).toEqual(phpExpected);
  });

  test("metadata[0][key]=... in a multipart body", async () => {
    const form = new FormData();
    form.set("content", content);
    for (const [name, value] of new URLSearchParams(phpFields)) form.append(name, value);
    const { metadata } = await stored(form);
    expect(metadata).toEqual(phpExpected);
  });

  test("metadata[][key]=a&metadata[][value]=b pairs up into one entry per key/value", async () => {
    const body = `content=x&metadata[][key]=a&metadata[][value]=1&metadata[][key]=b&metadata[][value]=2`;
    const { metadata } = await stored(body, { "content-type": "application/x-www-form-urlencoded" });
    expect(metadata).toEqual([{ key: "a", value: "1" }, { key: "b", value: "2" }]);
  });

  test("a repeated field keeps its last value, as PHP does", async () => {
    const body = "content=first&source=one&content=second&source=two&metadata[0][key]=k&metadata[0][value]=old&metadata[0][value]=new";
    const { source, metadata, id } = await stored(body, { "content-type": "application/x-www-form-urlencoded" });
    expect(source).toBe("two");
    expect(metadata).toEqual([{ key: "k", value: "new" }]);
    expect(await (await api.fetch(`/v1/raw/${id}`)).text()).toBe("second");
  });

  test("a repeated multipart field keeps its last value too", async () => {
    const form = new FormData();
    form.append("content", "first");
    form.append("content", "second");
    form.append("source", "one");
    form.append("source", "two");
    const { source, id } = await stored(form);
    expect(source).toBe("two");
    expect(await (await api.fetch(`/v1/raw/${id}`)).text()).toBe("second");
  });
});

describe("text the database cannot hold", () => {
  test("NUL is dropped and lone surrogates become U+FFFD in source, keys, values and labels (JSON)", async () => {
    // Written by hand: JSON.stringify would escape nothing away, but this is what a sloppy client sends.
    const body = String.raw`{"content": "x", "source": "a\u0000b\ud800",
      "metadata": [{"key": "k\u0000\udc00", "value": "v\u0000\ud800x", "label": "l\u0000\ud83d"},
                   {"key": "object", "value": {"nul": "\u0000", "lone": "\ud800"}}]}`;
    const { source, metadata } = await stored(body, { "content-type": "application/json" });
    expect(source).toBe("ab\uFFFD");
    expect(metadata).toEqual([
      { key: "k\uFFFD", value: "v\uFFFDx", label: "l\uFFFD" },
      { key: "object", value: String.raw`{"nul":"\u0000","lone":"\ud800"}` },
    ]);
  });

  test("NUL in form fields is dropped", async () => {
    const body = "content=x&source=a%00b&metadata[0][key]=k%00&metadata[0][value]=%00v";
    const { source, metadata } = await stored(body, { "content-type": "application/x-www-form-urlencoded" });
    expect(source).toBe("ab");
    expect(metadata).toEqual([{ key: "k", value: "v" }]);
  });
});
