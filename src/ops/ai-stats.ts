/**
 * The AI feature's live figures, as the metrics read them (service-metrics.ts). They live here, with
 * the metrics, and the AI feature keeps them current: the metrics never import the AI.
 */
/**
 * Live figures for the metrics endpoint: the app hands in one object (createAiStats), the AI
 * feature keeps it current. Runs and tokens are counted once per model run, never per reader or
 * cached replay, and whatever becomes of the run: every model call that reports its usage counts.
 */
export interface AiStats {
  /** Streams open now, whatever they read. */
  openStreams: number;
  /** Model runs going on now. */
  liveRuns: number;
  runsStarted: number;
  /** Runs that ended: with an answer, with an error event (provider failure, timeout), or cut off (shutdown). */
  runsEnded: Record<"completed" | "failed" | "aborted", number>;
  /** HTTP requests sent to the provider, every key tried included. */
  modelRequests: number;
  inputTokens: number;
  outputTokens: number;
}

export function createAiStats(): AiStats {
  return {
    openStreams: 0,
    liveRuns: 0,
    runsStarted: 0,
    runsEnded: { completed: 0, failed: 0, aborted: 0 },
    modelRequests: 0,
    inputTokens: 0,
    outputTokens: 0,
  };
}
