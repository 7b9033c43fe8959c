/**
 * The real app with its AI button switched on, in front of the AI test harness (test/ai): the
 * pages and the logs API come from createApp; /v1/ai/* goes to the harness's aiRoutes, which
 * talk to a scripted OpenAI-compatible model server. Stands in until the app mounts the AI routes
 * itself; then these tests can use startTestApp with AI_* variables.
 */
import { loadConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/storage/database.ts";
import { createApp } from "../../src/app.ts";
import { scriptedUpstream, type Script, type ScriptedUpstream } from "../ai/scripted-upstream.ts";
import { startAiTestServer } from "../ai/support.ts";

export interface AiPageServer {
  url: string;
  upstream: ScriptedUpstream;
  upload(content: string): Promise<{ id: string; token: string }>;
  stop(): Promise<void>;
}

export async function startAiPageServer(script: Script): Promise<AiPageServer> {
  const upstream = scriptedUpstream("openai", script);
  const ai = startAiTestServer({ AI_PROVIDER: "openai", AI_BASE_URL: upstream.url, AI_MODEL: "scripted-model", AI_API_KEYS: "key-1" });
  const database = await openDatabase({ url: undefined, dataDir: "memory" });
  const service = createApp({ config: loadConfig({ PORT: "0" }), database, logError: () => {}, aiEnabled: true });
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 0,
    fetch(request) {
      const url = new URL(request.url);
      if (url.pathname.startsWith("/v1/ai/")) {
        return fetch(ai.url + url.pathname + url.search, { headers: request.headers, signal: request.signal });
      }
      return service.app.handle(request);
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  return {
    url: base,
    upstream,
    async upload(content) {
      const response = await fetch(`${base}/v1/log`, { method: "POST", headers: { "content-type": "text/plain" }, body: content });
      const body = (await response.json()) as { id: string; token: string };
      ai.addLog(body.id, content);
      return body;
    },
    async stop() {
      server.stop(true);
      ai.stop();
      upstream.stop();
      await service.stopBackground();
      await database.close();
    },
  };
}
