/**
 * The AI feature's settings, read once from the environment.
 * No AI_PROVIDER means the feature is off (the routes answer 503 ai_disabled);
 * a provider with bad values is a start-up error, never a silent fallback.
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

const defaultBaseUrl: Record<AiProviderKind, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
};

type Env = Record<string, string | undefined>;

/** Every variable this file reads, for the check of unknown look-alike variables (src/config.ts). */
export const AI_VARIABLES = [
  "AI_PROVIDER", "AI_BASE_URL", "AI_MODEL", "AI_API_KEYS", "AI_API_KEY", "AI_MAX_ROUNDS", "AI_MAX_STREAMS",
  "AI_MAX_STREAMS_PER_CLIENT", "AI_RUNS_PER_CLIENT", "AI_RUNS_WINDOW_S", "AI_MAX_TOOL_CALLS_PER_STEP",
  "AI_MAX_TOOL_CALLS_PER_RUN", "AI_ALLOWED_ORIGINS", "AI_STALL_TIMEOUT_MS", "AI_MAX_DURATION_MS",
  "AI_PING_INTERVAL_MS", "AI_CACHE_TTL_SECONDS", "AI_CACHE_MAX_BYTES", "AI_MAX_OUTPUT_TOKENS", "AI_TEMPERATURE",
  "BUN_CONFIG_MAX_HTTP_REQUESTS",
] as const;

/** The AI settings, or null when AI is off; throws one Error naming every bad AI variable. */
export function loadAiConfig(env: Env): AiConfig | null {
  const problems: string[] = [];
  const config = readAiConfig(env, problems);
  if (problems.length > 0) throw new Error(problems.join("; "));
  return config;
}

/**
 * Reads the AI settings, adding a message for each bad variable to `problems` (so start-up can
 * report them together with every other bad variable). Messages never quote a key.
 */
export function readAiConfig(env: Env, problems: string[]): AiConfig | null {
  const provider = value(env, "AI_PROVIDER")?.toLowerCase();
  if (provider === undefined || provider === "none" || provider === "off") return null;
  if (provider !== "openai" && provider !== "anthropic") {
    problems.push(`AI_PROVIDER must be "openai" or "anthropic" (or unset to disable AI), got "${provider.slice(0, 40)}"`);
  }
  const kind: AiProviderKind = provider === "anthropic" ? "anthropic" : "openai";

  const model = value(env, "AI_MODEL");
  if (model === undefined) problems.push(`AI_MODEL is required when AI_PROVIDER is set (e.g. "gpt-4o-mini", "llama3.1")`);

  const baseUrl = (value(env, "AI_BASE_URL") ?? defaultBaseUrl[kind]).replace(/\/+$/, "");
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
  } catch {
    problems.push(`AI_BASE_URL must be an http(s) URL, got "${withoutPassword(baseUrl)}"`);
  }

  const apiKeys = (value(env, "AI_API_KEYS") ?? value(env, "AI_API_KEY") ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key.length > 0);

  const integer = (name: string, fallback: number, min: number, max: number) => readInteger(env, name, fallback, min, max, problems);
  // Bun's fetch runs at most BUN_CONFIG_MAX_HTTP_REQUESTS (default 256) requests at once and queues
  // the rest; a stream whose model call waits in that queue would only time out.
  const maxStreams = integer("AI_MAX_STREAMS", 64, 1, 100_000);
  const fetchLimit = Number(value(env, "BUN_CONFIG_MAX_HTTP_REQUESTS") ?? 256);
  if (maxStreams > fetchLimit) {
    problems.push(`AI_MAX_STREAMS (${maxStreams}) is above Bun's limit of concurrent fetches (${fetchLimit}); raise BUN_CONFIG_MAX_HTTP_REQUESTS too`);
  }

  return {
    provider: kind,
    baseUrl,
    model: model ?? "",
    apiKeys,
    maxRounds: integer("AI_MAX_ROUNDS", 4, 0, 20),
    maxStreams,
    // A share below the global cap, so one address cannot hold every run.
    maxStreamsPerClient: integer("AI_MAX_STREAMS_PER_CLIENT", Math.min(8, maxStreams), 1, maxStreams),
    runsPerClient: integer("AI_RUNS_PER_CLIENT", 10, 1, 1_000_000),
    runsWindowMs: integer("AI_RUNS_WINDOW_S", 600, 1, 86_400) * 1000,
    maxToolCallsPerStep: integer("AI_MAX_TOOL_CALLS_PER_STEP", 8, 1, 1_000),
    maxToolCallsPerRun: integer("AI_MAX_TOOL_CALLS_PER_RUN", 24, 1, 10_000),
    allowedOrigins: origins(env, "AI_ALLOWED_ORIGINS", problems),
    stallTimeoutMs: integer("AI_STALL_TIMEOUT_MS", 60_000, 1, 3_600_000),
    maxDurationMs: integer("AI_MAX_DURATION_MS", 300_000, 1, 3_600_000),
    pingIntervalMs: integer("AI_PING_INTERVAL_MS", 15_000, 1, 15_000),
    cacheTtlMs: integer("AI_CACHE_TTL_SECONDS", 3_600, 0, 30 * 86_400) * 1000,
    cacheMaxBytes: integer("AI_CACHE_MAX_BYTES", 16 * 1024 * 1024, 1024, 2 ** 31),
    maxOutputTokens: integer("AI_MAX_OUTPUT_TOKENS", 2048, 64, 200_000),
    temperature: optionalNumber(env, "AI_TEMPERATURE", 0, 2, problems),
  };
}

/** A URL as it may appear in a message: its password (if any) replaced. */
export function withoutPassword(text: string): string {
  try {
    const url = new URL(text);
    if (url.password === "") return text;
    url.password = "***";
    return url.toString();
  } catch {
    // not a URL: hide anything between "://user:" and "@" all the same
    return text.replace(/(:\/\/[^:/@\s]*:)[^@\s]*@/, "$1***@");
  }
}

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === "" ? undefined : raw;
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw.slice(0, 40)}"`);
    return fallback;
  }
  return parsed;
}

/** Comma-separated origins (scheme://host[:port]) or "*"; each is normalised as a browser sends it. */
function origins(env: Env, name: string, problems: string[]): string[] {
  const entries = (value(env, name) ?? "").split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  return entries.flatMap((entry) => {
    if (entry === "*") return entry;
    try {
      const url = new URL(entry);
      const bare = url.pathname === "/" && url.search === "" && url.hash === "" && url.username === "";
      if ((url.protocol === "http:" || url.protocol === "https:") && bare) return url.origin;
    } catch {
      // reported below
    }
    problems.push(`${name} must list origins such as "https://panel.example.com" (or "*"), got "${withoutPassword(entry).slice(0, 100)}"`);
    return [];
  });
}

function optionalNumber(env: Env, name: string, min: number, max: number, problems: string[]): number | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  const parsed = Number(raw);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
    problems.push(`${name} must be a number from ${min} to ${max}, got "${raw.slice(0, 40)}"`);
    return undefined;
  }
  return parsed;
}
