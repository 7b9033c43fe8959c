/**
 * The insights controller: POST /analyse (any upload body form, nothing stored) and
 * GET /insights/{id}. Unprefixed; mounted under /v1 and /1.
 */
import { Elysia, t } from "elysia";
import type { BodyLimits } from "../edge/body.ts";
import { errorResponses } from "../errors.ts";
import { LogIdParams } from "../logs/model.ts";
import { uploadRequestBody } from "../logs/routes.ts";
import { readUploadBody } from "../logs/upload-input.ts";
import { InsightsResponse } from "./model.ts";
import { answer } from "../logs/insights-answer.ts";
import type { InsightsService } from "./service.ts";
import type { LogService } from "../logs/service.ts";

export interface InsightsRoutesDeps {
  logs: LogService;
  insights: InsightsService;
  bodyLimits: BodyLimits;
}

const EntriesQuery = t.Object({
  entries: t.Optional(
    t.String({
      description:
        "The parsed entries (every line of the log): `?entries` or `=1` includes them, `=0` or `=false` leaves them out. Left out of the query: POST /analyse includes them (as mclo.gs), GET /insights/{id} does not.",
    }),
  ),
});

/** `?entries` as asked, or the route's default when it is not in the query. */
function wantsEntries(value: string | undefined, byDefault: boolean): boolean {
  if (value === undefined) return byDefault;
  return !["0", "false", "no", "off"].includes(value.trim().toLowerCase());
}

/** As Elysia labels the JSON it writes itself. */
const JSON_TYPE = { "content-type": "application/json;charset=utf-8" };

export function insightsRoutes({ logs, insights, bodyLimits }: InsightsRoutesDeps) {
  return new Elysia()
    .post(
      "/analyse",
      async ({ request, query }) => {
        const body = await readUploadBody(request, bodyLimits);
        // Written out as JSON where it was analysed (LogService.analyseBody): sent as it is.
        return new Response(await logs.analyseBody(body, wantsEntries(query.entries, true)), { headers: JSON_TYPE }) as never;
      },
      {
        parse: "none",
        query: EntriesQuery,
        response: { 200: InsightsResponse, ...errorResponses(400, 408, 413, 415) },
        detail: {
          operationId: "analyseLog",
          summary: "Analyse a log without storing it",
          description:
            "Same body forms and encodings as POST /log. Answers the detected software, version and the problems with solutions, and the parsed `entries` (as mclo.gs does; `?entries=false` or `?entries=0` leaves them out).",
          tags: ["Analysis"],
          requestBody: uploadRequestBody as never,
        },
      },
    )
    .get("/insights/:id", async ({ params, query }) => answer(await insights.ofLog(await logs.open(params.id), wantsEntries(query.entries, false))), {
      params: LogIdParams,
      query: EntriesQuery,
      response: { 200: InsightsResponse, ...errorResponses(404, 503) },
      detail: { operationId: "getInsights", summary: "Insights of a stored log", tags: ["Analysis"] },
    });
}
