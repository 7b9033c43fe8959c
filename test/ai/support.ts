/**
 * TEST HARNESS ONLY: a minimal Elysia app that mounts aiRoutes under /v1 and /1 with logs from a Map and
 * a text/plain body reader, listening on a real port. Stands in for the real app until it mounts
 * the AI routes.
 */
import { Elysia } from "elysia";
import { aiRoutes, loadAiConfig, type AiLog } from "../../src/ai";
import { ApiError, errorResponse } from "../../src/errors";

export interface AiTestServer {
  url: string;
  /** Stores a log under `id` and returns it. */
  addLog(id: string, content: string, extraFiles?: { name: string; content: string }[]): AiLog;
  stop(): void;
}

export function contentHash(content: string): string {
  return new Bun.CryptoHasher("sha256").update(content).digest("hex");
}

export function startAiTestServer(env: Record<string, string | undefined>): AiTestServer {
  const logs = new Map<string, AiLog>();
  const routes = aiRoutes({
    config: loadAiConfig(env),
    loadLog: async (id) => logs.get(id) ?? null,
    readBody: async (request) => {
      const content = await request.text();
      if (content.length === 0) throw new ApiError("missing_content", "The body is empty");
      return { hash: contentHash(content), files: [{ name: "log", content }] };
    },
  });
  const app = new Elysia()
    .onError({ as: "global" }, ({ error }) => (error instanceof ApiError ? errorResponse(error) : undefined))
    .group("/v1", (group) => group.use(routes))
    .group("/1", (group) => group.use(routes))
    .listen({ port: 0, hostname: "127.0.0.1" });

  return {
    url: `http://127.0.0.1:${app.server!.port}`,
    addLog(id, content, extraFiles = []) {
      const log: AiLog = { id, hash: contentHash(content + extraFiles.map((f) => f.content).join("")), files: [{ name: "latest.log", content }, ...extraFiles] };
      logs.set(id, log);
      return log;
    },
    stop() {
      void app.stop(true);
    },
  };
}
