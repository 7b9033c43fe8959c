/**
 * Operations endpoints, outside the API prefixes: /healthz (the process is up), /readyz (the
 * database answers and migrations are applied; 503 otherwise) and /metrics (Prometheus text).
 */
import { Elysia } from "elysia";
import { Type } from "@sinclair/typebox";
import { ApiError, errorResponses } from "../errors.ts";
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
    .get("/healthz", () => ({ status: "ok" as const }), {
      response: { 200: Type.Object({ status: Type.Literal("ok") }, { description: "The process is up." }) },
      detail: { operationId: "getHealth", summary: "The process is up", tags: ["Operations"] },
    })
    .get(
      "/readyz",
      async () => {
        const problem = await deps.readinessProblem();
        if (problem) throw new ApiError("database_unavailable", `Not ready: ${problem}.`, { "retry-after": "5" });
        return { status: "ready" as const };
      },
      {
        response: { 200: Type.Object({ status: Type.Literal("ready") }, { description: "Ready to serve." }), ...errorResponses(503) },
        detail: { operationId: "getReadiness", summary: "Ready to serve: database reachable, migrations applied (503 otherwise)", tags: ["Operations"] },
      },
    )
    .get(
      "/metrics",
      ({ request }) => {
        if (deps.metricsToken && request.headers.get("authorization") !== `Bearer ${deps.metricsToken}`) {
          throw new ApiError("unauthorized", "Send the metrics token as 'Authorization: Bearer <token>'.");
        }
        return new Response(deps.metrics.render(), {
          headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" },
        });
      },
      {
        response: errorResponses(401),
        detail: {
          operationId: "getMetrics",
          summary: "Prometheus metrics",
          description: "Needs `Authorization: Bearer <METRICS_TOKEN>` when the server sets one (401 otherwise).",
          tags: ["Operations"],
          security: [{}, { bearer: [] }],
          responses: {
            200: { description: "Prometheus text exposition format 0.0.4.", content: { "text/plain": { schema: { type: "string" } } } },
          },
        },
      },
    );
}
