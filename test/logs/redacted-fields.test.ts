/**
 * What an uploader sends beside the log passes the same privacy redactions as the log: an
 * address or a home path in `source`, in metadata or in an attached file's name was returned
 * by the API and shown on the page as it was sent.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { START_TIMEOUT_MS, startTestApp, type TestApp } from "../support/app.ts";

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => api.stop(), START_TIMEOUT_MS);

const secrets = ["203.0.113.7", "Bob", "bob@example.com", "hunter2"];

test("source, metadata keys, values and labels, and file names are stored redacted", async () => {
  const response = await api.fetch("/v1/log", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      content: "[12:00:00] [Server thread/INFO]: Done (1.2s)!",
      source: "panel@203.0.113.7",
      metadata: [
        { key: "dir", value: "C:\\Users\\Bob\\server", label: "Owner bob@example.com", visible: true },
        { key: "rcon.password=hunter2", value: "x" },
      ],
      files: [
        { name: "logs/203.0.113.7.log", content: "a" },
        { name: "logs/198.51.100.9.log", content: "b" },
        { name: "crash-bob@example.com.txt", content: "c" },
      ],
    }),
  });
  expect(response.status).toBe(200);
  const uploaded = await response.json();
  const info = await (await api.fetch(`/v1/log/${uploaded.id}`)).json();
  for (const answer of [uploaded, info]) {
    const shown = JSON.stringify({ source: answer.source, metadata: answer.metadata, files: answer.files });
    for (const secret of secrets) expect(shown).not.toContain(secret);
    expect(answer.source).toBe("panel@**.**.**.**");
    expect(answer.metadata[0]).toMatchObject({ value: "C:\\Users\\********\\server", label: "Owner ********@********" });
    // two names that redact alike both stay reachable
    expect(answer.files.map((file: { name: string }) => file.name)).toEqual([
      "logs/**.**.**.**.log",
      "logs/**.**.**.** (2).log",
      "********@********.txt",
    ]);
  }
  const page = await (await api.fetch(`/${uploaded.id}`, { headers: { accept: "text/html" } })).text();
  for (const secret of ["203.0.113.7", "C:\\Users\\Bob"]) expect(page).not.toContain(secret);
  const second = await api.fetch(`/v1/raw/${uploaded.id}/${encodeURIComponent("logs/**.**.**.** (2).log").replaceAll("%2F", "/")}`);
  expect(await second.text()).toBe("b");
});
