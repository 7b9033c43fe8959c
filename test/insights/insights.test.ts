/**
 * The engine over HTTP: POST /v1/analyse (every body form, nothing stored), GET /v1/insights/{id},
 * and GET /v1/log/{id}?parsed&insights; upload `lines`/`errors` agree with the parser.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import zlib from "node:zlib";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

const paperLog = [
  "[09:00:00] [ServerMain/INFO]: Environment: Environment[sessionHost=https://sessionserver.mojang.com]",
  "[09:00:01] [Server thread/INFO]: Starting minecraft server version 1.20.4",
  "[09:00:02] [Server thread/INFO]: This server is running Paper version git-Paper-496 (MC: 1.20.4) (Implementing API version 1.20.4-R0.1-SNAPSHOT)",
  "[09:00:03] [Server thread/ERROR]: Error occurred while enabling CoolPlugin v1.0 (Is it up to date?)",
  "java.lang.NullPointerException: boom",
  "\tat com.example.cool.CoolPlugin.onEnable(CoolPlugin.java:42)",
  "[09:00:04] [Server thread/INFO]: Done (4.2s)! For help, type \"help\"",
].join("\n");

function expectPaperInsights(body: Record<string, any>) {
  expect(body.id).toBe("paper/server");
  expect(body.name).toBe("Paper");
  expect(body.type).toBe("Server Log");
  expect(body.version).toBe("1.20.4");
  expect(body.title).toBe("Paper 1.20.4 Server Log");
  const problem = body.analysis.problems.find((p: { message: string }) => p.message.includes("CoolPlugin"));
  expect(problem).toBeDefined();
  expect(problem.entry.lines[0].number).toBe(4);
  expect(problem.solutions.length).toBeGreaterThan(0);
  // mclo.gs's keys first, in its order, then ours (docs/API.md: "Keys come in this order").
  for (const found of body.analysis.problems) expect(Object.keys(found)).toEqual(["message", "counter", "entry", "solutions", "code", "category"]);
  for (const found of body.analysis.information) expect(Object.keys(found)).toEqual(["message", "counter", "entry", "label", "value"]);
  expect(body.analysis.information).toContainEqual(expect.objectContaining({ label: "Minecraft version", value: "1.20.4" }));
}

describe("POST /v1/analyse", () => {
  test("text/plain answers the mclo.gs insights shape with success and entries, and stores nothing", async () => {
    const logsBefore = await api.service.store.countLogs();
    const response = await api.fetch("/v1/analyse", { method: "POST", body: paperLog, headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["success", "id", "name", "type", "version", "title", "entries", "analysis"]);
    expect(body.success).toBe(true);
    expect(body.entries).toHaveLength(5);
    expectPaperInsights(body);
    expect(await api.service.store.countLogs()).toBe(logsBefore);
  });

  test("JSON, form and gzip bodies give the same answer", async () => {
    const plain = await (await api.fetch("/1/analyse", { method: "POST", body: paperLog })).json();
    const json = await (await api.fetch("/v1/analyse", { method: "POST", body: JSON.stringify({ content: paperLog }), headers: { "content-type": "application/json" } })).json();
    const form = await (await api.fetch("/v1/analyse", { method: "POST", body: new URLSearchParams({ content: paperLog }).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } })).json();
    const gzip = await (await api.fetch("/v1/analyse", { method: "POST", body: zlib.gzipSync(paperLog), headers: { "content-type": "text/plain", "content-encoding": "gzip" } })).json();
    expect(json).toEqual(plain);
    expect(form).toEqual(plain);
    expect(gzip).toEqual(plain);
  });

  test("the entries come by default (as mclo.gs); ?entries and ?entries=1 keep them", async () => {
    for (const query of ["", "?entries", "?entries=1", "?entries=true"]) {
      const body = await (await api.fetch(`/v1/analyse${query}`, { method: "POST", body: paperLog })).json();
      expect(body.entries.length).toBe(5);
      expect(body.entries[3]).toMatchObject({ level: 3, prefix: "[09:00:03] [Server thread/ERROR]:" });
      expect(body.entries[3].lines.map((l: { number: number }) => l.number)).toEqual([4, 5, 6]);
    }
  });

  test("?entries=false or ?entries=0 leaves the entries out", async () => {
    for (const query of ["?entries=false", "?entries=0"]) {
      const body = await (await api.fetch(`/v1/analyse${query}`, { method: "POST", body: paperLog })).json();
      expect(Object.keys(body)).toEqual(["success", "id", "name", "type", "version", "title", "analysis"]);
      expectPaperInsights(body);
    }
  });

  test("the main log is analysed: content, else the first attached file (as an upload stores it)", async () => {
    const otherLog = "[10:00:00] [main/INFO]: Loading Minecraft 1.20.1 with Fabric Loader 0.15.6";
    const filesOnly = new FormData();
    filesOnly.append("files", new File([paperLog], "latest.log", { type: "text/plain" }));
    filesOnly.append("files", new File([otherLog], "other.log", { type: "text/plain" }));
    expectPaperInsights(await (await api.fetch("/v1/analyse", { method: "POST", body: filesOnly })).json());
    const json = { files: [{ name: "latest.log", content: paperLog }] };
    expectPaperInsights(await (await api.fetch("/v1/analyse", { method: "POST", body: JSON.stringify(json), headers: { "content-type": "application/json" } })).json());
    const both = new FormData();
    both.append("content", paperLog);
    both.append("files", new File([otherLog], "other.log", { type: "text/plain" }));
    expectPaperInsights(await (await api.fetch("/v1/analyse", { method: "POST", body: both })).json());
  });

  test("bad bodies are JSON errors", async () => {
    const empty = await api.fetch("/v1/analyse", { method: "POST", body: "" });
    expect(empty.status).toBe(400);
    const badType = await api.fetch("/v1/analyse", { method: "POST", body: "x", headers: { "content-type": "image/png" } });
    expect(badType.status).toBe(415);
  });
});

describe("stored logs", () => {
  test("GET /v1/insights/{id} analyses the stored content, with success and without entries unless asked", async () => {
    const { id } = await api.upload(paperLog);
    const body = await (await api.fetch(`/v1/insights/${id}`)).json();
    expect(Object.keys(body)).toEqual(["success", "id", "name", "type", "version", "title", "analysis"]);
    expect(body.success).toBe(true);
    expectPaperInsights(body);
    const withEntries = await (await api.fetch(`/1/insights/${id}?entries`)).json();
    expect(withEntries.success).toBe(true);
    expect(withEntries.entries).toHaveLength(5);
    expect((await api.fetch("/v1/insights/nope0000")).status).toBe(404);
  });

  test("GET /v1/log/{id}?parsed&insights adds both under content", async () => {
    const upload = await api.upload(paperLog);
    expect(upload.lines).toBe(7);
    expect(upload.errors).toBe(1);
    const info = await (await api.fetch(`/v1/log/${upload.id}?parsed&insights&raw`)).json();
    expect(info.content.raw).toBe(paperLog);
    expect(info.content.parsed.length).toBe(5);
    expectPaperInsights(info.content.insights);
  });
});
