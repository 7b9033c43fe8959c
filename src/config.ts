/**
 * The service's configuration: every environment variable it reads, validated once at start-up.
 * A bad value stops the start with a message naming the variable, what it accepts and what it got.
 * The README's configuration table mirrors `configSpec`.
 */

import { accessSync, constants } from "node:fs";
import { availableParallelism } from "node:os";
import { parseCidrList } from "./edge/ip.ts";
import { parseRouteRules } from "./edge/rate-limit.ts";
import { parseApiKeys } from "./edge/api-keys.ts";
// The AI's own data module only: its routes and providers load when AI is used.
import { AI_PROVIDER_BASE_URLS, type AiConfig, type AiProviderKind } from "./ai/config.ts";

export type Env = Record<string, string | undefined>;

const KiB = 1024;
const MiB = 1024 * KiB;
const DAY_S = 24 * 60 * 60;

interface IntSpec {
  kind: "int";
  default: number;
  min: number;
  max: number;
  doc: string;
}
interface StringSpec {
  kind: "string";
  default?: string;
  doc: string;
  check?: (value: string) => string | null;
  /** A token or key: messages never quote its value. */
  secret?: true;
}
/** A variable with a syntax of its own, parsed once here: the rest receives the parsed value. */
interface ParsedSpec<T> {
  kind: "parsed";
  doc: string;
  /** Throws an Error whose message names the bad entry. */
  parse: (value: string) => T;
  /** The value when the variable is unset. */
  empty: T;
  secret?: true;
}
type Spec = IntSpec | StringSpec | ParsedSpec<unknown>;

function checkUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? null : "must be an http(s) URL";
  } catch {
    return "must be a URL";
  }
}

function checkDatabaseUrl(value: string): string | null {
  return /^postgres(ql)?:\/\//.test(value) ? null : "must be a postgres:// or postgresql:// URL";
}

function checkSecretToken(value: string): string | null {
  return value.length >= 16 && !/\s/.test(value) ? null : "must be at least 16 characters without spaces (use e.g. `openssl rand -hex 32`)";
}

/** An e-mail address (shown as a mailto: link) or an http(s) URL (a contact form). */
function checkContact(value: string): string | null {
  if (/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value)) return null;
  return checkUrl(value) === null ? null : "must be an e-mail address or an http(s) URL";
}

function checkReadableFile(value: string): string | null {
  try {
    accessSync(value, constants.R_OK);
    return null;
  } catch {
    return "must be the path of a readable file";
  }
}

