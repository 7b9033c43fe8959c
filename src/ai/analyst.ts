/**
 * The AI analysis service (no HTTP here): answers from the cache when it can, joins a live run of
 * the same question when there is one, otherwise starts a run of the engine and the agent, if the
 * client's limits admit it (admission.ts). A run goes on to its end whoever still reads it, and a
 * finished answer is kept for the next reader of the same log.
 */
import type { Insights } from "../analysis/model.ts";
import { ApiError } from "../errors.ts";
import { aiAdmission, once, type Release } from "./admission.ts";
import { answerCacheKey, createAnswerCache, replayAnswer } from "./answer-cache.ts";
import type { AiConfig } from "./config.ts";
import { engineInsights } from "./engine-brief.ts";
import { status, type AiEvent } from "./events.ts";
import { sharedRuns } from "./shared-runs.ts";
import { silentLogger, type AiLog, type AiLogger, type AiLogRequest } from "./types.ts";
import { createAiStats, type AiStats } from "../ops/ai-stats.ts";

export interface OpenedAnalysis {
  /** The events this reader gets; they end when `signal` (the reader's) fires. */
  events: AsyncGenerator<AiEvent>;
  /** Gives back what the reader holds of its client's share; call it when its stream closes. */
  release: Release;
}

export interface AiAnalyst {
  /**
   * Admits and opens one reader's analysis, synchronously, so that simultaneous requests see one
   * another: a cached answer, the live run of the same question, or a fresh run. `client` is who
   * asks (the rate limiter's client group; null outside the edge, where no per-client limit
   * applies). Throws the 429 ApiError when a limit refuses.
   */
  open(log: AiLogRequest, language: string, client: string | null, signal: AbortSignal): OpenedAnalysis;
  /** Ends every live run (server shutdown). */
  abortRuns(reason: unknown): void;
}

export function createAiAnalyst(config: AiConfig, logger: AiLogger = silentLogger, stats: AiStats = createAiStats()): AiAnalyst {
  // The model SDKs (ai, zod, the providers) load with the first run, not at start-up: they are
  // about 15 MiB of RSS that a server whose readers never ask for an analysis does not need.
  let modelStack: Promise<{ explainLog: typeof import("./agent.ts").explainLog; model: import("ai").LanguageModel }> | undefined;
  const loadModelStack = () =>
    (modelStack ??= Promise.all([import("./agent.ts"), import("./provider.ts")]).then(([agent, provider]) => ({
      explainLog: agent.explainLog,
      model: provider.createLanguageModel(config, logger, () => stats.modelRequests++),
    })));
  const cache = createAnswerCache(config);
  const runs = sharedRuns();
  const admission = aiAdmission(config);

  /** Who started each live run, and whether a stream of theirs is reading it (it rides on the run's unit of their share). */
  const starters = new Map<string, { client: string | null; reading: boolean }>();
  const starterSeat = (starter: { reading: boolean }): Release => {
    starter.reading = true;
    return once(() => (starter.reading = false));
  };

  function open(log: AiLogRequest, language: string, client: string | null, signal: AbortSignal): OpenedAnalysis {
    const key = answerCacheKey(config, log.hash, language);
    const cached = cache.get(key);
    if (cached) return { release: admission.reader(client), events: untilAborted(replayAnswer(cached), signal) };
    const live = runs.live(key);
    if (live) {
      // A starter who hung up and asks again takes its seat back: it still holds the run's unit.
      const starter = starters.get(key);
      const release = starter && client !== null && starter.client === client && !starter.reading ? starterSeat(starter) : admission.reader(client);
      return { release, events: live.follow(signal) };
    }

    // The run holds its slot and a unit of its starter's share until it ends; the starter's stream sits on that unit.
    const releaseRun = admission.run(client);
    const starter = { client, reading: false };
    starters.set(key, starter);
    stats.liveRuns++;
    const run = runs.start(key, (runSignal) => liveAnalysis(key, log, language, runSignal), () => {
      starters.delete(key);
      stats.liveRuns--;
      releaseRun();
    });
    return { release: starterSeat(starter), events: run.follow(signal) };
  }

  async function* liveAnalysis(key: string, request: AiLogRequest, language: string, signal: AbortSignal): AsyncGenerator<AiEvent> {
    stats.runsStarted++;
    let outcome: keyof AiStats["runsEnded"] = "aborted";
    try {
      // First event before any work, so the client sees the stream is alive at once.
      yield status("started", { cached: false, model: config.model, language });

      const { explainLog, model } = await loadModelStack();
      const log: AiLog = { id: request.id, hash: request.hash, files: await request.readFiles() };
      const insights = (await storedInsights(request, signal, config.maxDurationMs / 10)) ?? (await safeInsights(log.files[0]?.content ?? ""));
      const onUsage = (usage: { inputTokens: number | undefined; outputTokens: number | undefined }) => {
        stats.inputTokens += usage.inputTokens ?? 0;
        stats.outputTokens += usage.outputTokens ?? 0;
      };
      let answer = "";
      for await (const event of explainLog({ model, config, log, insights, language, signal, onUsage })) {
        if (event.kind === "delta") answer += event.text;
        if (event.kind === "error") {
          outcome = "failed";
          logger("warn", "AI analysis failed", { code: event.data.code, reason: event.data.error, provider: config.provider, model: config.model, logId: log.id ?? null });
        }
        if (event.kind === "done") {
          outcome = "completed";
          if (answer.trim().length > 0) {
            const { status: _status, cached: _cached, ...done } = event.data;
            cache.set(key, { text: answer, done });
          }
        }
        yield event;
      }
    } finally {
      stats.runsEnded[outcome]++;
    }
  }

  return { open, abortRuns: (reason) => runs.abortAll(reason) };
}

