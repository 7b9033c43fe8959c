/**
 * The insights controller: POST /analyse (any upload body form, nothing stored) and
 * GET /insights/{id}. Unprefixed; mounted under /v1 and /1.
 */
import { Elysia, t } from "elysia";
import type { BodyLimits } from "../edge/body.ts";
import { ErrorResponse, LogIdParams } from "../logs/model.ts";
import { uploadRequestBody } from "../logs/routes.ts";
import { readUploadInput } from "../logs/upload-input.ts";
import { InsightsResponse } from "./model.ts";
import type { InsightsService } from "./service.ts";

export interface InsightsRoutesDeps {
  insights: InsightsService;
  bodyLimits: BodyLimits;
}

const EntriesQuery = t.Object({
  entries: t.Optional(t.String({ description: "Present: also return the parsed entries (every line of the log)." })),
});

export function insightsRoutes({ insights, bodyLimits }: InsightsRoutesDeps) {
  return new Elysia()
    .post(
      "/analyse",
      async ({ request, query }) => {
        const input = await readUploadInput(request, bodyLimits);
        return insights.analyseContent(input.content, query.entries !== undefined);
      },
      {
        parse: "none",
        query: EntriesQuery,
        response: { 200: InsightsResponse, 400: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse },
        detail: {
          summary: "Analyse a log without storing it",
          description: "Same body forms and encodings as POST /log. Answers the detected software, version and the problems with solutions.",
          tags: ["Analysis"],
          requestBody: uploadRequestBody as never,
        },
      },
    )
    .get("/insights/:id", ({ params, query }) => insights.ofLog(params.id, query.entries !== undefined), {
      params: LogIdParams,
      query: EntriesQuery,
      response: { 200: InsightsResponse, 404: ErrorResponse },
      detail: { summary: "Insights of a stored log", tags: ["Analysis"] },
    });
}