/** Every variable, its default and its bounds. Order is the README's order. */
export const configSpec = {
  PORT: { kind: "int", default: 8080, min: 0, max: 65535, doc: "Port the HTTP API listens on." },
  HOST: { kind: "string", default: "0.0.0.0", doc: "Address to bind." },
  PUBLIC_URL: {
    kind: "string",
    doc: "Base address used in returned `url` and `raw` links. Default: http://localhost:PORT.",
    check: checkUrl,
  },
  DATABASE_URL: {
    kind: "string",
    doc: "Postgres connection string. Unset: embedded PGlite in DATA_DIR.",
    check: checkDatabaseUrl,
  },
  DATA_DIR: { kind: "string", default: "./data", doc: "Folder for the embedded PGlite database." },
  PGLITE_SHARED_BUFFERS_MB: {
    kind: "int", default: 8, min: 1, max: 1024,
    doc: "Embedded PGlite: Postgres's page cache in MiB, resident from the start (README, Memory).",
  },
  MAX_LENGTH: {
    kind: "int", default: 10 * MiB, min: 1 * KiB, max: 512 * MiB,
    doc: "Bytes of log content kept; longer content is truncated (limit-bytes filter).",
  },
  MAX_LINES: {
    kind: "int", default: 25_000, min: 1, max: 10_000_000,
    doc: "Lines of log content kept; more are truncated (limit-lines filter).",
  },
  MAX_BODY_BYTES: {
    kind: "int", default: 32 * MiB, min: 1 * KiB, max: 1024 * MiB,
    doc: "Largest request body accepted as sent (before Content-Encoding is decoded); 413 beyond.",
  },
  MAX_DECODED_BYTES: {
    kind: "int", default: 64 * MiB, min: 1 * KiB, max: 2048 * MiB,
    doc: "Largest request body after Content-Encoding is decoded; decoding stops and answers 413 beyond.",
  },
  MAX_FORM_FIELDS: {
    kind: "int", default: 10_000, min: 100, max: 10_000_000,
    doc: "Fields (urlencoded) or parts (multipart) a form upload may hold, counted before parsing; 413 beyond. A JSON upload may hold four times as many values.",
  },
  BODY_BUDGET_BYTES: {
    kind: "int", default: 64 * MiB, min: 1 * KiB, max: 16384 * MiB,
    doc: "Request-body bytes (as decoded) all requests together may hold at once, stored texts being analysed for the first time included; a body or first read that would pass it gets 503 with Retry-After. At least MAX_DECODED_BYTES.",
  },
  SHUTDOWN_TIMEOUT_S: {
    kind: "int", default: 25, min: 1, max: 3600,
    doc: "On SIGTERM/SIGINT: how long in-flight requests may take to finish before the process exits anyway.",
  },
  METRICS_TOKEN: {
    kind: "string",
    doc: "When set, GET /metrics needs `Authorization: Bearer <token>`.",
    secret: true,
  },
  ADMIN_TOKEN: {
    kind: "string",
    doc: "Enables moderation: `Authorization: Bearer <token>` deletes any log (DELETE /v1/log/{id}) and opens /v1/admin/logs and /v1/admin/stats. Unset: the admin routes do not exist (404). At least 16 characters.",
    check: checkSecretToken,
    secret: true,
  },
  API_KEYS: {
    kind: "parsed",
    parse: parseApiKeys,
    empty: [],
    doc: "Panel keys: entries \"<name>:<key>:<max>/<window seconds>\" separated by commas. A request with `X-API-Key: <key>` is rate-limited per key at its rate instead of per address; an unknown key gets 401. Keys at least 16 characters.",
    secret: true,
  },
  SITE_NAME: {
    kind: "string",
    doc: "The instance's name, in every page's footer and title bar (e.g. \"Example Hosting logs\").",
    check: (value) => (value.length <= 100 ? null : "must be at most 100 characters"),
  },
  IMPRINT_URL: { kind: "string", doc: "Address of the operator's imprint (legal notice), linked from every page's footer.", check: checkUrl },
  PRIVACY_URL: { kind: "string", doc: "Address of the privacy policy, linked from every page's footer.", check: checkUrl },
  ABUSE_CONTACT: {
    kind: "string",
    doc: "Where to report abusive or illegal logs: an e-mail address or an http(s) URL, shown in every page's footer.",
    check: checkContact,
  },
  DB_TIMEOUT_S: {
    kind: "int", default: 10, min: 1, max: 600,
    doc: "A database call serving a request that takes longer is answered 503 (Retry-After), as while the database is down.",
  },
  ID_LENGTH: { kind: "int", default: 8, min: 6, max: 32, doc: "Length of new log ids (base62)." },
  STORAGE_TIME_S: {
    kind: "int", default: 90 * DAY_S, min: 60, max: 100 * 365 * DAY_S,
    doc: "Seconds a log lives after its last view.",
  },
  UPLOAD_WORKERS: {
    // One core stays with the thread that answers requests: with as many workers as cores, hostile
    // bodies kept both cores busy and /healthz waited for a turn (issue 25).
    kind: "int", default: Math.max(1, availableParallelism() - 1), min: 0, max: 64,
    doc: "Worker threads that filter, analyse and compress uploads off the request thread (default: one fewer than the cores, at least 1); 0 does it on the request thread. While every worker is busy, the request thread also takes light uploads and analyses (sent as is, at most 256 KiB, no files).",
  },
  CACHE_MAX_BYTES: {
    kind: "int", default: 64 * MiB, min: 0, max: 16 * 1024 * MiB,
    doc: "Memory for hot logs (stored compressed bytes); 0 disables the cache.",
  },
  INSIGHTS_CACHE_BYTES: {
    kind: "int", default: 64 * MiB, min: 0, max: 16 * 1024 * MiB,
    doc: "Memory for the analyses of recently read logs (insights and parsed lines, weighed by the text they came from); 0 keeps none.",
  },
  TEXT_FILES_MAX_BYTES: {
    kind: "int", default: 256 * MiB, min: 0, max: 1024 * 1024 * MiB,
    doc: "Disk for large logs (over 256 KiB) as plain and gzip text, sent to clients that do not accept brotli with sendfile (no copy in memory per reader); 0 streams them instead.",
  },
  TEXT_FILES_DIR: {
    kind: "string",
    doc: "Where those files go (a folder of the process's own is made inside and removed at exit; a start removes those of processes that are gone). Default: the system's temporary folder.",
  },
  RECORD_CACHE_BYTES: {
    kind: "int", default: 8 * MiB, min: 0, max: 4096 * MiB,
    doc: "Memory for hot log records (id, source, metadata, file list), weighed in bytes; a record over 32 KiB is never kept; 0 disables.",
  },
  VIEW_FLUSH_INTERVAL_S: {
    kind: "int", default: 60, min: 1, max: DAY_S,
    doc: "Views are coalesced in memory and written at most this often.",
  },
  JANITOR_INTERVAL_S: {
    kind: "int", default: 3600, min: 10, max: 7 * DAY_S,
    doc: "How often expired logs and orphan blobs are removed.",
  },
  MAX_FILES: {
    kind: "int", default: 50, min: 0, max: 10_000,
    doc: "Attached files one log may carry (after archives are expanded).",
  },
  MAX_FILE_BYTES: {
    kind: "int", default: 32 * MiB, min: 1 * KiB, max: 2048 * MiB,
    doc: "Bytes of one attached file once decoded or expanded; 413 beyond (the content is then filtered and truncated like the main log).",
  },
  MAX_FILES_TOTAL_BYTES: {
    kind: "int", default: 128 * MiB, min: 1 * KiB, max: 8192 * MiB,
    doc: "Bytes of all attached files of one upload once decoded and expanded; 413 beyond.",
  },
  MAX_ARCHIVE_ENTRIES: {
    kind: "int", default: 1000, min: 1, max: 1_000_000,
    doc: "Entries read from the archives of one upload; 413 beyond.",
  },
  MAX_ARCHIVE_RATIO: {
    kind: "int", default: 200, min: 1, max: 100_000,
    doc: "How many times its size an archive may expand to (archives under 5 KiB get 1 MiB); 413 beyond.",
  },
  MAX_ARCHIVE_DEPTH: {
    kind: "int", default: 2, min: 1, max: 5,
    doc: "Archives inside archives are expanded down to this depth (2: a zipped logs folder with .log.gz files); 400 deeper.",
  },
  RATE_LIMIT_MAX: {
    kind: "int", default: 36_000, min: 1, max: 100_000_000,
    doc: "Requests allowed per client IP, method and normalised path in each window.",
  },
  RATE_LIMIT_WINDOW_S: {
    kind: "int", default: 60, min: 1, max: DAY_S,
    doc: "Length of the rate-limit window in seconds.",
  },
  DELETE_IDS_PER_MINUTE: {
    kind: "int", default: 600, min: 256, max: 1_000_000,
    doc: "Log ids one client may test for deletion per minute: a DELETE counts one, a bulk delete one per id (at least 256, one full bulk request); 429 beyond.",
  },
  RATE_LIMIT_REPLICAS: {
    kind: "int", default: 1, min: 1, max: 1000,
    doc: "How many replicas share the published rate limits: each process enforces 1/N of every limit (the limiter is in memory, per process), so that across N replicas behind a proxy that spreads requests evenly the total admitted stays the published limit.",
  },
  RATE_LIMIT_BUCKETS: {
    kind: "int", default: 250_000, min: 1, max: 10_000_000,
    doc: "Most rate-limit buckets kept in memory (one per client, method and route; about 190 to 250 bytes each, part of it allocated up front for the bound); the least recently used is evicted beyond. At least RATE_LIMIT_MAX (up to this variable's maximum), so that evicting a bucket costs more requests than it frees.",
  },
  RATE_LIMIT_ROUTES: {
    kind: "parsed",
    parse: parseRouteRules,
    empty: [],
    doc: "Per-route limits, overriding RATE_LIMIT_MAX/RATE_LIMIT_WINDOW_S: entries \"<METHOD> <path>=<max>/<window seconds>\" separated by ';', paths as /v1 templates, e.g. \"POST /v1/log=600/60; GET /v1/raw/{id}=100000/60\".",
  },
  TRUSTED_PROXIES: {
    kind: "parsed",
    parse: parseCidrList,
    empty: [],
    doc: "Comma-separated CIDR ranges (or addresses) of reverse proxies whose X-Forwarded-For/Forwarded and X-Forwarded-Proto are believed. Unset: the socket address is the client.",
  },
  TLS_CERT: {
    kind: "string",
    doc: "Path of the PEM certificate (chain). With TLS_KEY: serve https on PORT and redirect plain http from HTTP_PORT.",
    check: checkReadableFile,
  },
  TLS_KEY: { kind: "string", doc: "Path of the PEM private key for TLS_CERT.", check: checkReadableFile },
  HTTP_PORT: {
    kind: "int", default: 80, min: 0, max: 65535,
    doc: "With TLS: port of the plain listener that answers every request with 308 to https.",
  },
  HSTS_MAX_AGE_S: {
    kind: "int", default: 31_536_000, min: 0, max: 2 * 31_536_000,
    doc: "Strict-Transport-Security max-age on https responses (own TLS or a trusted proxy's); 0 sends none.",
  },
  MAX_URL_BYTES: {
    kind: "int", default: 8 * KiB, min: 256, max: 64 * KiB,
    doc: "Longest request URL (path and query); 414 beyond.",
  },
  MAX_HEADER_BYTES: {
    kind: "int", default: 12 * KiB, min: 1 * KiB, max: 64 * KiB,
    doc: "Largest sum of request header names and values; 431 beyond. Bun itself refuses heads over 16 KiB (bare 431).",
  },
  IDLE_TIMEOUT_S: {
    kind: "int", default: 30, min: 1, max: 255,
    doc: "A connection that sends and receives nothing for this long is closed (slow clients; AI streams ping every 15 s).",
  },
  BODY_TIMEOUT_S: {
    kind: "int", default: 60, min: 1, max: 250,
    doc: "Time allowed for receiving a request body, however slowly it trickles in; 408 beyond (a body still arriving is not cut off by IDLE_TIMEOUT_S).",
  },
} as const satisfies Record<string, Spec>;

