/**
 * The AI routes (controller): GET /ai/:id and POST /ai/analyse, unprefixed; the app mounts them
 * under /v1 and /1. Everything that can fail before the first byte is an ordinary JSON error
 * (503 ai_disabled, 403 foreign origin, 400 bad lang, 404 unknown log, 429 a stream or run limit);
 * after that, failures are `error` events inside the stream.
 */
import { Elysia } from "elysia";
import { clientOf } from "../edge/app-request.ts";
import { decodeBody } from "../edge/body.ts";
import { ApiError, errorResponses } from "../errors.ts";
import { UploadJson } from "../logs/model.ts";
import { uploadRequestBody } from "../logs/routes.ts";
import { aiDocumentation, AiStoredLogReference } from "./model.ts";
import { once } from "./admission.ts";
import { createAiAnalyst } from "./analyst.ts";
import type { AiConfig } from "./config.ts";
import { answerLanguage } from "./language.ts";
import { aiOriginPolicy } from "./origin-policy.ts";
import { eventStreamResponse } from "./sse.ts";
import { requestOf, type AiLog, type AiLogger, type AiLogRequest } from "./types.ts";
import { createAiStats, type AiStats } from "../ops/ai-stats.ts";
import type { ShutdownSignal } from "../ops/shutdown.ts";
import type { UploadBody } from "../logs/upload-input.ts";

export interface AiDeps {
  config: AiConfig | null;
  /** A stored log, or null when the id is unknown; its texts are read only if a model run starts. */
  loadLog(id: string): Promise<AiLogRequest | null>;
  /** Reads a request body within the upload limits (Content-Encoding undone); nothing parsed yet. */
  readBody(request: Request): Promise<UploadBody>;
  /** The log an upload-shaped body holds (text/JSON/form/multipart), filtered; throws ApiError. */
  logOfBody(body: UploadBody): Promise<AiLog>;
  /** Optional: where upstream trouble is reported (refused keys, failed or stalled analyses). Silent by default. */
  log?: AiLogger;
  /** Kept current for the metrics: streams, runs, model requests and tokens. */
  stats?: AiStats;
  /** When the service shuts down, open streams end with an `error` event (code shutting_down) and live runs stop. */
  shutdown?: ShutdownSignal;
  /** PUBLIC_URL's origin: our own pages, which may always start analyses. */
  publicOrigin?: string;
}

/** The part of Bun's server the route uses: lifting the idle timeout for a long-lived stream. */
interface IdleTimeoutControl {
  timeout(request: Request, seconds: number): void;
}

export function aiRoutes(deps: AiDeps) {
  const { config } = deps;
  const stats = deps.stats ?? createAiStats();
  const analyst = config ? createAiAnalyst(config, deps.log, stats) : null;
  const checkOrigin = aiOriginPolicy(deps.publicOrigin ?? null, config?.allowedOrigins ?? []);
  deps.shutdown?.onShutdown(() => analyst?.abortRuns(new Error("the server is shutting down")));

  /** Checks that cost nothing come first: AI configured, and a page allowed to ask. */
  const admitRequest = (request: Request) => {
    if (!analyst || !config) throw new ApiError("ai_disabled", "AI analysis is not configured on this server");
    checkOrigin(request);
    return { analyst, config };
  };

  const loadStored = async (id: string): Promise<AiLogRequest> => {
    const log = await deps.loadLog(id);
    if (!log) throw new ApiError("log_not_found", `No log with id ${JSON.stringify(id)}`);
    return log;
  };

  const openStream = (
    { analyst, config }: ReturnType<typeof admitRequest>,
    log: AiLogRequest,
    language: string,
    request: Request,
    server: IdleTimeoutControl | null,
  ): Response => {
    if (deps.shutdown?.hasBegun) {
      throw new ApiError("ai_unavailable", "The server is shutting down; try again in a moment.", { "retry-after": "5" });
    }
    const clientGone = new AbortController();
    // Throws the 429s; from here on the stream is admitted. The client is the rate limiter's (IPv4, or IPv6 /64).
    const opened = analyst.open(log, language, clientOf(request)?.group ?? null, clientGone.signal);
    stats.openStreams++;
    const release = once(() => {
      opened.release();
      stats.openStreams--;
    });

    // Bun closes connections idle for 10 s by default; a model can think longer than that.
    server?.timeout(request, 0);

    const onRequestAbort = () => {
      clientGone.abort(request.signal.reason);
      release();
    };
    request.signal.addEventListener("abort", onRequestAbort, { once: true });

    return eventStreamResponse(opened.events, {
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
        const ai = admitRequest(request);
        const language = answerLanguage(request);
        const log = await loadStored(params.id);
        return openStream(ai, log, language, request, server);
      },
      {
        response: errorResponses(400, 403, 404, 429, 503),
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
        const ai = admitRequest(request);
        const language = answerLanguage(request);
        // Read once, within the limits, whatever its framing (a chunked body has no length to check first).
        const body = await deps.readBody(request);
        const storedId = await storedLogReference(body);
        const log = storedId !== null ? await loadStored(storedId) : requestOf(await deps.logOfBody(body));
        return openStream(ai, log, language, request, server);
      },
      {
        // The raw request goes to readBody, which owns body decoding and its limits.
        parse: "none",
        response: errorResponses(400, 403, 404, 408, 413, 415, 429, 503),
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

const STORED_LOG_REFERENCE_BYTES = 1024;

/** `{"id": "..."}` and nothing else names a stored log; any other body is a log to analyse. */
async function storedLogReference(upload: UploadBody): Promise<string | null> {
  if (!/^application\/json\b/i.test(upload.contentType ?? "")) return null;
  // A stored-log reference is tiny; a large JSON body is an upload, decoded and parsed once, on the intake's workers.
  if (upload.bytes.byteLength > STORED_LOG_REFERENCE_BYTES) return null;
  let body: unknown;
  try {
    const bytes = await decodeBody(upload, STORED_LOG_REFERENCE_BYTES, () => {});
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null; // bigger once decoded, or malformed: the intake reports it in the upload's own terms
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== "id") return null;
  const id = (body as { id: unknown }).id;
  if (typeof id !== "string" || id === "") throw new ApiError("invalid_id", `"id" must be a non-empty string`);
  return id;
}
