/**
 * The upload intake on worker threads (parsing, filters, statistics, blobs) and the analyses of
 * stored texts give exactly what the request thread would, errors included, and the service works
 * the same with the pool off.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { ApiError } from "../../src/errors.ts";
import { analyseUpload, filterUpload, prepareUpload, type PreparationOptions } from "../../src/logs/preparation.ts";
import { HELPING_MAX_BYTES, isLightBody, PreparationPool } from "../../src/logs/preparation-pool.ts";
import type { UploadBody } from "../../src/logs/upload-input.ts";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { buildZip } from "../files/archives.ts";
import { analyseLog } from "../../src/analysis/index.ts";
import { generatedLongStackTrace, generatedServerLog } from "../analysis/fixtures/generated-logs.ts";

const options: PreparationOptions = {
  maxLength: 1 << 20,
  maxLines: 1000,
  maxFormFields: 10_000,
  maxDecodedBytes: 8 << 20,
  attachments: { maxFiles: 10, maxFileBytes: 1 << 20, maxTotalBytes: 4 << 20, maxEntries: 100, maxRatio: 200, maxDepth: 2 },
};

const serverLog = [
  "[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4",
  "[12:00:01] [Server thread/ERROR]: Encountered an unexpected exception",
  "[12:00:02] [User Authenticator #1/INFO]: UUID of player Steve is 069a79f4-44e9-4726-a5be-fca90e38aaf5",
  "[12:00:02] [Server thread/INFO]: Steve[/203.0.113.7:51234] logged in with entity id 1",
].join("\n");

const encoder = new TextEncoder();
/** A JSON upload body, made anew each time: the pool moves a body's bytes to its worker. */
const jsonBody = (value: unknown): UploadBody => ({ bytes: encoder.encode(JSON.stringify(value)), contentType: "application/json", encodings: [] });
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const files = [
  { name: "crash.txt", content: "---- Minecraft Crash Report ----\nDescription: Ticking entity\n" },
  { name: "configs.zip", content: base64(buildZip([{ name: "server.properties", data: "server-ip=198.51.100.4\nmotd=hello\n" }])), encoding: "base64" },
  { name: "icon.png", content: base64(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])), encoding: "base64" },
];
const withFiles = () => jsonBody({ content: serverLog, source: "test", files });
/** Logs that differ from each other, so none is taken for another. */
const distinctLogs = (count: number) => Array.from({ length: count }, (_, i) => `${serverLog}\nline ${i}`);

/** A pool of one worker for one test, closed after it. */
async function withOneWorker(use: (pool: PreparationPool) => Promise<void>): Promise<void> {
  const pool = new PreparationPool(1, options);
  try {
    await use(pool);
  } finally {
    await pool.close();
  }
}

/** A plain-text body as sent, no encoding: light enough for the request thread to take. */
const textBody = (content: string): UploadBody => ({ bytes: encoder.encode(content), contentType: "text/plain; charset=utf-8", encodings: [] });
const logOnly = (content = serverLog) => jsonBody({ content, source: "test" });