type SpecOf = typeof configSpec;
type ValueOf<S> = S extends IntSpec ? number : S extends ParsedSpec<infer T> ? T : S extends { default: string } ? string : string | undefined;
type RawConfig = { [K in keyof SpecOf]: ValueOf<SpecOf[K]> };

export interface Config extends Omit<RawConfig, "PUBLIC_URL"> {
  /** Always set: defaults to http://localhost:PORT; never ends with a slash. */
  PUBLIC_URL: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

function readInt(name: string, spec: IntSpec, raw: string | undefined, problems: string[]): number {
  if (raw === undefined || raw.trim() === "") return spec.default;
  const value = Number(raw.trim());
  if (!Number.isInteger(value) || value < spec.min || value > spec.max) {
    problems.push(`${name} must be a whole number from ${spec.min} to ${spec.max} (got '${raw.slice(0, 40)}')`);
    return spec.default;
  }
  return value;
}

function readString(name: string, spec: StringSpec, raw: string | undefined, problems: string[]) {
  if (raw === undefined || raw.trim() === "") return spec.default;
  const value = raw.trim();
  const problem = spec.check?.(value);
  if (problem) problems.push(problemWith(name, spec, problem, raw));
  return value;
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

/** A secret is never quoted, a URL's password never shown: messages end up in logs. */
function problemWith(name: string, spec: { secret?: true }, problem: string, raw: string): string {
  return spec.secret ? `${name} ${problem} (value not shown)` : `${name} ${problem} (got '${withoutPassword(raw).slice(0, 200)}')`;
}

function readParsed<T>(name: string, spec: ParsedSpec<T>, raw: string | undefined, problems: string[]): T {
  if (raw === undefined || raw.trim() === "") return spec.empty;
  try {
    return spec.parse(raw.trim());
  } catch (error) {
    problems.push(problemWith(name, spec, `has an invalid entry: ${(error as Error).message}`, raw));
    return spec.empty;
  }
}

/** Comma-separated values, blanks dropped. */
function commaList(value: string): string[] {
  return value.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
}

/** Comma-separated origins (scheme://host[:port]) or "*"; each normalised as a browser sends it. */
function parseOrigins(value: string): string[] {
  return commaList(value).map((entry) => {
    if (entry === "*") return entry;
    try {
      const url = new URL(entry);
      const bare = url.pathname === "/" && url.search === "" && url.hash === "" && url.username === "";
      if ((url.protocol === "http:" || url.protocol === "https:") && bare) return url.origin;
    } catch {
      // reported below
    }
    throw new Error(`'${withoutPassword(entry).slice(0, 100)}' is not an origin such as "https://panel.example.com" (or "*")`);
  });
}

function parseTemperature(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 2) throw new Error(`'${value.slice(0, 40)}' is not a number from 0 to 2`);
  return parsed;
}

const AI_OFF = ["none", "off"];

/**
 * The AI's variables, read in the same pass as the rest, but only when AI_PROVIDER names a
 * provider: unset, "none" or "off" turns the feature off and nothing else of it is read.
 */
export const aiSpec = {
  AI_PROVIDER: {
    kind: "string",
    doc: 'The model API: "openai" (any OpenAI-compatible server: OpenAI, Ollama, vLLM, llama.cpp, LM Studio) or "anthropic". Unset, "none" or "off": AI analysis is off (503 ai_disabled).',
    check: (value: string) => (value.toLowerCase() in AI_PROVIDER_BASE_URLS ? null : 'must be "openai" or "anthropic" (or unset to disable AI)'),
  },
  AI_MODEL: { kind: "string", doc: 'The model name, e.g. "gpt-4o-mini", "llama3.1"; required with AI_PROVIDER.' },
  AI_BASE_URL: { kind: "string", doc: "The API's root URL. Default: the provider's own (https://api.openai.com/v1, https://api.anthropic.com/v1).", check: checkUrl },
  AI_API_KEYS: {
    kind: "parsed", parse: commaList, empty: [] as string[], secret: true,
    doc: "Comma-separated API keys, tried in order: the next takes over on 401/403/429/5xx. None for keyless servers.",
  },
  AI_API_KEY: { kind: "parsed", parse: commaList, empty: [] as string[], secret: true, doc: "One key: the older name of AI_API_KEYS (read when that is unset)." },
  AI_MAX_ROUNDS: { kind: "int", default: 4, min: 0, max: 20, doc: "Tool-using rounds before the model must answer without tools." },
  AI_MAX_STREAMS: {
    kind: "int", default: 64, min: 1, max: 100_000,
    doc: "Model runs at once across the process (each holds an upstream connection); 429 too_many_streams beyond. At most BUN_CONFIG_MAX_HTTP_REQUESTS.",
  },
  AI_MAX_STREAMS_PER_CLIENT: {
    kind: "int", default: 8, min: 1, max: 100_000,
    doc: "Streams one client may hold open at once (default 8, or AI_MAX_STREAMS when smaller; at most AI_MAX_STREAMS).",
  },
  AI_RUNS_PER_CLIENT: { kind: "int", default: 10, min: 1, max: 1_000_000, doc: "Fresh model runs one client may start per AI_RUNS_WINDOW_S; cached answers and joined runs are free." },
  AI_RUNS_WINDOW_S: { kind: "int", default: 600, min: 1, max: 86_400, doc: "The window of AI_RUNS_PER_CLIENT, in seconds." },
  AI_MAX_TOOL_CALLS_PER_STEP: { kind: "int", default: 8, min: 1, max: 1_000, doc: "Tool calls the model may make in one step; calls beyond are refused to the model." },
  AI_MAX_TOOL_CALLS_PER_RUN: { kind: "int", default: 24, min: 1, max: 10_000, doc: "Tool calls the model may make in one run." },
  AI_ALLOWED_ORIGINS: {
    kind: "parsed", parse: parseOrigins, empty: [] as string[],
    doc: 'Browser origins besides PUBLIC_URL\'s that may start AI analyses, comma-separated; "*" allows any.',
  },
  AI_STALL_TIMEOUT_MS: { kind: "int", default: 60_000, min: 1, max: 3_600_000, doc: "An upstream that sends nothing for this long is given up (an error event)." },
  AI_MAX_DURATION_MS: { kind: "int", default: 300_000, min: 1, max: 3_600_000, doc: "Hard cap on one analysis, whatever the upstream does." },
  AI_PING_INTERVAL_MS: { kind: "int", default: 15_000, min: 1, max: 15_000, doc: "Interval of `: ping` comments that keep proxies from closing an idle stream." },
  AI_CACHE_TTL_SECONDS: { kind: "int", default: 3_600, min: 0, max: 30 * DAY_S, doc: "How long a finished answer is replayed instead of asking the model again; 0: no cache." },
  AI_CACHE_MAX_BYTES: { kind: "int", default: 16 * MiB, min: 1024, max: 2 ** 31, doc: "Upper bound of the answer cache, in bytes of answer text." },
  AI_MAX_OUTPUT_TOKENS: { kind: "int", default: 2048, min: 64, max: 200_000, doc: "The most tokens one answer may take." },
  AI_TEMPERATURE: { kind: "parsed", parse: parseTemperature, empty: undefined, doc: "Sampling temperature, 0 to 2. Unset: the provider's default." },
  // Bun's own variable: its fetch runs at most this many requests at once and queues the rest, so
  // a stream whose model call waited in that queue would only time out.
  BUN_CONFIG_MAX_HTTP_REQUESTS: { kind: "int", default: 256, min: 1, max: 65_535, doc: "Bun's limit of concurrent fetches (Bun reads it too); AI_MAX_STREAMS may not exceed it." },
} as const satisfies Record<string, Spec>;

type Values<S> = { [K in keyof S]: ValueOf<S[K]> };

/** Every variable of a spec read and validated, each bad one added to `problems` (its default kept). */
function readSpecs<S extends Record<string, Spec>>(spec: S, env: Env, problems: string[]): Values<S> {
  const values: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(spec) as [string, Spec][]) {
    values[name] =
      entry.kind === "int"
        ? readInt(name, entry, env[name], problems)
        : entry.kind === "parsed"
          ? readParsed(name, entry, env[name], problems)
          : readString(name, entry, env[name], problems);
  }
  return values as Values<S>;
}

