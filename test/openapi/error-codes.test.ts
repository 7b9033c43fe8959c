/**
 * One catalogue of error codes (src/errors.ts): docs/API.md's table of error codes and the
 * OpenAPI document both say what it says, code for code, status for status, word for word.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ERROR_CATALOGUE, type ErrorCode } from "../../src/errors.ts";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

const catalogue = Object.entries(ERROR_CATALOGUE) as [ErrorCode, { status: number; when: string }][];

test("docs/API.md's table of error codes is the catalogue", () => {
  const docs = readFileSync(join(import.meta.dir, "..", "..", "docs", "API.md"), "utf8");
  const section = docs.slice(docs.indexOf("### Error codes"));
  const rows = [...section.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \| (.*) \|$/gm)].map(([, code, status, when]) => [code, Number(status), when]);
  expect(rows.length).toBeGreaterThan(0);
  const documented = Object.fromEntries(rows.map(([code, status, when]) => [code, { status, when }]));
  expect(documented).toEqual(Object.fromEntries(catalogue));
});

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => api.stop());

test("the OpenAPI Error schema lists every code, each with its status and when it is sent", async () => {
  const document = await (await api.fetch("/openapi.json")).json();
  const code = document.components.schemas.Error.properties.code;
  expect(code.enum).toEqual(catalogue.map(([name]) => name));
  for (const [name, { status, when }] of catalogue) expect(code["x-enumDescriptions"][name]).toBe(`${status}: ${when}`);
});
