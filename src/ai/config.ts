/**
 * The AI feature's settings, as the rest of the AI receives them. They are read and validated with
 * every other variable, in one pass, by the configuration schema (src/config.ts, `aiSpec`).
 * No AI_PROVIDER means the feature is off (the routes answer 503 ai_disabled); a provider with
 * bad values is a start-up error, never a silent fallback.
 */

export type AiProviderKind = "openai" | "anthropic";

export interface AiConfig {
  provider: AiProviderKind;
  /** Endpoint root, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  model: string;
  /** Tried in order; the next one takes over on 401/403/429/5xx. Empty for keyless servers. */
  apiKeys: string[];
  /** Tool-using rounds before the model must answer without tools. */
  maxRounds: number;
  /** Model runs at once across the process (each holds an upstream connection); beyond it 429 too_many_streams. */
  maxStreams: number;
  /** Streams one client may hold open at once (its runs still going count too); beyond it 429 too_many_streams. */
  maxStreamsPerClient: number;
  /** Fresh model runs one client may start per `runsWindowMs`; cached answers and joined runs are free. */
  runsPerClient: number;
  runsWindowMs: number;
  /** Tool calls the model may make in one step, and in one run; calls beyond are refused to the model. */
  maxToolCallsPerStep: number;
  maxToolCallsPerRun: number;
  /**
   * Browser origins besides PUBLIC_URL's that may start AI analyses; "*" allows any. A request
   * from any other origin is refused, so a third-party page cannot spend our model on its visitors.
   */
  allowedOrigins: string[];
  /** An upstream that sends nothing for this long is given up (error event). */
  stallTimeoutMs: number;
  /** Hard cap on one analysis, whatever the upstream does. */
  maxDurationMs: number;
  /** Interval of `: ping` comments that keep proxies from closing an idle stream. */
  pingIntervalMs: number;
  /** How long a finished answer is replayed instead of asking the model again; 0 = no cache. */
  cacheTtlMs: number;
  /** Upper bound of the answer cache, in bytes of answer text. */
  cacheMaxBytes: number;
  maxOutputTokens: number;
  /** Unset = the provider's default. */
  temperature: number | undefined;
}

/** Where each provider's API lives when AI_BASE_URL does not say (the configuration reads it). */
export const AI_PROVIDER_BASE_URLS: Record<AiProviderKind, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
};
