/**
 * createEdge: everything between the socket and the app, in the order a request meets it.
 * Outermost first (each wraps the ones below it):
 *
 *   (deps.outer)             the app's own outermost layers: request id, metrics, access log
 *   errorBoundary            any failure in here is a JSON error
 *   compression              Accept-Encoding, on the final body
 *   securityHeaders          CSP and friends on text/html, nosniff on all
 *   defaultCacheControl      no-cache on every answer that does not say otherwise
 *   strictTransportSecurity  HSTS on https responses
 *   cors                     any origin, on every response (429s included)
 *   guards, one layer of checks that only look at the request (pipeline.ts, EdgeGuard):
 *     apiKeyIdentity         X-API-Key: a known panel key is counted as itself at its rate
 *     rateLimit              sliding window per client (or key), method and route; RateLimit headers
 *     unknownApiKey          an unknown X-API-Key: 401, once counted against its address
 *     requestLimits          URL and header size (414, 431)
 *     httpsRedirect          trusted proxy said http: 308 to https
 *     preflight              OPTIONS preflights answered (after being counted once)
 *   appRequest               the request as the app gets it: a URL its router parses as the
 *                            edge did, the client (clientOf), a lease on the body budget
 *   app                      the Elysia app (routes, body limits, the error handler)
 *
 * The client (socket address, or the trusted proxy's client) is resolved once per request.
 */
import { clientIpResolver } from "./client-ip.ts";
import { compression } from "./compression.ts";
import { cors, preflight } from "./cors.ts";
import { errorBoundary } from "./error-boundary.ts";
import { httpsRedirect, strictTransportSecurity, type HttpsTarget } from "./https.ts";
import type { Cidr } from "./ip.ts";
import { composeEdge, guards, type EdgeGuard, type EdgeMiddleware } from "./pipeline.ts";
import { rateLimit, type RouteRule } from "./rate-limit.ts";
import { apiKeyIdentity, unknownApiKey, type ApiKey } from "./api-keys.ts";
import { requestLimits } from "./request-limits.ts";
import type { RouteCatalogue } from "./route-catalogue.ts";
import { appRequest } from "./app-request.ts";
import type { BodyBudget } from "./body-budget.ts";
import { securityHeaders } from "./security-headers.ts";
import { defaultCacheControl } from "./cache-control.ts";
import { SlidingWindowLimiter } from "./sliding-window.ts";

export interface EdgeDeps {
  /** The app's routes (the limiter counts per route). */
  routes: RouteCatalogue;
  handle(request: Request): Response | Promise<Response>;
  logError(error: unknown, request: Request): void;
  /** Layers that wrap everything else, outermost first (observability: they see every answer). */
  outer?: readonly EdgeMiddleware[];
  /** Where request bodies are charged while their request runs; each request gets a lease. */
  bodyBudget?: BodyBudget;
  /** Benchmarks only: build the edge without the rate limiter, to measure what it costs. */
  withoutRateLimit?: boolean;
  /** Rules of the app's own for single routes (the admin routes'); RATE_LIMIT_ROUTES overrides them. */
  routeRules?: readonly RouteRule[];
  /** Told of every request with a known panel key, by the key's name, and of every unknown key (metrics). */
  onKeyedRequest?(name: string): void;
  onUnknownKey?(): void;
}

/**
 * What the edge reads of the configuration: src/config.ts validates and parses it once and hands
 * it over; the edge imports nothing from there.
 */
export interface EdgeSettings {
  PORT: number;
  PUBLIC_URL: string;
  TLS_CERT?: string;
  HSTS_MAX_AGE_S: number;
  RATE_LIMIT_BUCKETS: number;
  RATE_LIMIT_REPLICAS: number;
  RATE_LIMIT_MAX: number;
  RATE_LIMIT_WINDOW_S: number;
  RATE_LIMIT_ROUTES: readonly RouteRule[];
  API_KEYS: readonly ApiKey[];
  TRUSTED_PROXIES: readonly Cidr[];
  MAX_URL_BYTES: number;
  MAX_HEADER_BYTES: number;
}

export function createEdge(config: EdgeSettings, deps: EdgeDeps) {
  const limiter = new SlidingWindowLimiter({ maxBuckets: config.RATE_LIMIT_BUCKETS });
  const apiKeys = config.API_KEYS.map((apiKey) => ({ ...apiKey, rule: replicaShare(apiKey.rule, config.RATE_LIMIT_REPLICAS) }));
  const resolveClient = clientIpResolver({ trustedProxies: config.TRUSTED_PROXIES });
  const publicUrl = new URL(config.PUBLIC_URL);
  const httpsTarget: HttpsTarget & { enabled: boolean } = {
    publicOrigin: publicUrl.protocol === "https:" ? publicUrl.origin : null,
    httpsPort: config.PORT,
    enabled: publicUrl.protocol === "https:" || config.TLS_CERT !== undefined,
  };

  const checks: (EdgeGuard | null)[] = [
    apiKeys.length > 0 ? apiKeyIdentity({ keys: apiKeys, onKeyedRequest: deps.onKeyedRequest, onUnknownKey: deps.onUnknownKey }) : null,
    deps.withoutRateLimit
      ? null
      : rateLimit({
          limiter,
          routes: deps.routes,
          defaultRule: replicaShare({ max: config.RATE_LIMIT_MAX, windowMs: config.RATE_LIMIT_WINDOW_S * 1000 }, config.RATE_LIMIT_REPLICAS),
          // later rules win: the operator's RATE_LIMIT_ROUTES over the app's own
          routeRules: [...(deps.routeRules ?? []), ...config.RATE_LIMIT_ROUTES].map((rule) => replicaShare(rule, config.RATE_LIMIT_REPLICAS)),
        }),
    apiKeys.length > 0 ? unknownApiKey() : null,
    requestLimits({ maxUrlBytes: config.MAX_URL_BYTES, maxHeaderBytes: config.MAX_HEADER_BYTES }),
    httpsRedirect(httpsTarget),
    preflight(),
  ];
  const middlewares: EdgeMiddleware[] = [
    ...(deps.outer ?? []),
    errorBoundary({ logError: deps.logError }),
    compression({ minBytes: 1024 }),
    securityHeaders(),
    defaultCacheControl(),
    strictTransportSecurity({ maxAgeS: config.HSTS_MAX_AGE_S }),
    cors(),
    guards(...checks.filter((check): check is EdgeGuard => check !== null)),
    appRequest({ bodyBudget: deps.bodyBudget }),
  ];
  const edge = composeEdge(middlewares, deps.handle);

  return {
    /** The service's fetch handler: every request from a listener goes through here. */
    fetch: (request: Request): Promise<Response> => edge(request, resolveClient(request)),
    limiter,
    /** The listener's actual port is known only after it starts (PORT=0 in tests). */
    setHttpsPort(port: number) {
      httpsTarget.httpsPort = port;
    },
  };
}

export type Edge = ReturnType<typeof createEdge>;

/**
 * The limiter is per process (a sliding window in memory, no shared store): with N replicas
 * behind a proxy that spreads requests evenly, each enforcing the whole limit would admit N
 * times it. RATE_LIMIT_REPLICAS makes each enforce its share, so the total stays the limit.
 */
function replicaShare<Rule extends { max: number }>(rule: Rule, replicas: number): Rule {
  return { ...rule, max: Math.max(1, Math.floor(rule.max / replicas)) };
}
