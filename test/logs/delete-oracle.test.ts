/**
 * Id guessing through deletes: bulk delete took 100 ids a request and answered 404 for unknown
 * ids and 403 for existing ones, and one client tested 7,500-27,000 ids a second. Now a wrong
 * token reads as an unknown id, and ids are counted one by one (DELETE_IDS_PER_MINUTE).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  // loopback is a trusted proxy, so each test can be its own client
  api = await startTestApp({ DELETE_IDS_PER_MINUTE: "300", TRUSTED_PROXIES: "127.0.0.1/32, ::1" });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

const bulkDelete = (items: { id: string; token: string }[], client: string) =>
  api.fetch("/v1/bulk/log/delete", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify(items),
  });

test("an existing id with a wrong token and a never-issued id get the same answer", async () => {
  const { id } = await api.upload("[12:00:00] [Server thread/INFO]: a log someone else owns");
  const response = await bulkDelete([{ id, token: "0".repeat(64) }, { id: "zzzzzzzz", token: "0".repeat(64) }], "198.51.100.1");
  expect(response.status).toBe(207);
  const { results } = await response.json();
  const [existing, unknown] = results.map(({ id: _, error, ...rest }: { id: string; error: string }) => ({ ...rest, error: error.replace(/'[^']*'/, "'ID'") }));
  expect(existing).toEqual(unknown);
  expect(existing).toMatchObject({ success: false, status: 404, code: "log_not_found" });
  // and the log is still there
  expect((await api.fetch(`/v1/log/${id}`)).status).toBe(200);
});

test("ids are counted one by one: a second full bulk request within the minute is refused", async () => {
  const items = Array.from({ length: 256 }, (_, i) => ({ id: `zz${String(i).padStart(6, "0")}`, token: "0".repeat(64) }));
  expect((await bulkDelete(items, "198.51.100.2")).status).toBe(207);
  const refused = await bulkDelete(items, "198.51.100.2");
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ success: false, code: "rate_limited" });
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  // single deletes share the budget: 44 left of 300
  const single = (client: string) =>
    api.fetch("/v1/log/zzzzzzzz", { method: "DELETE", headers: { authorization: "Bearer x", "x-forwarded-for": client } });
  expect((await single("198.51.100.2")).status).toBe(404);
  // another client has its own budget
  expect((await bulkDelete(items, "198.51.100.3")).status).toBe(207);
}, 30_000);