describe("the preparation pool", () => {
  let pool: PreparationPool;
  beforeAll(() => {
    pool = new PreparationPool(2, options);
  });
  afterAll(() => pool.close());

  test("prepares an upload with files exactly as the request thread does", async () => {
    const inThread = await prepareUpload(withFiles(), options);
    const onWorker = await pool.prepare(withFiles());
    expect(onWorker).toEqual(inThread);
    // The comparison covered real work: redacted content, statistics, an expanded archive, a skipped file.
    expect(onWorker.main.errors).toBe(1);
    expect(onWorker.files.map((file) => file.name)).toEqual(["crash.txt", "configs/server.properties"]);
    expect(onWorker.skipped.map((file) => file.name)).toEqual(["icon.png"]);
  });

  test("many uploads at once all come back, each its own", async () => {
    const contents = Array.from({ length: 24 }, (_, i) => `${serverLog}\nline ${i}`);
    const prepared = await Promise.all(contents.map((content) => pool.prepare(logOnly(content))));
    const expected = await Promise.all(contents.map((content) => prepareUpload(logOnly(content), options)));
    expect(prepared.map((p) => p.main.blob.hash)).toEqual(expected.map((p) => p.main.blob.hash));
    expect(new Set(prepared.map((p) => p.main.blob.hash)).size).toBe(24);
  });

  test("an error in the worker arrives as the same ApiError", async () => {
    const error = await pool.prepare(logOnly("   ")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "missing_content", status: 400 });
  });

  test("while every worker is busy, the request thread prepares light bodies itself, with the same result", async () => {
    await withOneWorker(async (single) => {
      const contents = distinctLogs(8);
      const prepared = await Promise.all(contents.map((content) => single.prepare(textBody(content))));
      const expected = await Promise.all(contents.map((content) => prepareUpload(textBody(content), options)));
      expect(prepared).toEqual(expected);
      expect(single.counters.helped).toBeGreaterThan(0);
      expect(single.counters.helped).toBeLessThan(contents.length);
    });
  });

  test("a body that is only filtered always goes to the workers: what follows runs on the request thread", async () => {
    await withOneWorker(async (single) => {
      const contents = distinctLogs(8);
      const filtered = await Promise.all(contents.map((content) => single.filter(textBody(content))));
      const expected = await Promise.all(contents.map((content) => filterUpload(textBody(content), options)));
      expect(filtered).toEqual(expected);
      expect(single.counters.helped).toBe(0);
    });
  });

  test("an analysis comes back as the answer's JSON, the same from a worker and from the request thread's help", async () => {
    await withOneWorker(async (single) => {
      const contents = distinctLogs(12);
      for (const includeEntries of [true, false]) {
        const answers = await Promise.all(contents.map((content) => single.analyse(textBody(content), includeEntries)));
        const expected = await Promise.all(contents.map((content) => analyseUpload(textBody(content), options, includeEntries)));
        expect(answers).toEqual(expected);
        const first = JSON.parse(answers[0]);
        expect(first.success).toBe(true);
        expect(first.id).toBe("vanilla/server");
        expect("entries" in first).toBe(includeEntries);
      }
      // While the worker held jobs it had not finished, the request thread took some itself.
      expect(single.counters.helped).toBeGreaterThan(0);
      expect(single.counters.helped).toBeLessThan(2 * contents.length);
      const error = await single.analyse(textBody("   "), true).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "missing_content", status: 400 });
    });
  });

  test("bodies that may be heavy always go to the workers: compressed, large, or able to carry files", async () => {
    await withOneWorker(async (single) => {
      const gzipped = (): UploadBody => ({ bytes: new Uint8Array(Bun.gzipSync(encoder.encode(serverLog))), contentType: "text/plain", encodings: ["gzip"] });
      const large = (): UploadBody => ({ bytes: encoder.encode(`${serverLog}\n${"x".repeat(HELPING_MAX_BYTES)}`), contentType: "text/plain", encodings: [] });
      for (const heavy of [gzipped, large, withFiles]) {
        await Promise.all(Array.from({ length: 4 }, () => single.prepare(heavy())));
      }
      expect(single.counters.helped).toBe(0);
      expect(isLightBody({ bytes: new Uint8Array(10), contentType: "multipart/form-data; boundary=x", encodings: [] })).toBe(false);
      expect(isLightBody({ bytes: new Uint8Array(10), contentType: "application/x-www-form-urlencoded", encodings: [] })).toBe(true);
      expect(isLightBody({ bytes: new Uint8Array(10), contentType: null, encodings: [] })).toBe(true);
    });
  });

  test("a stored text's findings come back as the engine gives them on the request thread", async () => {
    const texts = [serverLog, `${serverLog}\r\nwith a CRLF\r\n`, generatedServerLog(300_000), generatedLongStackTrace(2_000)];
    for (const text of texts) {
      const onWorker = await pool.insights(text);
      const inThread = analyseLog(text);
      expect(onWorker).toEqual(inThread);
      expect(JSON.stringify(onWorker)).toBe(JSON.stringify(inThread));
      // A problem's entry is one of the entries' objects, as it is from the engine.
      for (const problem of onWorker.analysis.problems) expect(onWorker.entries).toContain(problem.entry);
    }
    expect(pool.counters.helped).toBe(0);
  });

  test("while a worker analyses a big stored text, the request thread keeps serving: its timers run on time", async () => {
    const text = generatedServerLog(4_000_000);
    /** The longest a 2 ms timer waited past its time while `work` ran. */
    const longestLag = async (work: () => Promise<unknown>) => {
      let longest = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last - 2);
        last = now;
      }, 2);
      try {
        await work();
        // The timer's first run after blocking work is what shows how long it was kept waiting.
        await Bun.sleep(10);
      } finally {
        clearInterval(timer);
      }
      return longest;
    };
    // Warm up both, so neither pays for loading the engine.
    await pool.insights(`warm\n${text}`);
    analyseLog(`warm\n${text}`);
    const started = performance.now();
    const inThreadLag = await longestLag(async () => analyseLog(`in thread\n${text}`));
    const analysisMs = performance.now() - started;
    // The best of three runs: a loaded machine (a CI run) once held this thread up for 58 ms in
    // one of them, against 164 for the engine here; 22 ms on a quiet one. What is left of it (the
    // text's split into lines, the entries rebuilt, a collection) does not shrink with the engine's
    // time, hence the floor of 20 ms: the engine on this thread holds it up for 70-160 ms.
    let workerLag = Number.POSITIVE_INFINITY;
    for (const run of ["worker", "worker again", "worker once more"]) workerLag = Math.min(workerLag, await longestLag(() => pool.insights(`${run}\n${text}`)));
    console.log(`a ${(text.length / 1e6).toFixed(1)} MB text: the engine on this thread ${analysisMs.toFixed(0)} ms; the longest timer lag with it here ${inThreadLag.toFixed(1)} ms, with it on a worker ${workerLag.toFixed(1)} ms`);
    // On the worker, this thread only splits the text into lines and rebuilds the entries.
    expect(workerLag).toBeLessThan(Math.max(20, inThreadLag / 2));
  });

  test("a closed pool refuses work with shutting_down", async () => {
    const closed = new PreparationPool(1, options);
    await closed.prepare(logOnly());
    await closed.close();
    const error = await closed.prepare(logOnly()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "shutting_down", status: 503 });
  });
});

