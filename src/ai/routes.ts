/**
 * The AI routes (controller): GET /ai/:id and POST /ai/analyse, unprefixed; the app mounts them
 * under /v1 and /1. Everything that can fail before the first byte is an ordinary JSON error
 * (503 ai_disabled, 400 bad lang, 404 unknown log, 429 too many streams); after that, failures
 * are `error` events inside the stream.
 */
import { Elysia } from "elysia";
import { ApiError, errorResponses } from "../errors";
import { UploadJson } from "../logs/model.ts";
import { uploadRequestBody } from "../logs/routes.ts";
import { aiDocumentation, AiStoredLogReference } from "./model.ts";
import { createAiAnalyst } from "./analyst";
import type { AiConfig } from "./config";
import { answerLanguage } from "./language";
import { eventStreamResponse } from "./sse";
import { streamSlots } from "./stream-slots";
import type { AiLog, AiLogger, AiStats } from "./types";
import type { ShutdownSignal } from "../ops/shutdown.ts";

export interface AiDeps {
  config: AiConfig | null;
  /** A stored log, or null when the id is unknown. */
  loadLog(id: string): Promise<AiLog | null>;
  /** Decodes an upload-shaped body (text/JSON/form/multipart, content-encoding); throws ApiError. */
  readBody(request: Request): Promise<AiLog>;
  /** Optional: where upstream trouble is reported (refused keys, failed or stalled analyses). Silent by default. */
  log?: AiLogger;
  /** Kept current for the metrics: open streams and tokens used. */
  stats?: AiStats;
  /** When the service shuts down, open streams end with an `error` event (code shutting_down). */
  shutdown?: ShutdownSignal;
}

/** The part of Bun's server the route uses: lifting the idle timeout for a long-lived stream. */
interface IdleTimeoutControl {
  timeout(request: Request, seconds: number): void;
}

export function aiRoutes(deps: AiDeps) {
  const { config } = deps;
  const analyst = config ? createAiAnalyst(config, deps.log, deps.stats) : null;
  const slots = streamSlots(config?.maxStreams ?? 0);
  const syncStats = () => {
    if (deps.stats) deps.stats.openStreams = slots.open;
  };

  const requireAnalyst = () => {
    if (!analyst || !config) throw new ApiError("ai_disabled", "AI analysis is not configured on this server");
    return { analyst, config };
  };

  const loadStored = async (id: string): Promise<AiLog> => {
    const log = await deps.loadLog(id);
    if (!log) throw new ApiError("log_not_found", `No log with id ${JSON.stringify(id)}`);
    return log;
  };

  const openStream = (log: AiLog, language: string, request: Request, server: IdleTimeoutControl | null): Response => {
    const { analyst, config } = requireAnalyst();
    if (deps.shutdown?.hasBegun) {
      throw new ApiError("ai_unavailable", "The server is shutting down; try again in a moment.", { "retry-after": "5" });
    }
    const acquired = slots.tryAcquire();
    if (!acquired) {
      throw new ApiError("too_many_streams", `Too many AI analyses are running (limit ${config.maxStreams}); try again shortly`, {
        "retry-after": "5",
      });
    }
    const release = () => {
      acquired();
      syncStats();
    };
    syncStats();

    // Bun closes connections idle for 10 s by default; a model can think longer than that.
    server?.timeout(request, 0);

    const clientGone = new AbortController();
    const onRequestAbort = () => {
      clientGone.abort(request.signal.reason);
      release();
    };
    request.signal.addEventListener("abort", onRequestAbort, { once: true });

    return eventStreamResponse(analyst.analyse(log, language, clientGone.signal), {
      pingIntervalMs: config.pingIntervalMs,
      onCancel: () => clientGone.abort(new Error("client disconnected")),
      onClose: () => {
        request.signal.removeEventListener("abort", onRequestAbort);
        release();
      },
      registerInterrupt: deps.shutdown
        ? (interrupt) =>
            deps.shutdown!.onShutdown(() =>
              interrupt({
                kind: "error",
                data: { error: "The server is restarting; run the analysis again in a moment.", code: "shutting_down" },
              }),
            )
        : undefined,
    });
  };

  // No plugin name: Elysia would dedupe a named instance, and the app may mount it under two prefixes.
  return new Elysia()
    .get(
      "/ai/:id",
      async ({ params, request, server }) => {
        requireAnalyst();
        const language = answerLanguage(request);
        const log = await loadStored(params.id);
        return openStream(log, language, request, server);
      },
      {
        response: errorResponses(400, 404, 429, 503),
        detail: {
          operationId: "getAiAnalysis",
          summary: "AI analysis of a stored log (server-sent events)",
          description: "Streams an AI explanation of the log: status frames while the model works, the answer in pieces, then `done` or `error`.",
          tags: ["AI"],
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" }, description: "Log id." },
            aiDocumentation.language,
          ],
          responses: { 200: aiDocumentation.stream },
        },
      },
    )
    .post(
      "/ai/analyse",
      async ({ request, server }) => {
        requireAnalyst();
        const language = answerLanguage(request);
        const storedId = await storedLogReference(request);
        const log = storedId !== null ? await loadStored(storedId) : await deps.readBody(request);
        return openStream(log, language, request, server);
      },
      {
        // The raw request goes to readBody, which owns body decoding and its limits.
        parse: "none",
        response: errorResponses(400, 404, 408, 413, 415, 429, 503),
        detail: {
          operationId: "analyseWithAi",
          summary: "AI analysis of a sent or stored log (server-sent events)",
          description:
            "The body is a log in any form POST /log accepts (nothing is stored), or `{\"id\": \"...\"}` naming a stored log. The answer streams as for GET /ai/{id}.",
          tags: ["AI"],
          parameters: [aiDocumentation.language],
          requestBody: {
            required: true,
            content: {
              ...uploadRequestBody.content,
              "application/json": { schema: { anyOf: [AiStoredLogReference, UploadJson] } },
            },
          } as never,
          responses: { 200: aiDocumentation.stream },
        },
      },
    );
}

/**
 * `{"id": "..."}` and nothing else names a stored log; any other body is a log to analyse.
 * Peeks at a clone so readBody still gets the untouched request.
 */
async function storedLogReference(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type) || request.headers.has("content-encoding")) return null;
  const length = Number(request.headers.get("content-length") ?? "NaN");
  // A stored-log reference is tiny; a large JSON body is an upload, no need to parse it twice.
  if (Number.isFinite(length) && length > 1024) return null;
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return null; // readBody reports malformed JSON in the upload's own terms
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== "id") return null;
  const id = (body as { id: unknown }).id;
  if (typeof id !== "string" || id === "") throw new ApiError("invalid_id", `"id" must be a non-empty string`);
  return id;
}
