/**
 * The service's metrics, defined in one place: request counts and latency by route and status,
 * uploads, bytes stored vs. deduplicated, blob count, hot-cache hit ratio, limiter rejections,
 * AI streams, runs, model requests and tokens. Numbers other modules keep are read at scrape time.
 */
import type { AiStats } from "./ai-stats.ts";
import { MetricsRegistry } from "./metrics.ts";
import { registerProcessMetrics } from "./process-metrics.ts";
import { SERVICE_NAME, VERSION } from "../version.ts";

/** What the metrics read from the rest of the app at scrape time. */
export interface MetricSources {
  uploads(): { uploads: number; bytesReceived: number; bytesDeduplicated: number };
  cache(): { hits: number; misses: number; bytes: number };
  /** Current blob count (a query, cached for a few seconds by the caller). */
  blobCount(): number;
  /** The background recompression (logs/recompression.ts): blobs waiting, done, and left as they were. */
  recompression(): { pending: number; recompressed: number; skipped: number };
  ai(): AiStats;
  /** Bytes of the embedded database's WebAssembly memory; absent on Postgres. */
  embeddedDatabaseMemory?: () => number;
}

/** Seconds; fine at the low end, where most requests of a healthy service are. */
const LATENCY_BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * `private`: /metrics needs METRICS_TOKEN. Only then does it show the deduplication figures
 * (deduplicated bytes, distinct blobs): on a public endpoint they confirm whether someone
 * already uploaded an exact text (upload it, and see whether the blob count moves).
 */
export function serviceMetrics(
  sources: MetricSources,
  { private: isPrivate = false, apiKeyNames = [] }: { private?: boolean; apiKeyNames?: readonly string[] } = {},
) {
  const registry = new MetricsRegistry();
  // Joins the version onto any series: `* on() group_left(version) logpaste_build_info`.
  registry.gauge(`${SERVICE_NAME}_build_info`, "The running release: always 1, labelled with its version.", (set) => set(1, { version: VERSION }));
  const requests = registry.counter("logpaste_http_requests_total", "HTTP requests by method, route template and status.");
  const latency = registry.histogram("logpaste_http_request_duration_seconds", "Time to the response head, by method and route template.", LATENCY_BOUNDS);
  const rateLimited = registry.counter("logpaste_rate_limited_total", "Requests refused by the rate limiter (429).");
  registry.counter("logpaste_uploads_total", "Logs uploaded since start.", (set) => set(sources.uploads().uploads));
  registry.counter("logpaste_upload_bytes_total", "Bytes of content uploaded since start (after filters).", (set) => set(sources.uploads().bytesReceived));
  if (isPrivate) {
    registry.counter("logpaste_upload_bytes_deduplicated_total", "Uploaded bytes that matched a stored blob and were not stored again.", (set) => set(sources.uploads().bytesDeduplicated));
    registry.gauge("logpaste_blobs", "Distinct contents stored.", (set) => set(sources.blobCount()));
    // Private too: the queue grows by one for an upload of new content and not for a duplicate.
    registry.gauge("logpaste_recompression_pending", "New blobs waiting to be compressed to the storage quality once uploads pause.", (set) =>
      set(sources.recompression().pending),
    );
    registry.counter("logpaste_recompressed_blobs_total", "Blobs brought to the storage quality since start.", (set) => set(sources.recompression().recompressed));
    registry.counter("logpaste_recompression_skipped_total", "New blobs left at the quick quality because the queue was full.", (set) =>
      set(sources.recompression().skipped),
    );
  }
  registry.counter("logpaste_cache_hits_total", "Hot-log cache hits.", (set) => set(sources.cache().hits));
  registry.counter("logpaste_cache_misses_total", "Hot-log cache misses.", (set) => set(sources.cache().misses));
  registry.gauge("logpaste_cache_hit_ratio", "Hot-log cache hits / lookups since start.", (set) => {
    const { hits, misses } = sources.cache();
    set(hits + misses === 0 ? 0 : hits / (hits + misses));
  });
  registry.gauge("logpaste_cache_bytes", "Bytes held by the hot-log cache.", (set) => set(sources.cache().bytes));
  registry.gauge("logpaste_ai_streams_open", "AI analysis streams open now (readers of runs and of cached answers).", (set) => set(sources.ai().openStreams));
  registry.gauge("logpaste_ai_runs_live", "AI model runs going on now, read or not.", (set) => set(sources.ai().liveRuns));
  registry.counter("logpaste_ai_runs_started_total", "AI model runs started since start (cached answers and joined runs are not runs).", (set) => set(sources.ai().runsStarted));
  registry.counter("logpaste_ai_runs_ended_total", "AI model runs ended since start, by outcome: completed, failed (provider error, timeout) or aborted (shutdown).", (set) => {
    for (const [outcome, count] of Object.entries(sources.ai().runsEnded)) set(count, { outcome });
  });
  registry.counter("logpaste_ai_model_requests_total", "HTTP requests sent to the model provider since start, every key tried included.", (set) => set(sources.ai().modelRequests));
  registry.counter("logpaste_ai_tokens_total", "Model tokens used since start, by direction: every model call that reported its usage, whatever became of its run.", (set) => {
    const { inputTokens, outputTokens } = sources.ai();
    set(inputTokens, { direction: "input" });
    set(outputTokens, { direction: "output" });
  });
  const embeddedMemory = sources.embeddedDatabaseMemory;
  if (embeddedMemory) {
    // Part of the resident set: what of it the embedded Postgres holds (pages it never touched excepted).
    registry.gauge("logpaste_pglite_memory_bytes", "WebAssembly memory of the embedded database (PGlite): it grows when Postgres needs more and never shrinks.", (set) =>
      set(embeddedMemory()),
    );
  }
  registry.gauge("logpaste_process_resident_bytes", "Resident set size of the process (also process_resident_memory_bytes).", (set) => set(process.memoryUsage.rss()));
  // Labelled by the key's name, never by the key: a label is as public as the metrics.
  const keyedRequests = registry.counter("logpaste_api_key_requests_total", "Requests with a known X-API-Key (API_KEYS), by the key's name, refused ones included.");
  for (const name of apiKeyNames) keyedRequests.inc({ name }, 0);
  const unknownKeys = registry.counter("logpaste_api_key_unknown_total", "Requests with an X-API-Key that is not one of API_KEYS (answered 401).");
  const processMetrics = registerProcessMetrics(registry);

  return {
    registry,
    /** Records one finished request. */
    observeRequest(method: string, route: string, status: number, seconds: number): void {
      requests.inc({ method, route, status: String(status) });
      latency.observe(seconds, { method, route });
      if (status === 429) rateLimited.inc();
    },
    countKeyedRequest(name: string): void {
      keyedRequests.inc({ name });
    },
    countUnknownKey(): void {
      unknownKeys.inc();
    },
    render: () => registry.render(),
    /** Ends the sampling that runs between scrapes (event-loop lag). */
    stop: () => processMetrics.stop(),
  };
}

export type ServiceMetrics = ReturnType<typeof serviceMetrics>;
