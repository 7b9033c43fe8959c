/**
 * Operations endpoints, outside the API prefixes: /healthz (the process is up), /readyz (the
 * database answers and migrations are applied; 503 otherwise) and /metrics (Prometheus text).
 */
import { Elysia } from "elysia";
import { ApiError, errorResponse } from "../errors.ts";
import type { ServiceMetrics } from "./service-metrics.ts";

export interface OpsRoutesDeps {
  metrics: ServiceMetrics;
  /** What keeps the service from serving, or null when ready. */
  readinessProblem(): Promise<string | null>;
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  metricsToken?: string;
}

export function opsRoutes(deps: OpsRoutesDeps) {
  return new Elysia()
    .get("/healthz", () => ({ status: "ok" }), { detail: { summary: "The process is up", tags: ["Operations"] } })
    .get(
      "/readyz",
      async () => {
        const problem = await deps.readinessProblem();
        if (problem) return errorResponse(new ApiError("database_unavailable", `Not ready: ${problem}.`, { "retry-after": "5" }));
        return { status: "ready" };
      },
      { detail: { summary: "Ready to serve: database reachable, migrations applied (503 otherwise)", tags: ["Operations"] } },
    )
    .get(
      "/metrics",
      ({ request }) => {
        if (deps.metricsToken && request.headers.get("authorization") !== `Bearer ${deps.metricsToken}`) {
          throw new ApiError("missing_token", "Send the metrics token as 'Authorization: Bearer <token>'.");
        }
        return new Response(deps.metrics.render(), {
          headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" },
        });
      },
      { detail: { summary: "Prometheus metrics", tags: ["Operations"] } },
    );
}
