/**
 * The admin routes (controller), mounted under /v1 and /1 only when ADMIN_TOKEN is set: without
 * it they do not exist (404). Every request needs `Authorization: Bearer <ADMIN_TOKEN>` (401
 * otherwise); the edge gives them a strict rate limit of their own (ADMIN_ROUTE_RULES).
 */
import { Elysia } from "elysia";
import { ApiError, errorResponses } from "../errors.ts";
import type { RouteRule } from "../edge/rate-limit.ts";
import type { AdminToken } from "../edge/admin-token.ts";
import { AdminLogsQuery, AdminLogsResponse, AdminStatsResponse } from "./model.ts";
import type { ModerationService } from "./service.ts";

/** Per client: plenty for a person or the CLI paging through, few for guessing a token. */
export const ADMIN_ROUTE_RULES: readonly RouteRule[] = [
  { route: "GET /v1/admin/logs", max: 120, windowMs: 60_000 },
  { route: "GET /v1/admin/stats", max: 120, windowMs: 60_000 },
];

export function adminRoutes({ moderation, token }: { moderation: ModerationService; token: AdminToken }) {
  return new Elysia({ prefix: "/admin" })
    // Before validation, so a request without the token learns nothing from a 400.
    .onTransform(({ request }) => {
      if (!token.authorizes(request.headers.get("authorization"))) {
        throw new ApiError("unauthorized", "Send the admin token as 'Authorization: Bearer <ADMIN_TOKEN>'.");
      }
    })
    .get("/logs", ({ query }) => moderation.list(query), {
      query: AdminLogsQuery,
      response: { 200: AdminLogsResponse, ...errorResponses(400, 401, 503) },
      detail: {
        operationId: "listLogsAsAdmin",
        summary: "The newest logs, for moderation",
        description: "Newest first, `limit` at a time; `nextCursor` leads to the next page. Needs the admin token; exists only when the server sets ADMIN_TOKEN.",
        tags: ["Admin"],
        security: [{ admin: [] }],
      },
    })
    .get("/stats", () => moderation.stats(), {
      response: { 200: AdminStatsResponse, ...errorResponses(401, 503) },
      detail: {
        operationId: "getStatsAsAdmin",
        summary: "What the store holds: counts, bytes, deduplication",
        description: "Needs the admin token; exists only when the server sets ADMIN_TOKEN.",
        tags: ["Admin"],
        security: [{ admin: [] }],
      },
    });
}
