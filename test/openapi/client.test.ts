/**
 * The OpenAPI document, proved by use: the real server's /openapi.json lints clean (redocly.yaml),
 * a TypeScript client generated from it (openapi-typescript types, openapi-fetch calls) compiles
 * with the flows in flows.ts under strict tsc, and those flows run against the same server:
 * upload with an attached file, raw log and file, log information, insights, the /1 alias,
 * delete, and the typed errors after it. Offline: everything runs from node_modules.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

const ROOT = join(import.meta.dir, "..", "..");
const OUT = join(ROOT, "test-output", "openapi");
const TOOL_TIMEOUT_MS = 60_000;
const FLOWS = join(import.meta.dir, "flows.ts");

type Json = Record<string, any>;

let api: TestApp;
let document: Json;

beforeAll(async () => {
  api = await startTestApp();
  document = await (await api.fetch("/openapi.json")).json();
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, "openapi.json"), JSON.stringify(document, null, 2));
}, START_TIMEOUT_MS);

afterAll(() => api?.stop(), START_TIMEOUT_MS);

/** Runs a tool from node_modules/.bin the way a developer would (`bun x`), in the project root. */
async function run(command: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = Bun.spawn([process.execPath, "x", ...command], {
    cwd: ROOT,
    env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

const operations = () =>
  Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
  );

describe("the document", () => {
  test(
    "lints with 0 errors and 0 warnings (redocly, configured in redocly.yaml)",
    async () => {
      const { code, stdout, stderr } = await run(["redocly", "lint", join(OUT, "openapi.json"), "--format=json"]);
      const report = JSON.parse(stdout.slice(stdout.indexOf("{")));
      const problems = report.problems.map((p: Json) => `${p.severity} ${p.ruleId} ${p.location?.[0]?.pointer}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      expect({ code, stderr: code === 0 ? "" : stderr }).toEqual({ code: 0, stderr: "" });
    },
    TOOL_TIMEOUT_MS,
  );

  test("every operation exists under /v1 and /1, with distinct operationIds", () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths["/v1/log"].post.operationId).toBe("uploadLog");
    expect(document.paths["/1/log"].post.operationId).toBe("uploadLogMclogs");
    const apiRoutes = operations().map(({ route }) => route).filter((route) => / \/v1(\/|$)/.test(route));
    for (const route of apiRoutes) expect(document.paths[route.split(" ")[1].replace(/^\/v1/, "/1")]).toBeDefined();
  });

  test("the attached-file route is /v1/raw/{id}/{filename}, with {filename} a path parameter", () => {
    expect(Object.keys(document.paths).filter((path) => path.includes("*"))).toEqual([]);
    const parameters = document.paths["/v1/raw/{id}/{filename}"].get.parameters.filter((p: Json) => p.in === "path");
    expect(parameters.map((p: Json) => p.name)).toEqual(["id", "filename"]);
  });

  test("integers are plain integers (no string-or-integer unions)", () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain('"format":"integer"');
    expect(document.components.schemas.UploadResponse.properties.size).toMatchObject({ type: "integer" });
  });

  test("every error status refers to one shared response whose body is the one Error schema", () => {
    const { Error: errorSchema } = document.components.schemas;
    expect(errorSchema.properties.code.enum).toContain("rate_limited");
    for (const { route, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        if (Number(status) < 400) continue;
        expect({ route, status, ref: response.$ref }).toEqual({ route, status, ref: expect.stringMatching(/^#\/components\/responses\//) });
      }
      // The edge answers these for any route.
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["414", "429", "431"]));
    }
    for (const response of Object.values(document.components.responses as Record<string, Json>)) {
      expect(response.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    }
    expect(Object.keys(document.components.responses.TooManyRequests.headers)).toContain("Retry-After");
    expect(Object.keys(document.components.responses.ServiceUnavailable.headers)).toContain("Retry-After");
  });

  test("every response documents the rate-limit headers", () => {
    const responses = [
      ...operations().flatMap(({ operation }) => Object.values(operation.responses as Record<string, Json>).filter((r) => !r.$ref)),
      ...Object.values(document.components.responses as Record<string, Json>),
    ];
    for (const response of responses) expect(Object.keys(response.headers)).toEqual(expect.arrayContaining(["RateLimit-Policy", "RateLimit"]));
  });

  test("the AI routes answer text/event-stream, each frame's payload a schema", () => {
    for (const route of [document.paths["/v1/ai/{id}"].get, document.paths["/v1/ai/analyse"].post]) {
      expect(route.responses["200"].content["text/event-stream"].schema).toEqual({ $ref: "#/components/schemas/AiEventStream" });
    }
    const frames = document.components.schemas.AiEventStream.items.anyOf.map((frame: Json) => frame.$ref.split("/").pop());
    expect(frames).toEqual(["AiStatusFrame", "AiAnswerFrame", "AiDoneFrame", "AiErrorFrame"]);
  });
});

describe("a client generated from the document", () => {
  test(
    "compiles with the flows under strict tsc",
    async () => {
      writeFileSync(join(OUT, "schema.ts"), astToString(await openapiTS(document as never)));
      writeFileSync(
        join(OUT, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            exactOptionalPropertyTypes: true,
            noUncheckedIndexedAccess: true,
            noEmit: true,
            target: "ES2022",
            module: "ESNext",
            moduleResolution: "bundler",
            allowImportingTsExtensions: true,
            lib: ["ES2022", "DOM"],
            // What a client in a browser or Node sees: no Bun types.
            types: [],
            skipLibCheck: true,
          },
          files: ["schema.ts", "../../test/openapi/flows.ts"],
        }),
      );
      const { code, stdout, stderr } = await run(["tsc", "-p", join(OUT, "tsconfig.json")]);
      expect(stdout + stderr).toBe("");
      expect(code).toBe(0);
    },
    TOOL_TIMEOUT_MS,
  );

  test("runs upload, raw log and attached file, information, insights, delete against the server", async () => {
    // A specifier tsc does not follow: the project's typecheck must not need the generated types.
    const { runFlows } = (await import(FLOWS)) as { runFlows(url: string, log: string, crash: string): Promise<Record<string, unknown>> };
    const log = "[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4\n[12:00:05] [Server thread/INFO]: Done (5.0s)!";
    const crash = "---- Minecraft Crash Report ----\nDescription: Exception in server tick loop";
    const results = await runFlows(api.url, log, crash);

    expect(results.uploaded).toMatchObject({ tokenLength: 64, lines: 2, files: ["crash-reports/crash.txt"] });
    expect(results.rawLog).toBe(log);
    expect(results.rawFile).toBe(crash);
    expect(results.info).toEqual({ lines: 2, files: [{ name: "crash-reports/crash.txt", size: new TextEncoder().encode(crash).length }] });
    expect(results.insights).toMatchObject({ type: expect.stringMatching(/.+/), problems: expect.any(Number) });
    expect(results.limitsViaAlias).toEqual({ maxLines: expect.any(Number) });
    expect(results.deleted).toBe(true);
    expect(results.afterDelete).toEqual({ status: 404, code: "log_not_found" });
    expect(results.aiWhenDisabled).toEqual({ status: 503, code: "ai_disabled" });
    expect(results.rateLimitHeader).toMatch(/;r=\d+;t=\d+$/);
  });
});
