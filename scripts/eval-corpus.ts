#!/usr/bin/env bun
/**
 * Scores the engine against a reference corpus with ../shared/tools/insights-score.ts.
 *
 *   bun scripts/eval-corpus.ts --corpus ../shared/corpus/minecraft [scorer args...]
 *   bun scripts/eval-corpus.ts --engine-only --corpus ../shared/corpus/hytale
 *
 * The scorer talks HTTP, so a server is started on a free port. When the real app (createApp
 * from src/app.ts, PGlite in memory) answers `POST /v1/analyse`, it is scored as deployed;
 * otherwise (or with --engine-only) a minimal Bun.serve wraps analyseLog directly, which
 * measures the engine alone. Every other argument goes to the scorer unchanged.
 */
import { resolve } from "node:path";
import { analyseLog } from "../src/analysis/index.ts";

const SCORER = resolve(import.meta.dir, "../../shared/tools/insights-score.ts");

interface RunningServer {
  url: string;
  label: string;
  stop(): Promise<void>;
}

/** Just the engine: `POST /v1/analyse` with a text body -> the insights JSON. */
function startEngineServer(): RunningServer {
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/v1/analyse") return new Response("not found", { status: 404 });
      return Response.json(analyseLog(new Uint8Array(await request.arrayBuffer())));
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, label: "engine only (minimal server)", stop: async () => server.stop(true) };
}

/** The real app, if it builds and already serves the analyse route; null otherwise. */
async function startRealApp(): Promise<RunningServer | null> {
  try {
    const { createApp } = await import("../src/app.ts");
    const { loadConfig } = await import("../src/config.ts");
    const { openDatabase } = await import("../src/storage/database.ts");
    const config = loadConfig({ PORT: "0" });
    const database = await openDatabase({ dataDir: "memory" });
    const service = createApp({ config, database, logError: () => {} });
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => service.app.handle(request) });
    const url = `http://127.0.0.1:${server.port}`;
    const stop = async () => {
      server.stop(true);
      await service.stopBackground();
      await database.close();
    };
    const probe = await fetch(`${url}/v1/analyse`, { method: "POST", headers: { "content-type": "text/plain" }, body: "probe\n" });
    const body = probe.ok ? ((await probe.json()) as { id?: unknown }) : null;
    if (!body || typeof body.id !== "string") {
      await stop();
      return null;
    }
    return { url, label: "real app (createApp)", stop };
  } catch (error) {
    console.error(`real app not usable (${(error as Error).message}); using the engine-only server`);
    return null;
  }
}

const args = Bun.argv.slice(2);
const engineOnly = args.includes("--engine-only");
const scorerArgs = args.filter((a) => a !== "--engine-only");

const server = (engineOnly ? null : await startRealApp()) ?? startEngineServer();
console.log(`scoring ${server.label} at ${server.url}`);
const scorer = Bun.spawn(["bun", SCORER, "--base", server.url, ...scorerArgs], { stdout: "inherit", stderr: "inherit" });
const exitCode = await scorer.exited;
await server.stop();
process.exit(exitCode);
