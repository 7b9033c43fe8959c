/**
 * What the service publishes about itself: the index, limits, filters, the rate-limit sample,
 * the OpenAPI document and docs page; and the JSON shape of 404 and 405 answers.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ MAX_LINES: "1234", MAX_LENGTH: "65536", STORAGE_TIME_S: "86400" });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

describe("index", () => {
  for (const path of ["/v1", "/1", "/"]) {
    test(`GET ${path} lists every operation under both prefixes`, async () => {
      const response = await api.fetch(path, { headers: { accept: "application/json" } });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.success).toBe(true);
      expect(typeof body.message).toBe("string");
      for (const prefix of ["/v1", "/1"]) {
        for (const operation of [
          "POST /log", "GET /log/{id}", "DELETE /log/{id}", "POST /bulk/log/delete", "GET /raw/{id}",
          "GET /limits", "GET /filters", "GET /errors/rate",
        ]) {
          const [method, path] = operation.split(" ");
          expect(body.endpoints).toContain(`${method} ${prefix}${path}`);
        }
      }
    });
  }
});

test("limits reflect the configuration, with success: true as mclo.gs answers", async () => {
  const body = await (await api.fetch("/v1/limits")).json();
  expect(body).toMatchObject({ success: true, storageTime: 86400, maxLength: 65536, maxLines: 1234 });
  expect(body.rateLimit).toEqual({ requests: 36000, windowSeconds: 60 });
});

test("filters publish the limits and the regex filters that run", async () => {
  const filters = await (await api.fetch("/1/filters")).json();
  const types = filters.map((f: { type: string }) => f.type);
  expect(types.slice(0, 3)).toEqual(["trim", "limit-bytes", "limit-lines"]);
  expect(types).toContain("regex");
  expect(JSON.stringify(filters)).toContain("65536");
  expect(JSON.stringify(filters)).toContain("1234");
});

test("errors/rate always answers 429 with Retry-After and the limiter's body", async () => {
  const response = await api.fetch("/v1/errors/rate");
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await response.json()).toEqual({ success: false, error: expect.stringContaining("Too many requests"), code: "rate_limited" });
});

describe("documentation", () => {
  test("/openapi.json describes every API route under both prefixes", async () => {
    const spec = await (await api.fetch("/openapi.json")).json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const prefix of ["/v1", "/1"]) {
      expect(spec.paths[`${prefix}/log`].post).toBeDefined();
      expect(spec.paths[`${prefix}/log/{id}`].get).toBeDefined();
      expect(spec.paths[`${prefix}/log/{id}`].delete).toBeDefined();
      expect(spec.paths[`${prefix}/raw/{id}`].get).toBeDefined();
      expect(spec.paths[`${prefix}/bulk/log/delete`].post).toBeDefined();
      expect(spec.paths[`${prefix}/limits`].get).toBeDefined();
    }
    const upload = spec.paths["/v1/log"].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(
      expect.arrayContaining(["text/plain", "application/json", "application/x-www-form-urlencoded", "multipart/form-data"]),
    );
    const json = upload.requestBody.content["application/json"].schema;
    expect(json).toEqual({ $ref: "#/components/schemas/UploadJson" });
    expect(spec.components.schemas.UploadJson.properties.content).toBeDefined();
  });

  test("/docs is an HTML page", async () => {
    const response = await api.fetch("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
  });
});

describe("unknown routes and methods", () => {
  test("an unknown path is a JSON 404", async () => {
    const response = await api.fetch("/v1/nothing/here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: expect.any(String), code: "not_found" });
  });

  test("a wrong method on a known path is a JSON 405 with Allow", async () => {
    const response = await api.fetch("/v1/limits", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("GET");
    expect((await response.json()).code).toBe("method_not_allowed");
    const put = await api.fetch("/1/log/abcdefgh", { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toContain("DELETE");
  });

  test("an invalid query type is a JSON 400, not a stack trace", async () => {
    const response = await api.fetch("/v1/bulk/log/delete", { method: "POST", headers: { "content-type": "application/json" }, body: "[]" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(JSON.stringify(body)).not.toContain("    at ");
  });
});
