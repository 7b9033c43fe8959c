/**
 * observe: the outermost edge middleware. Gives every request an id (X-Request-Id: the client's
 * if it sent a sane one, else a new one), times it into the metrics by route template (never the
 * raw path: ids would make the label set unbounded), and writes one structured JSON line per
 * request. The line carries no log content, no tokens, no query string.
 */
import type { EdgeMiddleware } from "../edge/pipeline.ts";
import type { RouteCatalogue } from "../edge/route-catalogue.ts";
import type { ServiceMetrics } from "./service-metrics.ts";

export interface ObserveOptions {
  metrics: ServiceMetrics;
  routes: RouteCatalogue;
  /** Where access lines go; null: none (tests, benchmarks). */
  writeLine: ((line: string) => void) | null;
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const requestIds = new WeakMap<Request, string>();

/** The id `observe` gave a request, for error lines written deeper inside. */
export function requestIdOf(request: Request | undefined): string | undefined {
  return request ? requestIds.get(request) : undefined;
}

export function observe(options: ObserveOptions) {
  return async function observe(request, context, next): ReturnType<EdgeMiddleware> {
    const started = performance.now();
    const offered = request.headers.get("x-request-id");
    const requestId = offered && SANE_REQUEST_ID.test(offered) ? offered : crypto.randomUUID();
    requestIds.set(request, requestId);
    (context.responseHeaders ??= {})["x-request-id"] = requestId;
    const response = await next(request, context);
    const seconds = (performance.now() - started) / 1000;
    const route = options.routes.templateOf(context);
    options.metrics.observeRequest(request.method, route, response.status, seconds);
    options.writeLine?.(
      JSON.stringify({
        level: response.status >= 500 ? "error" : "info",
        time: new Date().toISOString(),
        msg: "request",
        requestId,
        method: request.method,
        route,
        status: response.status,
        ms: Math.round(seconds * 10_000) / 10,
        client: context.client.group,
      }),
    );
    return response;
  } satisfies EdgeMiddleware;
}
