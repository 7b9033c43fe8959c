/**
 * The agent loop: the ai SDK's streamText runs the model and the tool rounds; this file turns its
 * stream into analysis events and enforces our limits on top of it:
 * - a round limit: when the model still wants tools after `maxRounds` rounds, it gets one last
 *   call with tools switched off (and a `limit` status tells the client why);
 * - a stall timeout: no stream part for `stallTimeoutMs` aborts the upstream call;
 * - a duration cap, and the caller's signal aborting the upstream call at once;
 * - a tool-call budget per step and per run, with calls carried out one at a time (tool-budget.ts).
 */
import { APICallError, isStepCount, streamText, type LanguageModel } from "ai";
import type { Insights } from "../analysis/model.ts";
import type { AiConfig } from "./config.ts";
import { status, type AiEvent } from "./events.ts";
import { firstMessage, systemPrompt } from "./prompt.ts";
import { nextTurn } from "./next-turn.ts";
import { toolCallBudget } from "./tool-budget.ts";
import { createLogTools } from "./tools.ts";
import type { AiLog } from "./types.ts";

export interface ExplainRequest {
  model: LanguageModel;
  config: AiConfig;
  log: AiLog;
  insights: Insights;
  language: string;
  /** Aborts the analysis (server shutdown). */
  signal: AbortSignal;
  /** Told the tokens of every model call that reports them, whatever becomes of the analysis. */
  onUsage?(usage: { inputTokens: number | undefined; outputTokens: number | undefined }): void;
}

class StallError extends Error {}
class DurationError extends Error {}

/** How long the stream's parts are handled before other requests get a turn. */
const partSliceMs = 4;

const finalRoundNote =
  "\n\nYou have used all your tool rounds. Do not call tools any more: answer now with what you have found.";

/** Live analysis events, ending with `done` or `error` (nothing more once the client is gone). */
export async function* explainLog(request: ExplainRequest): AsyncGenerator<AiEvent> {
  const { config, signal } = request;
  const upstream = new AbortController();
  const abortUpstream = () => upstream.abort(signal.reason);
  if (signal.aborted) return;
  signal.addEventListener("abort", abortUpstream, { once: true });

  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  const armStallTimer = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(
      () => upstream.abort(new StallError(`The model sent nothing for ${duration(config.stallTimeoutMs)}`)),
      config.stallTimeoutMs,
    );
  };
  const durationTimer = setTimeout(
    () => upstream.abort(new DurationError(`The analysis took longer than ${duration(config.maxDurationMs)}`)),
    config.maxDurationMs,
  );

  const instructions = systemPrompt(request.language, config.maxRounds);
  let limitReached = false;
  let limitAnnounced = false;
  let round = 0;
  let toolRounds = 0;
  let answered = false;

  const toolCalls = toolCallBudget({ perStep: config.maxToolCallsPerStep, perRun: config.maxToolCallsPerRun });

  try {
    armStallTimer();
    const result = streamText({
      model: request.model,
      instructions,
      prompt: firstMessage(request.log, request.insights),
      tools: config.maxRounds > 0 ? createLogTools(request.log, toolCalls) : undefined,
      // One call at a time, so the budget counts them in order and each waits its turn of the event loop.
      toolCallConcurrency: 1,
      stopWhen: isStepCount(config.maxRounds + 1),
      prepareStep: ({ stepNumber }) => {
        toolCalls.nextStep();
        if (config.maxRounds === 0 || stepNumber < config.maxRounds) return {};
        limitReached = true;
        return { toolChoice: "none", instructions: instructions + finalRoundNote };
      },
      maxOutputTokens: config.maxOutputTokens,
      temperature: config.temperature,
      // Key failover already retries across keys; the SDK's own backoff would only add latency.
      maxRetries: 0,
      abortSignal: upstream.signal,
      // Errors arrive as stream parts and become error events; the SDK's default console logging
      // would print the request, which holds the user's log.
      onError: () => {},
    });

    // Hundreds of parts can arrive in one network read (a step of 300 tool calls); the SDK turns
    // them into parts as fast as we pull, so pulling in slices lets other requests in between.
    let sliceStart = performance.now();
    for await (const part of result.stream) {
      if (performance.now() - sliceStart > partSliceMs) {
        await nextTurn();
        sliceStart = performance.now();
      }
      armStallTimer();
      switch (part.type) {
        case "start-step":
          if (limitReached && !limitAnnounced) {
            limitAnnounced = true;
            yield status("limit", { rounds: config.maxRounds, message: "Tool round limit reached; answering with what was found." });
          }
          round++;
          yield status("thinking", { round });
          break;
        case "finish-step":
          if (part.finishReason === "tool-calls") toolRounds++;
          request.onUsage?.(part.usage);
          break;
        case "text-delta":
          if (part.text.length > 0) {
            answered = true;
            yield { kind: "delta", text: part.text };
          }
          break;
        case "tool-call":
          yield status("tool", { id: part.toolCallId, name: part.toolName, input: part.input });
          break;
        case "tool-result":
          yield status("tool_result", { id: part.toolCallId, name: part.toolName, ok: true, chars: outputLength(part.output) });
          break;
        case "tool-error":
          yield status("tool_result", { id: part.toolCallId, name: part.toolName, ok: false, error: errorMessage(part.error) });
          break;
        case "error":
          yield { kind: "error", data: describeFailure(part.error, upstream.signal) };
          return;
        case "abort":
          if (!signal.aborted) yield { kind: "error", data: describeFailure(upstream.signal.reason, upstream.signal) };
          return;
        case "finish":
          // E.g. a model that ignored "no more tools" on the last round: say so rather than end silently.
          if (!answered) {
            yield { kind: "error", data: { error: "The model finished without writing an answer.", code: "ai_unavailable" } };
            return;
          }
          yield {
            kind: "done",
            data: {
              status: "completed",
              cached: false,
              model: config.model,
              rounds: toolRounds,
              limited: limitReached,
              finishReason: part.finishReason,
              usage: { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens },
            },
          };
          return;
      }
    }
    // The stream ended without finish, error or abort: treat as an upstream failure.
    if (!signal.aborted) yield { kind: "error", data: describeFailure(upstream.signal.reason, upstream.signal) };
  } catch (error) {
    if (!signal.aborted) yield { kind: "error", data: describeFailure(error, upstream.signal) };
  } finally {
    clearTimeout(stallTimer);
    clearTimeout(durationTimer);
    signal.removeEventListener("abort", abortUpstream);
    // Whatever ended us (client gone, consumer stopped early), the upstream call ends too.
    if (!upstream.signal.aborted) upstream.abort(new Error("analysis stream closed"));
  }
}

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

function outputLength(output: unknown): number {
  return typeof output === "string" ? output.length : JSON.stringify(output ?? null).length;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describeFailure(error: unknown, upstream: AbortSignal): Extract<AiEvent, { kind: "error" }>["data"] {
  const reason = upstream.aborted ? upstream.reason : undefined;
  if (reason instanceof StallError || reason instanceof DurationError) return { error: reason.message, code: "ai_timeout" };
  if (error instanceof StallError || error instanceof DurationError) return { error: error.message, code: "ai_timeout" };
  if (APICallError.isInstance(error)) {
    const status = error.statusCode === undefined ? "no answer" : `HTTP ${error.statusCode}`;
    return { error: `The model provider failed (${status}).`, code: "ai_unavailable" };
  }
  return { error: `The model provider failed: ${errorMessage(error)}`, code: "ai_unavailable" };
}
