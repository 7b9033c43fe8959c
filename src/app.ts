/**
 * createApp: composes the edge and the feature modules into one Elysia app. Start-up (index.ts)
 * and the tests both call it, so what the tests exercise is what runs.
 */
import { logLine } from "./ops/log-line.ts";
import { Elysia } from "elysia";
import type { Config } from "./config.ts";
import type { Database } from "./storage/database.ts";
import { LogStore } from "./storage/log-store.ts";
import { Janitor } from "./storage/janitor.ts";
import { guardedByBreaker, OutageBreaker } from "./storage/outage.ts";
import { localRemovalFeed, postgresRemovalFeed } from "./storage/removals.ts";
import { HotLogCache } from "./logs/hot-cache.ts";
import { TextFileCache } from "./logs/text-files.ts";
import { ViewTracker } from "./logs/views.ts";
import { LogService } from "./logs/service.ts";
import { ContentAnalyses } from "./logs/analyses.ts";
import { HeapSettling } from "./logs/heap-settling.ts";
import type { PreparationOptions } from "./logs/preparation.ts";
import { inThreadPreparer, PreparationPool } from "./logs/preparation-pool.ts";
import { BlobRecompressor } from "./logs/recompression.ts";
import { logRoutes } from "./logs/routes.ts";
import { DeleteBudget } from "./logs/delete-budget.ts";
import { infoRoutes } from "./info/routes.ts";
import { InsightsService } from "./insights/service.ts";
import { insightsRoutes } from "./insights/routes.ts";
import { errorHandler } from "./edge/errors.ts";
import { IndexResponse, indexOf, limitsOf } from "./info/routes.ts";
import { webRoutes } from "./web/routes.ts";
import { createEdge } from "./edge/index.ts";
import { BodyBudget } from "./edge/body-budget.ts";
import { aiRoutes, type AiConfig } from "./ai/index.ts";
import { createAiStats } from "./ops/ai-stats.ts";
import { RouteCatalogue } from "./edge/route-catalogue.ts";
import { readinessProblem } from "./storage/database.ts";
import { describeError } from "./storage/driver-errors.ts";
import { observe, requestIdOf } from "./ops/observe.ts";
import { opsRoutes } from "./ops/routes.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import { serviceMetrics } from "./ops/service-metrics.ts";
import { ShutdownSignal } from "./ops/shutdown.ts";
import { aiLogSource } from "./ai/log-source.ts";
import { ModerationStore } from "./storage/moderation-store.ts";
import { UPLOADER_HASH_SECRET, UploaderHash } from "./logs/uploader-hash.ts";
import { AdminToken } from "./edge/admin-token.ts";
import { ModerationService } from "./admin/service.ts";
import { ADMIN_ROUTE_RULES, adminRoutes } from "./admin/routes.ts";
import { siteOf } from "./web/site-footer.ts";

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where operational messages go; JSON lines on stderr by default. */
  logError?: (error: unknown, request?: Request) => void;
  /** Where the per-request access lines go (JSON); none when absent. */
  accessLog?: (line: string) => void;
  /** The AI model configuration (loadAiConfig); null or absent: AI routes answer 503 ai_disabled. */
  aiConfig?: AiConfig | null;
  /** Benchmarks only (bench/unlimited-service.ts): the edge without its rate limiter, to measure what it costs. */
  withoutRateLimit?: boolean;
}

/** Every operation exists under both prefixes, from one definition (docs/API.md, Conventions). */
export const API_PREFIXES = ["/v1", "/1"] as const;
/** mclo.gs's `/1` repeats `/v1`: counted as it (rate limit, metrics) and named after it (OpenAPI). */
const API_ALIASES = { "/1": "/v1" };

