/**
 * Which pages may start AI analyses (docs/API.md, AI analysis: Who may ask), over the real app:
 * our own pages and non-browser clients may; pages of other origins, and embeds on other sites,
 * may not, so a third-party page cannot spend the model from its visitors' browsers.
 */
import { describe, expect, test } from "bun:test";
import { answering, startAiApp } from "./harness.ts";
import { readAllFrames } from "./sse-client.ts";

const app = startAiApp({ PUBLIC_URL: "https://logs.example.com", AI_ALLOWED_ORIGINS: "https://panel.example.net" });

describe("AI requests from other origins", () => {
  test("a page of another origin is refused 403 origin_not_allowed before any model call, by GET and by POST", async () => {
    const upstream = app.script(answering("An answer."));
    const id = await app.uploadLog();
    const foreign = { origin: "https://evil.example.org", "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors" };

    const byGet = await app.fetch(`/v1/ai/${id}?lang=en`, { headers: foreign });
    expect(byGet.status).toBe(403);
    expect(byGet.headers.get("content-type")).toStartWith("application/json");
    const body = await byGet.json();
    expect(body).toMatchObject({ success: false, code: "origin_not_allowed" });
    expect(body.error).toContain("AI_ALLOWED_ORIGINS");

    const byPost = await app.fetch("/v1/ai/analyse", {
      method: "POST",
      headers: { ...foreign, "content-type": "application/json" },
      body: JSON.stringify({ id }),
    });
    expect(byPost.status).toBe(403);
    // A sandboxed frame or a data: page sends "null".
    expect((await app.fetch(`/v1/ai/${id}`, { headers: { origin: "null" } })).status).toBe(403);
    expect(upstream.calls).toHaveLength(0);
  });

  test("an embed on another site (an <img> or <iframe>: no Origin, Sec-Fetch-Site cross-site) is refused", async () => {
    const upstream = app.script(answering("An answer."));
    const id = await app.uploadLog();
    for (const site of ["cross-site", "same-site"]) {
      const response = await app.fetch(`/v1/ai/${id}`, { headers: { "sec-fetch-site": site, "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors" } });
      expect(response.status).toBe(403);
    }
    expect(upstream.calls).toHaveLength(0);
  });
});

describe("AI requests that are admitted", () => {
  test("our own page (same-origin fetch), PUBLIC_URL's origin, an allowed origin and non-browser clients", async () => {
    app.script(answering("An answer."));
    const id = await app.uploadLog();
    const admitted: Record<string, string>[] = [
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", accept: "text/event-stream" },
      { origin: "https://logs.example.com", "sec-fetch-site": "same-origin" },
      // An older browser on our page sends Origin without Sec-Fetch-Site.
      { origin: "https://logs.example.com" },
      { origin: "https://panel.example.net", "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "none" },
      {},
    ];
    for (const headers of admitted) {
      const response = await app.fetch(`/v1/ai/${id}`, { headers });
      expect(response.status).toBe(200);
      expect((await readAllFrames(response)).at(-1)?.event).toBe("done");
    }
  });
});
