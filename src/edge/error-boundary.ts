/**
 * errorBoundary: the outermost middleware. Whatever fails inside the edge leaves as the JSON
 * error of docs/API.md, Errors (ApiError as itself, anything else as a logged 500 without
 * details), never a stack trace.
 */
import { ApiError, errorResponse } from "../errors.ts";
import type { EdgeMiddleware } from "./pipeline.ts";

export function errorBoundary(options: { logError(error: unknown, request: Request): void }) {
  return async function errorBoundary(request, context, next): ReturnType<EdgeMiddleware> {
    try {
      return await next(request, context);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      options.logError(error, request);
      return errorResponse(new ApiError("internal_error", "Something went wrong on our side; it has been logged."));
    }
  } satisfies EdgeMiddleware;
}
