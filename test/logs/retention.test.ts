/**
 * Retention: a log lives STORAGE_TIME_S after its last view; views are coalesced in memory and
 * written in batches; the janitor removes expired logs and orphan blobs.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ STORAGE_TIME_S: "3600" });
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

const hour = 3600 * 1000;

test("expires is the last view plus the storage time", async () => {
  const upload = await api.upload("retention expires line");
  expect(upload.expires).toBe((upload.created as number) + 3600);
});

test("a view renews the log without a database write per request", async () => {
  const { id } = await api.upload("renewal line " + Math.random());
  const { logs } = api.service;
  const before = (await api.service.store.find(id))!.lastViewedAt;
  const later = new Date(Date.now() + 0.9 * hour);
  for (let i = 0; i < 5; i++) await logs.open(id, later);
  // Still the upload time in the database: nothing was written yet.
  expect((await api.service.store.find(id))!.lastViewedAt.getTime()).toBe(before.getTime());
  await api.service.views.flush();
  const stored = (await api.service.store.find(id))!.lastViewedAt;
  expect(Math.abs(stored.getTime() - later.getTime())).toBeLessThan(1000);
  // Beyond the first expiry but within the renewed one: still there.
  await expect(logs.open(id, new Date(Date.now() + 1.5 * hour))).resolves.toBeDefined();
});

test("the janitor removes expired logs and their orphan blobs, keeps the rest", async () => {
  const old = await api.upload("janitor old " + Math.random());
  const fresh = await api.upload("janitor fresh " + Math.random());
  // Views before each expiry keep `fresh` alive into the future; `old` is never viewed again.
  await api.service.logs.open(fresh.id, new Date(Date.now() + 0.9 * hour));
  await api.service.logs.open(fresh.id, new Date(Date.now() + 1.8 * hour));
  const blobsBefore = await api.service.store.countBlobs();
  const result = await api.service.janitor.runOnce(new Date(Date.now() + 2.5 * hour));
  expect(result.logs).toBeGreaterThanOrEqual(1);
  expect(await api.service.store.find(old.id)).toBeNull();
  expect(await api.service.store.find(fresh.id)).not.toBeNull();
  expect(await api.service.store.countBlobs()).toBeLessThan(blobsBefore);
  expect((await api.fetch(`/v1/raw/${old.id}`)).status).toBe(404);
});

test("a log past its expiry is 404 even before the janitor runs", async () => {
  const { id } = await api.upload("lazy expiry " + Math.random());
  await expect(api.service.logs.open(id, new Date(Date.now() + 2 * hour))).rejects.toMatchObject({ code: "log_not_found" });
});
