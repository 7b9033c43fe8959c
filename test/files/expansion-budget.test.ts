/**
 * What archives expand to is charged to the body budget (BODY_BUDGET_BYTES) while the upload is
 * taken in: a 1 MB zip of five 25 MiB files once took 390 MB at its peak outside it.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";
import { buildZip } from "./archives.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({
    BODY_BUDGET_BYTES: "600000",
    MAX_DECODED_BYTES: "300000",
    MAX_LENGTH: "300000",
    MAX_FILE_BYTES: "300000",
    MAX_FILES_TOTAL_BYTES: "4000000",
    MAX_ARCHIVE_RATIO: "10000",
  });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

const line = (i: number) => `[10:00:00] [Server thread/INFO]: line ${i} of a log in an archive\n`;
const text = (bytes: number) => Array.from({ length: Math.ceil(bytes / line(0).length) }, (_, i) => line(i)).join("").slice(0, bytes);

async function uploadZip(entries: number): Promise<Response> {
  const zip = buildZip(Array.from({ length: entries }, (_, i) => ({ name: `logs/part-${i}.log`, data: text(250_000) })));
  const form = new FormData();
  form.append("content", "[10:00:00] [Server thread/INFO]: Done");
  form.append("files", new File([new Uint8Array(zip)], "logs.zip"));
  return api.fetch("/v1/log", { method: "POST", body: form });
}

test("an archive expanding past the budget is a 503 with Retry-After; the budget is whole again after", async () => {
  const refused = await uploadZip(3); // 750 KB expanded, past the 600 KB budget
  expect(refused.status).toBe(503);
  expect(refused.headers.get("retry-after")).toBe("2");
  expect((await refused.json()).code).toBe("server_busy");
  expect(api.service.bodyBudget.shared.heldBytes).toBe(0);
  const accepted = await uploadZip(2); // 500 KB fits
  expect(accepted.status).toBe(200);
  expect((await accepted.json()).files).toHaveLength(2);
  expect(api.service.bodyBudget.shared.heldBytes).toBe(0);
});
