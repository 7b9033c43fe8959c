/**
 * The AI analysis service (no HTTP here): answers from the cache when it can, joins a live run of
 * the same question when there is one, otherwise runs the engine and the agent; a finished answer
 * is kept for the next reader of the same log.
 */
import type { Insights } from "../analysis/model";
import { explainLog } from "./agent";
import { answerCacheKey, createAnswerCache, replayAnswer } from "./answer-cache";
import type { AiConfig } from "./config";
import { engineInsights } from "./engine-brief";
import { status, type AiEvent } from "./events";
import { createLanguageModel } from "./provider";
import { sharedRuns } from "./shared-runs";
import { silentLogger, type AiLog, type AiLogger, type AiStats } from "./types";

export interface AiAnalyst {
  /** The analysis as events; `signal` aborts the upstream model call when the client leaves. */
  analyse(log: AiLog, language: string, signal: AbortSignal): AsyncGenerator<AiEvent>;
}

export function createAiAnalyst(config: AiConfig, logger: AiLogger = silentLogger, stats?: AiStats): AiAnalyst {
  const model = createLanguageModel(config, logger);
  const cache = createAnswerCache(config);
  const runs = sharedRuns();

  async function* analyse(log: AiLog, language: string, signal: AbortSignal): AsyncGenerator<AiEvent> {
    const key = answerCacheKey(config, log.hash, language);
    const cached = cache.get(key);
    if (cached) {
      yield* replayAnswer(cached);
      return;
    }
    yield* runs.follow(key, signal, (runSignal) => liveAnalysis(key, log, language, runSignal));
  }

  async function* liveAnalysis(key: string, log: AiLog, language: string, signal: AbortSignal): AsyncGenerator<AiEvent> {
    // First event before any work, so the client sees the stream is alive at once.
    yield status("started", { cached: false, model: config.model, language });

    const insights = safeInsights(log.files[0]?.content ?? "");
    let answer = "";
    for await (const event of explainLog({ model, config, log, insights, language, signal })) {
      if (event.kind === "delta") answer += event.text;
      if (event.kind === "error") {
        logger("warn", "AI analysis failed", { code: event.data.code, reason: event.data.error, provider: config.provider, model: config.model, logId: log.id ?? null });
      }
      if (event.kind === "done" && stats) {
        const usage = event.data.usage as { inputTokens?: number; outputTokens?: number } | undefined;
        stats.inputTokens += usage?.inputTokens ?? 0;
        stats.outputTokens += usage?.outputTokens ?? 0;
      }
      if (event.kind === "done" && answer.trim().length > 0) {
        const { status: _status, cached: _cached, ...done } = event.data;
        cache.set(key, { text: answer, done });
      }
      yield event;
    }
  }

  return { analyse };
}

/** An engine failure must not cost the user the AI answer: the agent can still read the log. */
function safeInsights(text: string): Insights {
  try {
    return engineInsights(text);
  } catch {
    return {
      id: "unknown",
      name: null,
      type: "unknown",
      version: null,
      title: "Unknown log (the local engine could not analyse it)",
      entries: [],
      analysis: { problems: [], information: [] },
    };
  }
}