/** The AI's settings, or null when it is off; what is wrong goes to `problems`, with everything else that is. */
function readAi(env: Env, problems: string[]): AiConfig | null {
  const provider = env.AI_PROVIDER?.trim().toLowerCase();
  if (!provider || AI_OFF.includes(provider)) return null;
  const ai = readSpecs(aiSpec, env, problems);
  if (ai.AI_MODEL === undefined) problems.push('AI_MODEL is required when AI_PROVIDER is set (e.g. "gpt-4o-mini", "llama3.1")');
  if (ai.AI_MAX_STREAMS > ai.BUN_CONFIG_MAX_HTTP_REQUESTS) {
    problems.push(`AI_MAX_STREAMS (${ai.AI_MAX_STREAMS}) is above Bun's limit of concurrent fetches (${ai.BUN_CONFIG_MAX_HTTP_REQUESTS}); raise BUN_CONFIG_MAX_HTTP_REQUESTS too`);
  }
  // A share below the global cap, so one address cannot hold every run.
  const perClientSet = env.AI_MAX_STREAMS_PER_CLIENT?.trim();
  let maxStreamsPerClient = perClientSet ? ai.AI_MAX_STREAMS_PER_CLIENT : Math.min(ai.AI_MAX_STREAMS_PER_CLIENT, ai.AI_MAX_STREAMS);
  if (maxStreamsPerClient > ai.AI_MAX_STREAMS) {
    problems.push(`AI_MAX_STREAMS_PER_CLIENT must be a whole number from 1 to ${ai.AI_MAX_STREAMS}, AI_MAX_STREAMS (got '${perClientSet}')`);
    maxStreamsPerClient = ai.AI_MAX_STREAMS;
  }
  const kind: AiProviderKind = provider === "anthropic" ? "anthropic" : "openai";
  return {
    provider: kind,
    baseUrl: (ai.AI_BASE_URL ?? AI_PROVIDER_BASE_URLS[kind]).replace(/\/+$/, ""),
    model: ai.AI_MODEL ?? "",
    apiKeys: ai.AI_API_KEYS.length > 0 ? ai.AI_API_KEYS : ai.AI_API_KEY,
    maxRounds: ai.AI_MAX_ROUNDS,
    maxStreams: ai.AI_MAX_STREAMS,
    maxStreamsPerClient,
    runsPerClient: ai.AI_RUNS_PER_CLIENT,
    runsWindowMs: ai.AI_RUNS_WINDOW_S * 1000,
    maxToolCallsPerStep: ai.AI_MAX_TOOL_CALLS_PER_STEP,
    maxToolCallsPerRun: ai.AI_MAX_TOOL_CALLS_PER_RUN,
    allowedOrigins: ai.AI_ALLOWED_ORIGINS,
    stallTimeoutMs: ai.AI_STALL_TIMEOUT_MS,
    maxDurationMs: ai.AI_MAX_DURATION_MS,
    pingIntervalMs: ai.AI_PING_INTERVAL_MS,
    cacheTtlMs: ai.AI_CACHE_TTL_SECONDS * 1000,
    cacheMaxBytes: ai.AI_CACHE_MAX_BYTES,
    maxOutputTokens: ai.AI_MAX_OUTPUT_TOKENS,
    temperature: ai.AI_TEMPERATURE,
  };
}

