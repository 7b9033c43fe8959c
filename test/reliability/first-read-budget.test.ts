/**
 * The first read of a stored log decodes its whole text and analyses it (its findings are kept
 * after that). Many first reads at once of distinct large logs once grew the process by hundreds
 * of MiB; now each text is charged to the byte budget request bodies share (BODY_BUDGET_BYTES)
 * while it is analysed. A reader beyond it gets 503 `server_busy` with Retry-After (the page: an
 * HTML page that tries again by itself), and nothing is remembered of the refusal.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generatedServerLog } from "../analysis/fixtures/generated-logs.ts";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

const MiB = 1024 * 1024;

describe("first reads of stored logs share the byte budget", () => {
  let api: TestApp;
  let id: string;
  beforeAll(async () => {
    api = await startTestApp({ BODY_BUDGET_BYTES: String(2 * MiB), MAX_DECODED_BYTES: String(2 * MiB), MAX_LENGTH: String(2 * MiB) });
    id = (await api.upload(generatedServerLog(1.2 * 1_000_000))).id;
  }, START_TIMEOUT_MS + 30_000);
  afterAll(() => api.stop(), START_TIMEOUT_MS);

  test("while other texts hold the budget, a first read is turned away, and answered once they are done", async () => {
    const budget = api.service.bodyBudget.shared;
    // What other requests hold: room for 0.5 MiB more, less than the 1.2 MB text needs.
    const held = budget.maxBytes - MiB / 2;
    budget.take(held);
    try {
      const insights = await api.fetch(`/v1/insights/${id}`);
      expect(insights.status).toBe(503);
      expect(Number(insights.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = (await insights.json()) as { success: boolean; code: string; error: string };
      expect(body).toMatchObject({ success: false, code: "server_busy" });
      expect(body.error).toContain("stored logs");
      expect((await api.fetch(`/v1/log/${id}?parsed`)).status).toBe(503);

      // A browser gets a page that says so and tries again by itself.
      const page = await api.fetch(`/${id}`, { headers: { accept: "text/html" } });
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toStartWith("text/html");
      expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(page.headers.get("refresh")).toBe(page.headers.get("retry-after"));
      const html = await page.text();
      expect(html).toContain("This log cannot be shown right now");
      expect(html).toContain("busy reading other large logs");

      // Uploads that fit in what is left still go through.
      expect((await api.upload("[08:00:00] [Server thread/INFO]: a small upload meanwhile")).id).toBeString();
      expect(budget.heldBytes).toBe(held);
    } finally {
      budget.give(held);
    }
    // Nothing of the refusals was remembered, and every refused read gave back what it took.
    const insights = await api.fetch(`/v1/insights/${id}`);
    expect(insights.status).toBe(200);
    expect(((await insights.json()) as { analysis: { problems: unknown[] } }).analysis.problems.length).toBeGreaterThan(0);
    expect((await api.fetch(`/${id}`)).status).toBe(200);
    expect(budget.heldBytes).toBe(0);
  }, 60_000);
});