describe("uploads with UPLOAD_WORKERS=0 (prepared on the request thread)", () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ UPLOAD_WORKERS: "0" });
  }, START_TIMEOUT_MS);
  afterAll(() => api.stop(), START_TIMEOUT_MS);

  test("store and read back the filtered log", async () => {
    const uploaded = await api.upload(serverLog);
    expect(uploaded).toMatchObject({ lines: 4, errors: 1 });
    const raw = await (await api.fetch(`/v1/raw/${uploaded.id}`)).text();
    expect(raw).toContain("Steve[/**.**.**.**:51234]");
    expect(raw).not.toContain("069a79f4-44e9-4726-a5be-fca90e38aaf5");
  });
});

describe("what a body came to (PreparationOptions.tookIn, after which a worker collects)", () => {
  const counted = () => {
    const told: number[] = [];
    return { told, options: { ...options, tookIn: (bytes: number) => told.push(bytes) } };
  };

  test("a plain body: its bytes", async () => {
    const { told, options: withCount } = counted();
    await prepareUpload(textBody(serverLog), withCount);
    expect(told).toEqual([encoder.encode(serverLog).byteLength]);
  });

  test("a compressed body: what it decoded to, also when decoding ends at the limit", async () => {
    const { told, options: withCount } = counted();
    const text = "x".repeat(3 << 20);
    await prepareUpload({ bytes: gzipSync(text), contentType: "text/plain", encodings: ["gzip"] }, withCount);
    expect(told).toEqual([text.length]);
    const tooBig = { bytes: gzipSync("x".repeat(9 << 20)), contentType: "text/plain", encodings: ["gzip"] };
    await expect(prepareUpload(tooBig, withCount)).rejects.toThrow(ApiError);
    expect(told[1]).toBeGreaterThan(options.maxDecodedBytes - (1 << 20));
  });

  test("a body with an archive: its files as expanded too", async () => {
    const { told, options: withCount } = counted();
    const log = "y".repeat(100_000);
    const body = jsonBody({ content: serverLog, files: [{ name: "logs.zip", content: base64(buildZip([{ name: "a.log", data: log }])), encoding: "base64" }] });
    await prepareUpload(body, withCount);
    expect(told).toHaveLength(1);
    expect(told[0]).toBeGreaterThanOrEqual(body.bytes.byteLength + log.length);
  });
});
