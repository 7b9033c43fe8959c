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
import { AI_VARIABLES, readAiConfig, withoutPassword, type AiConfig } from "./ai/config.ts";

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
    doc: "Fields (urlencoded) or parts (multipart) a form upload may hold, counted before parsing; 413 beyond.",
  },
  BODY_BUDGET_BYTES: {
    kind: "int", default: 64 * MiB, min: 1 * KiB, max: 16384 * MiB,
    doc: "Request-body bytes (as decoded) all requests together may hold at once; a body that would pass it gets 503 with Retry-After. At least MAX_DECODED_BYTES.",
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
    doc: "Worker threads that filter, analyse and compress uploads off the request thread (default: one fewer than the cores, at least 1); 0 does it on the request thread.",
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
    doc: "Where those files go (a folder of the process's own is made inside and removed at exit). Default: the system's temporary folder.",
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
  const ai = readAiConfig(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { config, ai, warnings: unknownVariableWarnings(env) };
}

function readConfig(env: Env, problems: string[]): Config {
  const raw: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(configSpec) as [string, Spec][]) {
    raw[name] =
      spec.kind === "int"
        ? readInt(name, spec, env[name], problems)
        : spec.kind === "parsed"
          ? readParsed(name, spec, env[name], problems)
          : readString(name, spec, env[name], problems);
  }
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
  const known = [...Object.keys(configSpec), ...AI_VARIABLES, ...OTHER_VARIABLES];
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
