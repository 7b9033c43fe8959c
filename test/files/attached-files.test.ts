/**
 * Attached files: JSON and multipart files, archives expanded with their paths, names checked,
 * hostile archives refused, files read back one by one, deduplicated across logs, deleted with
 * their log, and the limits.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import zlib from "node:zlib";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { base64, buildTar, buildZip, gzip } from "./archives.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({
    MAX_FILES: "8",
    MAX_FILE_BYTES: "200000",
    MAX_FILES_TOTAL_BYTES: "400000",
    MAX_ARCHIVE_ENTRIES: "20",
    MAX_ARCHIVE_RATIO: "50",
    MAX_ARCHIVE_DEPTH: "2",
  });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

const mainLog = "[10:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.1\n[10:00:05] [Server thread/INFO]: Done (5.0s)!";
const crashReport = [
  "---- Minecraft Crash Report ----",
  "// Shall we play a game?",
  "",
  "Time: 2024-01-01 10:00:10",
  "Description: Ticking entity",
  "",
  "java.lang.NullPointerException: Cannot read field",
  "\tat net.minecraft.world.entity.Entity.tick(Entity.java:100)",
  "",
  "-- Entity being ticked --",
  "Details:",
  "\tEntity Type: minecraft:zombie (net.minecraft.world.entity.monster.Zombie)",
  "\tEntity's Exact location: 12.50, 64.00, -30.25",
  "\tEntity Name: Zombie",
  "",
  "-- System Details --",
  "\tMinecraft Version: 1.20.1",
  "\tJava Version: 17.0.8, Eclipse Adoptium",
].join("\n");

async function uploadJson(body: unknown) {
  return api.fetch("/v1/log", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function uploadOk(body: unknown) {
  const response = await uploadJson(body);
  const json = await response.json();
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function raw(url: string) {
  return api.fetch(new URL(url).pathname);
}

describe("uploading files", () => {
  test("JSON files are listed and readable one by one", async () => {
    const body = await uploadOk({
      content: mainLog,
      files: [
        { name: "crash-reports/crash-2024-01-01_10.00.10-server.txt", content: crashReport },
        { name: "server.properties", content: base64(new TextEncoder().encode("motd=Hello\nmax-players=20\n")), encoding: "base64" },
      ],
    });
    expect(body.files).toEqual([
      { name: "crash-reports/crash-2024-01-01_10.00.10-server.txt", size: Buffer.byteLength(crashReport), lines: crashReport.split("\n").length, raw: expect.stringContaining(`/v1/raw/${body.id}/crash-reports/crash-2024-01-01_10.00.10-server.txt`) },
      { name: "server.properties", size: 25, lines: 2, raw: expect.stringContaining(`/v1/raw/${body.id}/server.properties`) },
    ]);
    expect(await (await raw(body.files[0].raw)).text()).toBe(crashReport);
    expect(await (await raw(body.files[1].raw)).text()).toBe("motd=Hello\nmax-players=20");
    expect(await (await api.fetch(`/v1/raw/${body.id}`)).text()).toBe(mainLog);
    const info = await (await api.fetch(`/v1/log/${body.id}`)).json();
    expect(info.files).toEqual(body.files);
  });

  test("multipart file parts are attached files", async () => {
    const form = new FormData();
    form.set("content", new Blob([mainLog]), "latest.log");
    form.append("files", new Blob([crashReport]), "crash.txt");
    form.append("files", new Blob(["debug line"]), "logs/debug.log");
    const response = await api.fetch("/v1/log", { method: "POST", body: form });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.files.map((f: { name: string }) => f.name)).toEqual(["crash.txt", "logs/debug.log"]);
    expect(await (await raw(body.files[1].raw)).text()).toBe("debug line");
  });

  test("a log of files only: the first file is the main log", async () => {
    const body = await uploadOk({ files: [{ name: "latest.log", content: mainLog }, { name: "crash.txt", content: crashReport }] });
    expect(await (await api.fetch(`/v1/raw/${body.id}`)).text()).toBe(mainLog);
    expect(body.files.map((f: { name: string }) => f.name)).toEqual(["latest.log", "crash.txt"]);
    expect(body.lines).toBe(2);
  });

  test("attached files pass the privacy filters", async () => {
    const body = await uploadOk({ content: mainLog, files: [{ name: "net.log", content: "Connection from 198.51.100.23 accepted" }] });
    const text = await (await raw(body.files[0].raw)).text();
    expect(text).not.toContain("198.51.100.23");
  });

  test("Unicode names and names with dots and slashes round-trip through percent-encoding", async () => {
    const names = ["журнал/сервер.log", "logs/2024.01.01/latest.v2.log", "with space & symbols #1%.txt", "日本語.txt"];
    const body = await uploadOk({ content: mainLog, files: names.map((name, i) => ({ name, content: `file ${i}` })) });
    for (const [i, name] of names.entries()) {
      const entry = body.files.find((f: { name: string }) => f.name === name);
      expect(entry).toBeDefined();
      const response = await raw(entry.raw);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(`file ${i}`);
    }
    const encoded = names[0].split("/").map(encodeURIComponent).join("/");
    expect(await (await api.fetch(`/1/raw/${body.id}/${encoded}`)).text()).toBe("file 0");
  });

  test("an attached file gets the same ETag, 304 and br pass-through as the log", async () => {
    const body = await uploadOk({ content: mainLog, files: [{ name: "a.log", content: "attached etag test" }] });
    const first = await raw(body.files[0].raw);
    const etag = first.headers.get("etag")!;
    expect(etag).toBe(`"${new Bun.CryptoHasher("sha256").update("attached etag test").digest("hex")}"`);
    const again = await api.fetch(new URL(body.files[0].raw).pathname, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const br = await api.fetch(new URL(body.files[0].raw).pathname, { headers: { "accept-encoding": "br" }, decompress: false } as RequestInit);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe("attached etag test");
  });

  test("an unknown file is a JSON 404", async () => {
    const body = await uploadOk({ content: mainLog, files: [{ name: "a.log", content: "x" }] });
    const response = await api.fetch(`/v1/raw/${body.id}/nope.log`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: expect.any(String), code: "file_not_found" });
  });
});

describe("archives", () => {
  test("a zip expands into its files with their relative paths", async () => {
    const zip = buildZip([
      { name: "logs/latest.log", data: mainLog },
      { name: "logs/", data: "" },
      { name: "crash-reports/crash.txt", data: crashReport, method: 0 },
      { name: "__MACOSX/logs/._latest.log", data: "junk" },
    ]);
    const body = await uploadOk({ files: [{ name: "server.zip", content: base64(zip), encoding: "base64" }] });
    expect(body.files.map((f: { name: string }) => f.name)).toEqual(["server/logs/latest.log", "server/crash-reports/crash.txt"]);
    expect(await (await api.fetch(`/v1/raw/${body.id}`)).text()).toBe(mainLog);
    expect(await (await raw(body.files[1].raw)).text()).toBe(crashReport);
  });

  test("a tar.gz expands, and a .log.gz inside is expanded one level deeper", async () => {
    const tar = buildTar([
      { name: "logs/", type: "5" },
      { name: "logs/latest.log", data: mainLog },
      { name: "logs/2024-01-01-1.log.gz", data: gzip("older log line") },
    ]);
    const body = await uploadOk({ files: [{ name: "logs.tar.gz", content: base64(gzip(tar)), encoding: "base64" }] });
    expect(body.files.map((f: { name: string }) => f.name)).toEqual(["logs/logs/latest.log", "logs/logs/2024-01-01-1.log"]);
    expect(await (await raw(body.files[1].raw)).text()).toBe("older log line");
  });

  test("a single .gz file becomes the file without the extension (multipart)", async () => {
    const form = new FormData();
    form.append("file", new Blob([gzip(mainLog)]), "latest.log.gz");
    const response = await api.fetch("/v1/log", { method: "POST", body: form });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.files.map((f: { name: string }) => f.name)).toEqual(["latest.log"]);
    expect(await (await api.fetch(`/v1/raw/${body.id}`)).text()).toBe(mainLog);
  });

  test("binary files inside an archive are skipped and reported", async () => {
    const zip = buildZip([
      { name: "latest.log", data: mainLog },
      { name: "icon.png", data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
    ]);
    const body = await uploadOk({ files: [{ name: "a.zip", content: base64(zip), encoding: "base64" }] });
    expect(body.files.map((f: { name: string }) => f.name)).toEqual(["a/latest.log"]);
    expect(body.skipped).toEqual([{ name: "a/icon.png", reason: expect.any(String) }]);
  });

  const hostile: { name: string; file: () => { name: string; bytes: Uint8Array }; status: number; code: string }[] = [
    { name: "a zip bomb", file: () => ({ name: "bomb.zip", bytes: buildZip([{ name: "zeros.log", data: new Uint8Array(5_000_000) }]) }), status: 413, code: "payload_too_large" },
    { name: "a gzip bomb", file: () => ({ name: "bomb.log.gz", bytes: gzip(new Uint8Array(5_000_000)) }), status: 413, code: "payload_too_large" },
    { name: "a traversal entry", file: () => ({ name: "evil.zip", bytes: buildZip([{ name: "../../etc/passwd", data: "root" }]) }), status: 400, code: "invalid_file_name" },
    { name: "an absolute entry", file: () => ({ name: "evil.tar", bytes: buildTar([{ name: "/etc/passwd", data: "root" }]) }), status: 400, code: "invalid_file_name" },
    { name: "a zip symlink entry", file: () => ({ name: "link.zip", bytes: buildZip([{ name: "link", data: "/etc/passwd", method: 0, mode: 0o120777 }]) }), status: 400, code: "invalid_archive" },
    { name: "a tar symlink entry", file: () => ({ name: "link.tar", bytes: buildTar([{ name: "link", type: "2", linkName: "/etc/passwd" }]) }), status: 400, code: "invalid_archive" },
    { name: "archives nested too deep", file: () => ({ name: "outer.zip", bytes: buildZip([{ name: "inner.zip", data: buildZip([{ name: "core.zip", data: buildZip([{ name: "a.log", data: "x" }]) }]) }]) }), status: 400, code: "invalid_archive" },
    { name: "too many entries", file: () => ({ name: "many.zip", bytes: buildZip(Array.from({ length: 25 }, (_, i) => ({ name: `f${i}.log`, data: `line ${i}` }))) }), status: 413, code: "payload_too_large" },
    { name: "a corrupt zip", file: () => ({ name: "broken.zip", bytes: new TextEncoder().encode("PK not really a zip") }), status: 400, code: "invalid_archive" },
    { name: "a corrupt gzip", file: () => ({ name: "broken.log.gz", bytes: new TextEncoder().encode("not gzip at all") }), status: 400, code: "invalid_archive" },
  ];
  for (const c of hostile) {
    test(`${c.name} is refused with ${c.status} ${c.code}, and nothing is stored`, async () => {
      const logsBefore = await api.service.store.countLogs();
      const blobsBefore = await api.service.store.countBlobs();
      const file = c.file();
      const response = await uploadJson({ content: mainLog, files: [{ name: file.name, content: base64(file.bytes), encoding: "base64" }] });
      expect(response.status).toBe(c.status);
      expect(await response.json()).toEqual({ success: false, error: expect.any(String), code: c.code });
      expect(await api.service.store.countLogs()).toBe(logsBefore);
      expect(await api.service.store.countBlobs()).toBe(blobsBefore);
    });
  }
});

describe("names", () => {
  const bad: [string, string][] = [
    ["/etc/passwd", "absolute"],
    ["C:/Windows/win.ini", "drive letter"],
    ["logs/../../secret", "dot-dot segment"],
    ["./latest.log", "dot segment"],
    ["logs//latest.log", "empty segment"],
    ["logs/", "trailing slash"],
    ["bad\u0007name.log", "control character"],
    ["crash-report\u202Etxt.exe", "right-to-left override (reads as crash-reportexe.txt)"],
    ["logs/\u2066latest\u2069.log", "bidi isolate"],
    ["a\u200Fb.log", "right-to-left mark"],
    ["logs\\latest.log", "backslash"],
    ["", "empty"],
  ];
  for (const [name, why] of bad) {
    test(`refused: ${why}`, async () => {
      const response = await uploadJson({ content: mainLog, files: [{ name, content: "x" }] });
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe(name === "" ? "invalid_body" : "invalid_file_name");
    });
  }

  test("duplicates are refused", async () => {
    const response = await uploadJson({ content: mainLog, files: [{ name: "a.log", content: "1" }, { name: "a.log", content: "2" }] });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("invalid_file_name");
  });

  test("invalid base64 is refused", async () => {
    const response = await uploadJson({ content: mainLog, files: [{ name: "a.log", content: "@@@not base64@@@", encoding: "base64" }] });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("invalid_body");
  });
});

describe("limits", () => {
  test("more files than MAX_FILES is 413", async () => {
    const files = Array.from({ length: 9 }, (_, i) => ({ name: `f${i}.log`, content: `file ${i}` }));
    const response = await uploadJson({ content: mainLog, files });
    expect(response.status).toBe(413);
  });

  test("a file over MAX_FILE_BYTES is 413", async () => {
    const response = await uploadJson({ content: mainLog, files: [{ name: "big.log", content: "x".repeat(200_001) }] });
    expect(response.status).toBe(413);
  });

  test("files together over MAX_FILES_TOTAL_BYTES are 413", async () => {
    const files = Array.from({ length: 3 }, (_, i) => ({ name: `f${i}.log`, content: "y".repeat(150_000) }));
    const response = await uploadJson({ content: mainLog, files });
    expect(response.status).toBe(413);
  });

  test("/v1/limits publishes the file limits", async () => {
    const limits = await (await api.fetch("/v1/limits")).json();
    expect(limits.files).toMatchObject({ maxFiles: 8, maxFileBytes: 200000, maxTotalBytes: 400000, maxArchiveEntries: 20, maxArchiveRatio: 50, maxArchiveDepth: 2 });
  });
});

describe("storage", () => {
  test("the same crash report attached to ten logs is stored once, and goes with the last log", async () => {
    const report = crashReport + "\n// dedupe " + Math.random();
    const blobsBefore = await api.service.store.countBlobs();
    const uploads = [];
    for (let i = 0; i < 10; i++) uploads.push(await uploadOk({ content: `${mainLog}\nlog ${i}`, files: [{ name: "crash.txt", content: report }] }));
    // ten main logs (all different) plus one shared crash report
    expect(await api.service.store.countBlobs()).toBe(blobsBefore + 11);
    for (const upload of uploads) {
      const response = await api.fetch(`/v1/log/${upload.id}`, { method: "DELETE", headers: { authorization: `Bearer ${upload.token}` } });
      expect(response.status).toBe(200);
    }
    expect(await api.service.store.countBlobs()).toBe(blobsBefore);
    expect((await raw(uploads[0].files[0].raw)).status).toBe(404);
  });
});

describe("insights", () => {
  test("a problem in an attached crash report is reported with the file it is in", async () => {
    const body = await uploadOk({ content: mainLog, files: [{ name: "crash-reports/crash.txt", content: crashReport }, { name: "notes.txt", content: "nothing here" }] });
    const insights = await (await api.fetch(`/v1/insights/${body.id}`)).json();
    expect(insights.id).toBe("vanilla/server");
    const ticking = insights.analysis.problems.find((p: { file?: string }) => p.file === "crash-reports/crash.txt");
    expect(ticking).toBeDefined();
    expect(ticking.message).toContain("Zombie");
    expect(ticking.entry.lines[0].number).toBe(5);
    expect(insights.analysis.problems.every((p: { file?: string }) => p.file !== "notes.txt")).toBe(true);
  });

  test("a log of files only is not analysed twice", async () => {
    const body = await uploadOk({ files: [{ name: "crash.txt", content: crashReport }] });
    const insights = await (await api.fetch(`/v1/insights/${body.id}`)).json();
    expect(insights.id).toBe("vanilla/crash-report");
    const messages = insights.analysis.problems.map((p: { message: string }) => p.message);
    expect(new Set(messages).size).toBe(messages.length);
    expect(insights.analysis.problems.every((p: { file?: string }) => p.file === undefined)).toBe(true);
  });
});
