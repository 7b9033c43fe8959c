/**
 * One error class, a closed set of codes, one JSON shape (API.md "Common rules"):
 * {"success": false, "error": "<for a person>", "code": "<machine code>"}.
 * Every module throws ApiError; the app's single error handler shapes the response.
 */

/** Machine codes and the HTTP status each one answers with. */
export const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  invalid_body: 400,
  invalid_content: 400,
  invalid_encoding: 400,
  invalid_id: 400,
  invalid_file_name: 400,
  invalid_archive: 400,
  missing_content: 400,
  missing_token: 401,
  wrong_token: 403,
  not_found: 404,
  log_not_found: 404,
  file_not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsupported_encoding: 415,
  header_too_large: 431,
  uri_too_long: 414,
  rate_limited: 429,
  too_many_streams: 429,
  internal_error: 500,
  database_unavailable: 503,
  ai_disabled: 503,
  ai_unavailable: 503,
  shutting_down: 503,
  ai_timeout: 504,
  request_timeout: 408,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = errorStatus[code];
    this.headers = headers;
  }

  /** The body API.md prescribes. */
  toBody(): ErrorBody {
    return { success: false, error: this.message, code: this.code };
  }
}

export interface ErrorBody {
  success: false;
  error: string;
  code: ErrorCode;
}

/** A JSON error Response, for code paths that answer outside Elysia's error hook (listeners, streams). */
export function errorResponse(error: ApiError, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(error.toBody()), {
    status: error.status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...error.headers,
      ...extraHeaders,
    },
  });
}
