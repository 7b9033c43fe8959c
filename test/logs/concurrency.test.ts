/**
 * Uploads and deletes of the same content racing each other: a delete may find the shared blob
 * orphaned just as an upload references it again. Every request must still succeed, no
 * acknowledged log may lose its content, and the janitor leaves no orphan behind.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

test("uploads and deletes of one content race without errors or lost content", async () => {
  const content = `[10:00:00] [Server thread/INFO]: raced content ${Math.random()}`;
  const blobsBefore = await api.service.store.countBlobs();
  const statuses: number[] = [];
  const worker = async () => {
    for (let i = 0; i < 40; i++) {
      const upload = await api.fetch("/v1/log", { method: "POST", body: content });
      statuses.push(upload.status);
      if (upload.status !== 200) continue;
      const { id, token } = await upload.json();
      const read = await api.fetch(`/v1/raw/${id}`);
      statuses.push(read.status);
      if (read.status === 200) expect(await read.text()).toBe(content);
      const deleted = await api.fetch(`/v1/log/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
      statuses.push(deleted.status);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  // Whatever a race kept, nothing points at it any more: the janitor's sweep removes it.
  await api.service.janitor.runOnce();
  expect(await api.service.store.countBlobs()).toBe(blobsBefore);
}, 120_000);
