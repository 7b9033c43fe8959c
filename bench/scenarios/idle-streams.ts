/**
 * 1,000 idle AI streams: GET /v1/ai/{id} held open against a model provider that stalls after its
 * first frame; the service's RSS before, with all streams open, and after they are closed.
 * Streams are plain sockets (Bun.connect), so the client has no fetch concurrency cap.
 *
 * Skipped, with a note, when the service does not list /v1/ai/ in its index (the AI module not
 * mounted yet): run `bun run bench --scenario sse-idle` again once it is.
 */
import type { BenchContext, ResultRow, Scenario } from "../context.ts";
import { forgeServerLog } from "../fixtures.ts";
import { uploadText } from "../seed.ts";

const STREAMS = 1_000;
const OPEN_TIMEOUT_MS = 60_000;

export const idleStreamsScenario: Scenario = {
  name: "sse-idle",
  describe: `${STREAMS} idle GET /v1/ai/{id} streams against a stalled scripted upstream: service RSS`,
  async run(ctx: BenchContext): Promise<ResultRow[]> {
    const index = (await (await fetch(`${ctx.service.url}/v1`)).json()) as { endpoints?: string[] };
    if (!index.endpoints?.some((endpoint) => endpoint.includes("/v1/ai/"))) {
      return [{ scenario: "sse-idle", target: "logpaste", note: "skipped: the AI routes are not mounted (GET /v1 lists no /v1/ai/); re-run with --scenario sse-idle once they are" }];
    }
    const upstream = await ctx.start("scripted upstream", ["bun", "run", "bench/ai-upstream.ts"], {});
    const service = await ctx.start("logpaste (AI on)", ["bun", "run", "src/index.ts"], {
      ...ctx.serviceEnv,
      AI_PROVIDER: "openai",
      AI_BASE_URL: upstream.url,
      AI_MODEL: "scripted-model",
      AI_API_KEYS: "bench-key",
      AI_MAX_STREAMS: String(STREAMS + 100),
      AI_STALL_TIMEOUT_MS: "3600000",
      AI_MAX_DURATION_MS: "3600000",
      AI_CACHE_TTL_SECONDS: "0",
      // Each stream holds one upstream fetch; Bun runs at most 256 at once unless told otherwise
      // (and the AI config refuses AI_MAX_STREAMS above that limit).
      BUN_CONFIG_MAX_HTTP_REQUESTS: String(STREAMS + 200),
    });
    const sockets: Bun.Socket[] = [];
    try {
      const id = await uploadText(service.url, "/v1/log", forgeServerLog());
      Bun.gc(true);
      await Bun.sleep(500);
      const before = service.rssMiB();
      const { hostname, port } = new URL(service.url);
      const started = performance.now();
      const opened = await Promise.allSettled(
        Array.from({ length: STREAMS }, () => openStream(hostname, Number(port), `/v1/ai/${id}`, sockets)),
      );
      const failures = opened.filter((result) => result.status === "rejected");
      const openMs = performance.now() - started;
      await Bun.sleep(2_000);
      const open = service.rssMiB();
      for (const socket of sockets) socket.end();
      await Bun.sleep(2_000);
      const after = service.rssMiB();
      const firstFailure = failures[0]?.status === "rejected" ? String(failures[0].reason) : "";
      return [{
        scenario: "sse-idle", target: "logpaste", connections: STREAMS, rssMiB: open,
        note: `RSS ${before.toFixed(0)} MiB before, ${open.toFixed(0)} MiB with ${STREAMS - failures.length} streams open ` +
          `(${(((open - before) * 1024) / Math.max(1, STREAMS - failures.length)).toFixed(1)} KiB each), ${after.toFixed(0)} MiB after closing; ` +
          `all opened in ${(openMs / 1000).toFixed(1)} s` + (failures.length ? `; ${failures.length} failed: ${firstFailure}` : ""),
      }];
    } finally {
      for (const socket of sockets) socket.end();
      await service.stop();
      await upstream.stop();
    }
  },
};

/** Opens one stream and resolves once its status line (200) and first event have arrived. */
export function openStream(hostname: string, port: number, path: string, sockets: Bun.Socket[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let received = "";
    const timer = setTimeout(() => reject(new Error("no first event within 60 s")), OPEN_TIMEOUT_MS);
    void Bun.connect({
      hostname,
      port,
      socket: {
        open(socket) {
          sockets.push(socket);
          socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`);
        },
        data(_socket, chunk) {
          if (received.length > 4096) return;
          received += chunk.toString();
          if (!received.startsWith("HTTP/1.1 200")) {
            if (received.includes("\r\n")) reject(new Error(received.split("\r\n")[0]));
            return;
          }
          if (received.includes("\r\n\r\n") && received.includes("event:")) {
            clearTimeout(timer);
            resolve();
          }
        },
        close() {
          clearTimeout(timer);
          reject(new Error("closed before the first event"));
        },
        error(_socket, error) {
          clearTimeout(timer);
          reject(error);
        },
      },
    }).catch(reject);
  });
}
