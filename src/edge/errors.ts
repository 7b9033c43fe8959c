/**
 * The single error handler: every failure leaves in the JSON error shape of docs/API.md, Errors,
 * with a fitting status. Unknown paths are 404, known paths with another method 405, validation
 * failures 400; errors raised by code (ApiError, src/errors.ts) answer as their code says, a
 * database outage among them (storage raises it); anything unexpected is logged and answered 500
 * without a stack trace.
 */
import { Elysia } from "elysia";
import { ApiError, errorResponse } from "../errors.ts";

export interface ErrorHandlerOptions {
  /** Methods allowed on a path, for 405 answers; undefined when the path is unknown. */
  allowedMethods(path: string): string[] | undefined;
  logError(error: unknown, request: Request): void;
}

export function errorHandler(options: ErrorHandlerOptions) {
  return new Elysia({ name: "error-handler" }).onError({ as: "global" }, ({ code, error, request }) => {
    if (error instanceof ApiError) return errorResponse(error);
    switch (code) {
      case "NOT_FOUND": {
        const path = new URL(request.url).pathname;
        const allowed = options.allowedMethods(path);
        if (allowed && !allowed.includes(request.method)) {
          return errorResponse(
            new ApiError("method_not_allowed", `${request.method} is not allowed here; use ${allowed.join(", ")}.`),
            { allow: allowed.join(", ") },
          );
        }
        return errorResponse(new ApiError("not_found", `Nothing is at ${request.method} ${path.slice(0, 200)}.`));
      }
      case "VALIDATION":
        // Our own answer failing its schema is our bug, not the client's: a 500, logged.
        if ((error as { type?: string }).type === "response") {
          options.logError(error, request);
          return errorResponse(new ApiError("internal_error", "Something went wrong on our side; it has been logged."));
        }
        return errorResponse(new ApiError("invalid_body", validationMessage(error)));
      case "PARSE":
        return errorResponse(new ApiError("invalid_json", "The request body could not be parsed."));
      case "INVALID_COOKIE_SIGNATURE":
        return errorResponse(new ApiError("bad_request", "Invalid cookie."));
      default:
        // A database outage never gets here as itself: storage maps it to database_unavailable
        // (503) at its own boundary (src/storage/outage.ts, guardedByBreaker), so anything
        // else is a bug.
        options.logError(error, request);
        return errorResponse(new ApiError("internal_error", "Something went wrong on our side; it has been logged."));
    }
  });
}

function validationMessage(error: unknown): string {
  const detail = error as { type?: string; valueError?: { path?: string; message?: string } };
  const where = detail.type === "query" ? "query parameter" : detail.type === "params" ? "path parameter" : "field";
  const field = detail.valueError?.path?.replace(/^\//, "").replaceAll("/", ".") || "body";
  const message = detail.valueError?.message ?? "invalid value";
  return `Invalid ${where} '${field}': ${message}.`;
}
