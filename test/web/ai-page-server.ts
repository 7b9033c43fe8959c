/**
 * The real app (startTestApp) with AI configured against a scripted OpenAI-compatible model
 * server (test/ai/scripted-upstream.ts): the pages, the logs API and the AI stream all come from
 * createApp, as in production.
 */
import { scriptedUpstream, type Script, type ScriptedUpstream } from "../ai/scripted-upstream.ts";
import { startTestApp } from "../support/app.ts";

export interface AiPageServer {
  url: string;
  upstream: ScriptedUpstream;
  upload(content: string): Promise<{ id: string; token: string }>;
  stop(): Promise<void>;
}

export async function startAiPageServer(script: Script): Promise<AiPageServer> {
  const upstream = scriptedUpstream("openai", script);
  const api = await startTestApp({ AI_PROVIDER: "openai", AI_BASE_URL: upstream.url, AI_MODEL: "scripted-model", AI_API_KEYS: "key-1" });
  return {
    url: api.url,
    upstream,
    async upload(content) {
      const response = await api.fetch("/v1/log", { method: "POST", headers: { "content-type": "text/plain" }, body: content });
      return (await response.json()) as { id: string; token: string };
    },
    async stop() {
      await api.stop();
      upstream.stop();
    },
  };
}