/** A replay stops as soon as its reader has gone, like a followed run. */
async function* untilAborted(events: Iterable<AiEvent>, signal: AbortSignal): AsyncGenerator<AiEvent> {
  for (const event of events) {
    if (signal.aborted) return;
    yield event;
  }
}

/** What the agent is told when the engine's findings cannot be had: it can still read the log. */
const NO_INSIGHTS: Insights = {
  id: "unknown",
  name: null,
  type: "unknown",
  version: null,
  title: "Unknown log (the local engine could not analyse it)",
  entries: [],
  analysis: { problems: [], information: [] },
};

/**
 * A stored log's findings, from the analyses every reader shares (analyses.ts); null for a posted
 * body, or when they cannot be had (the run then analyses the text it has read). While first
 * analyses are turned away because the byte budget is spent (server_busy), the run waits as
 * Retry-After says instead: analysing the text itself would do the same work on this thread,
 * outside the budget, at the moment memory is short. It waits at most `maxWaitMs` (a tenth of
 * AI_MAX_DURATION_MS, whose own timer starts with the model), then goes on without the findings:
 * the agent can still read the log with its tools.
 */
async function storedInsights(request: AiLogRequest, signal: AbortSignal, maxWaitMs: number): Promise<Insights | null> {
  if (!request.readInsights) return null;
  const deadline = performance.now() + maxWaitMs;
  for (;;) {
    try {
      return await request.readInsights();
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== "server_busy") return null;
      const left = deadline - performance.now();
      if (left <= 0) return NO_INSIGHTS;
      await untilRetry(Math.min(left, (error.retryAfterS ?? 2) * 1000), signal);
      if (signal.aborted) return NO_INSIGHTS;
    }
  }
}

/** Waits `ms`, or less when `signal` fires first. */
function untilRetry(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** An engine failure must not cost the user the AI answer: the agent can still read the log. */
async function safeInsights(text: string): Promise<Insights> {
  try {
    return await engineInsights(text);
  } catch {
    return NO_INSIGHTS;
  }
}
