/**
 * The first read of a stored log decodes its whole text and analyses it (its findings are kept
 * after that). Many first reads at once of distinct large logs once grew the process by hundreds
 * of MiB; now each text is charged to the byte budget request bodies share (BODY_BUDGET_BYTES)
 * while it is analysed, and a reader beyond it gets 503 `server_busy` with Retry-After. Nothing
 * is remembered of a refusal: the same read a moment later is answered.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generatedServerLog } from "../analysis/fixtures/generated-logs.ts";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

const MiB = 1024 * 1024;
const LOGS = 8;

describe("first reads of stored logs share the byte budget", () => {
  let api: TestApp;
  const ids: string[] = [];
  beforeAll(async () => {
    // Room for one 1.2 MB text at a time.
    api = await startTestApp({ BODY_BUDGET_BYTES: String(2 * MiB), MAX_DECODED_BYTES: String(2 * MiB), MAX_LENGTH: String(2 * MiB) });
    const body = generatedServerLog(1.2 * 1_000_000);
    for (let i = 0; i < LOGS; i++) ids.push((await api.upload(`[07:59:59] [main/INFO]: log ${i} of the budget test\n${body}`)).id);
  }, START_TIMEOUT_MS + 60_000);
  afterAll(() => api.stop(), START_TIMEOUT_MS);

  test("readers beyond the budget get server_busy with Retry-After, and a retry is answered", async () => {
    const insights = (id: string) => api.fetch(`/v1/insights/${id}?entries=0`);
    const answers = await Promise.all(
      ids.map(async (id) => {
        const response = await insights(id);
        return { id, status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as Record<string, unknown> };
      }),
    );
    const busy = answers.filter((answer) => answer.status === 503);
    const answered = answers.filter((answer) => answer.status === 200);
    expect(busy.length + answered.length).toBe(LOGS);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    // Eight 1.2 MB texts against room for one: they cannot all have run one after another.
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expect(answer.body).toMatchObject({ success: false, code: "server_busy" });
      expect(String(answer.body.error)).toContain("stored logs");
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // The budget was given back and nothing of the refusals was remembered: one at a time, every read is answered.
    for (const { id } of busy) {
      const response = await insights(id);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { analysis: { problems: unknown[] } };
      expect(body.analysis.problems.length).toBeGreaterThan(0);
    }
    // And uploads, which charge the same budget, still go through.
    expect((await api.upload("[08:00:00] [Server thread/INFO]: after the first reads")).id).toBeString();
  }, 60_000);
});
