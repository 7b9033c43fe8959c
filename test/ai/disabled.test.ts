/** With no model provider configured, the AI routes answer 503 ai_disabled and the rest works. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { paperLogWithBrokenPlugin } from "./fixtures.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({});
}, START_TIMEOUT_MS);
afterAll(() => app.stop(), START_TIMEOUT_MS);

test("both AI routes answer 503 ai_disabled while uploads and analysis work", async () => {
  const { id } = await app.upload(paperLogWithBrokenPlugin);
  for (const response of [
    await app.fetch(`/v1/ai/${id}`),
    await app.fetch(`/1/ai/${id}`),
    await app.fetch("/v1/ai/analyse", { method: "POST", body: paperLogWithBrokenPlugin, headers: { "content-type": "text/plain" } }),
  ]) {
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, error: "AI analysis is not configured on this server", code: "ai_disabled" });
  }
  expect((await app.fetch(`/v1/insights/${id}`)).status).toBe(200);
});