export function createApp(deps: AppDeps) {
  const { config, database } = deps;
  const logError = deps.logError ?? defaultLogError;
  // While the database is down, request-serving storage calls fail fast with 503 instead of
  // each waiting it out; the janitor (no client waiting) uses the store directly.
  const directStore = new LogStore(database);
  const store = guardedByBreaker(directStore, new OutageBreaker(config.DB_TIMEOUT_S * 1000));
  const textFiles = config.TEXT_FILES_MAX_BYTES > 0 ? new TextFileCache(config.TEXT_FILES_MAX_BYTES, config.TEXT_FILES_DIR) : null;
  const cache = new HotLogCache(config.CACHE_MAX_BYTES, config.RECORD_CACHE_BYTES, textFiles);
  const views = new ViewTracker(store);
  const bodyBudget = new BodyBudget(config.BODY_BUDGET_BYTES);
  const preparation: PreparationOptions = {
    maxLength: config.MAX_LENGTH,
    maxLines: config.MAX_LINES,
    maxFormFields: config.MAX_FORM_FIELDS,
    maxDecodedBytes: config.MAX_DECODED_BYTES,
    bodyBudget: bodyBudget.shared,
    attachments: {
      maxFiles: config.MAX_FILES,
      maxFileBytes: config.MAX_FILE_BYTES,
      maxTotalBytes: config.MAX_FILES_TOTAL_BYTES,
      maxEntries: config.MAX_ARCHIVE_ENTRIES,
      maxRatio: config.MAX_ARCHIVE_RATIO,
      maxDepth: config.MAX_ARCHIVE_DEPTH,
    },
  };
  const preparer =
    config.UPLOAD_WORKERS > 0 ? new PreparationPool(config.UPLOAD_WORKERS, preparation) : inThreadPreparer(preparation);
  // Replicas on one Postgres tell each other what left storage (removals.ts).
  const removals = database.notifications ? postgresRemovalFeed(database.notifications) : localRemovalFeed;
  const moderationStore = guardedByBreaker(new ModerationStore(database.db), new OutageBreaker(config.DB_TIMEOUT_S * 1000));
  // An intake burst's garbage goes back promptly (heap-settling.ts), not seconds later.
  const heapSettling = new HeapSettling();
  // Uploads store a quick compression; this brings blobs to the storage quality while uploads pause.
  const recompressor = new BlobRecompressor({
    read: async (hash) => cache.getBlob(hash) ?? (await directStore.readBlob(hash)),
    replace: async (hash, data) => {
      await directStore.replaceBlobData(hash, data);
      cache.replaceBlob(hash, data);
    },
    idle: (): boolean => logs.idle,
    heapSettling,
    logError: (error) => logError(error),
  });
  const logs = new LogService(
    store,
    cache,
    views,
    new ContentAnalyses({
      maxBytes: config.INSIGHTS_CACHE_BYTES,
      maxLines: config.MAX_LINES,
      engine: (text) => preparer.insights(text),
      budget: bodyBudget.shared,
    }),
    {
      ...preparation,
      publicUrl: config.PUBLIC_URL,
      idLength: config.ID_LENGTH,
      storageTimeS: config.STORAGE_TIME_S,
      uploaderHash: new UploaderHash(() => moderationStore.instanceSecret(UPLOADER_HASH_SECRET)),
      heapSettling,
    },
    preparer,
    removals,
    recompressor,
  );
  const listening = removals.subscribe({ onRemoved: (removed) => logs.forget(removed), onGap: () => logs.forgetAll() }).catch((error) => logError(error));
  const janitor = new Janitor(directStore, {
    storageTimeS: config.STORAGE_TIME_S,
    flushViews: () => views.flush(),
    onRemoved: (logIds, blobHashes) => void logs.removed({ logIds, blobHashes }),
  });

  const insights = new InsightsService();

  const bodyLimits = {
    budget: bodyBudget,
    maxBodyBytes: config.MAX_BODY_BYTES,
    maxDecodedBytes: config.MAX_DECODED_BYTES,
    readTimeoutMs: config.BODY_TIMEOUT_S * 1000,
  };
  // One AI plugin for both prefixes: its stream limit, shared runs and answer cache are per process.
  const aiStats = createAiStats();
  const shutdown = new ShutdownSignal();
  const ai = aiRoutes({
    config: deps.aiConfig ?? null,
    ...aiLogSource(logs, bodyLimits),
    stats: aiStats,
    publicOrigin: new URL(config.PUBLIC_URL).origin,
    shutdown,
    log: (level, message, fields) => logLine(level, message, fields),
  });

  const blobCount = cachedCount(() => store.countBlobs(), 5000);
  const metrics = serviceMetrics({
    uploads: () => logs.counters,
    cache: () => ({ hits: cache.hits, misses: cache.misses, bytes: cache.blobBytes }),
    blobCount: blobCount.value,
    recompression: () => ({ pending: recompressor.pending, ...recompressor.counters }),
    ai: () => aiStats,
    embeddedDatabaseMemory: database.embeddedMemoryBytes,
  }, { private: Boolean(config.METRICS_TOKEN), apiKeyNames: config.API_KEYS.map((apiKey) => apiKey.name) });
  const deleteBudget = new DeleteBudget(config.DELETE_IDS_PER_MINUTE);
  // Moderation exists only with ADMIN_TOKEN: without it the admin routes are not mounted (404).
  const adminToken = config.ADMIN_TOKEN ? new AdminToken(config.ADMIN_TOKEN) : null;
  const moderation = new ModerationService(moderationStore, logs, { publicUrl: config.PUBLIC_URL, storageTimeS: config.STORAGE_TIME_S });
  const featureRoutes = () => {
    const routes = new Elysia()
      .use(logRoutes({ logs, insights, bodyLimits, deleteBudget, cache, adminToken }))
      .use(insightsRoutes({ logs, insights, bodyLimits }))
      .use(ai)
      .use(infoRoutes(config));
    return adminToken ? routes.use(adminRoutes({ moderation, token: adminToken })) : routes;
  };

  // The catalogue is read from the router once the app is composed (below); the index and the
  // error handler ask it only when requests arrive.
  let routes: RouteCatalogue | null = null;
  const catalogue = (): RouteCatalogue => {
    if (!routes) throw new Error("the route catalogue is read after the app is composed");
    return routes;
  };
  const apiIndex = () => indexOf(catalogue().operationsUnder(API_PREFIXES));
  const api = new Elysia();
  for (const prefix of API_PREFIXES) {
    api.use(
      new Elysia({ prefix })
        .get("", apiIndex, {
          response: { 200: IndexResponse },
          detail: { operationId: "listOperations", summary: "List every operation", tags: ["Information"] },
        })
        .use(featureRoutes()),
    );
  }

  const app = new Elysia()
    .use(errorHandler({ allowedMethods: (path) => catalogue().allowedMethods(path), logError: (e, r) => logError(e, r) }))
    .use(openApiRoutes({ aliases: API_ALIASES }))
    // `GET /` is the index for API clients and the paste page for browsers; `/{id}` a log's page.
    .use(webRoutes({ logs, insights, limits: limitsOf(config), aiEnabled: Boolean(deps.aiConfig), apiIndex, site: siteOf(config) }))
    .use(opsRoutes({ metrics, readinessProblem: () => readinessProblem(database), metricsToken: config.METRICS_TOKEN }))
    .use(api);

  routes = new RouteCatalogue(
    app.routes.map((route) => ({ method: route.method, path: route.path })),
    { aliases: API_ALIASES },
  );

  // The edge (client IP, rate limit, CORS, compression, security headers) wraps the whole app;
  // listeners call `fetch`, which is `app.handle` behind it.
  const edge = createEdge(config, {
    routes,
    outer: [observe({ metrics, routes, writeLine: deps.accessLog ?? null })],
    handle: (request) => app.handle(request),
    bodyBudget,
    logError: (e, r) => logError(e, r),
    routeRules: ADMIN_ROUTE_RULES,
    onKeyedRequest: (name) => metrics.countKeyedRequest(name),
    onUnknownKey: () => metrics.countUnknownKey(),
    withoutRateLimit: deps.withoutRateLimit,
  });

  return {
    app,
    /** The service's fetch handler for listeners: the edge around `app.handle`. */
    fetch: edge.fetch,
    edge,
    /** The catalogue of the app's routes (route-catalogue.ts). */
    routes: catalogue(),
    logs,
    insights,
    metrics,
    store,
    cache,
    views,
    janitor,
    recompressor,
    /** Decoded bytes held at once: request bodies and first analyses of stored texts (BODY_BUDGET_BYTES). */
    bodyBudget,
    /** Tells long-lived work (AI streams) that the service is going down. */
    beginShutdown: () => shutdown.begin(),
    /** Starts the background work: view flushing and the janitor. */
    startBackground() {
      // Start-up leaves garbage and compiled code that serving may never need: settled like a burst.
      heapSettling.settleSoon();
      views.start(config.VIEW_FLUSH_INTERVAL_S * 1000, (error) => logError(error));
      janitor.start(config.JANITOR_INTERVAL_S * 1000, (error) => logError(error));
    },
    async stopBackground() {
      heapSettling.stop();
      await listening;
      await removals.close();
      await janitor.stop();
      await recompressor.stop();
      await views.stop();
      await preparer.close();
      textFiles?.close();
      metrics.stop();
    },
  };
}

export type App = ReturnType<typeof createApp>;


/** A count that is queried at most once per `maxAgeMs` (scrapes must not hammer the database). */
function cachedCount(query: () => Promise<number>, maxAgeMs: number) {
  let value = 0;
  let fetchedAt = -Infinity;
  return {
    value: () => {
      if (performance.now() - fetchedAt > maxAgeMs) {
        fetchedAt = performance.now();
        query().then((n) => (value = n), () => {});
      }
      return value;
    },
  };
}

/** What an operator needs: the request id (its access line has the route), never ids, paths or stored values. */
function defaultLogError(error: unknown, request?: Request): void {
  logLine("error", "request failed", {
    requestId: requestIdOf(request),
    method: request?.method,
    error: describeError(error),
  });
}