/** The AI's settings alone (tests, benchmarks): null when AI is off; throws ConfigError naming every bad AI variable. */
export function loadAiConfig(env: Env): AiConfig | null {
  const problems: string[] = [];
  const ai = readAi(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return ai;
}

/** Reads and validates the configuration; throws ConfigError listing every bad variable at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const config = readConfig(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

export interface Settings {
  config: Config;
  /** null: AI analysis is off. */
  ai: AiConfig | null;
  /** Variables that look like ours but are not (a typo, an old name): worth a warning, not a refusal. */
  warnings: string[];
}

/**
 * Everything start-up reads from the environment, validated in one pass: the service's variables
 * and the AI's together, so one run reports every bad variable (ConfigError).
 */
export function loadSettings(env: Env = process.env): Settings {
  const problems: string[] = [];
  const config = readConfig(env, problems);
  const ai = readAi(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { config, ai, warnings: unknownVariableWarnings(env) };
}

function readConfig(env: Env, problems: string[]): Config {
  const raw: Record<string, unknown> = readSpecs(configSpec, env, problems);
  if ((raw.MAX_DECODED_BYTES as number) < (raw.MAX_LENGTH as number)) {
    problems.push("MAX_DECODED_BYTES must be at least MAX_LENGTH");
  }
  if ((raw.BODY_BUDGET_BYTES as number) < (raw.MAX_DECODED_BYTES as number)) {
    problems.push("BODY_BUDGET_BYTES must be at least MAX_DECODED_BYTES (else the largest body allowed could never be read)");
  }
  if ((raw.TLS_CERT === undefined) !== (raw.TLS_KEY === undefined)) {
    problems.push("TLS_CERT and TLS_KEY must be set together (or neither)");
  }
  if ((raw.RATE_LIMIT_BUCKETS as number) < Math.min(raw.RATE_LIMIT_MAX as number, configSpec.RATE_LIMIT_BUCKETS.max)) {
    problems.push("RATE_LIMIT_BUCKETS must be at least RATE_LIMIT_MAX (else evicting one's own bucket is cheaper than waiting)");
  }
  const publicUrl = (raw.PUBLIC_URL as string | undefined) ?? `http://localhost:${raw.PORT}`;
  return { ...(raw as RawConfig), PUBLIC_URL: publicUrl.replace(/\/+$/, "") };
}

/** Variables read elsewhere: the admin CLI, the test and soak harnesses. Not look-alikes. */
const OTHER_VARIABLES = ["LOGPASTE_URL", "TEST_DATABASE_URL", "SOAK_SECONDS", "SOAK_RATE"];
/** Prefixes only our variables use: anything unknown under them is one of ours mistyped or retired. */
const OUR_PREFIXES = ["AI_", "RATE_LIMIT", "RATELIMIT", "LOGPASTE_"];

/**
 * Warnings for environment variables that look like ours but are not read by anything: the same
 * name but for underscores or case (RATELIMIT_MAX), a letter or two off (MAX_LINE), or under one
 * of our prefixes. A mistyped variable is otherwise silently ignored and its default used.
 */
export function unknownVariableWarnings(env: Env): string[] {
  const known = [...Object.keys(configSpec), ...Object.keys(aiSpec), ...OTHER_VARIABLES];
  const knownSet = new Set(known);
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (knownSet.has(name) || env[name] === undefined) continue;
    const squeezed = squeeze(name);
    const close = known.find((candidate) => {
      const other = squeeze(candidate);
      return other === squeezed || (other.length >= 6 && editDistance(squeezed, other) <= (other.length >= 10 ? 2 : 1));
    });
    if (close) warnings.push(`${name} is not a logpaste setting and is ignored; did you mean ${close}?`);
    else if (OUR_PREFIXES.some((prefix) => name.toUpperCase().startsWith(prefix))) warnings.push(`${name} is not a logpaste setting and is ignored`);
  }
  return warnings;
}

function squeeze(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** Levenshtein distance; names are short. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
