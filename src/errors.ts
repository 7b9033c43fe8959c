/**
 * One error class, a closed set of codes, one JSON shape (docs/API.md, Errors):
 * {"success": false, "error": "<for a person>", "code": "<machine code>"}.
 * Every module throws ApiError; the app's single error handler shapes the response.
 */
import { Type } from "@sinclair/typebox";

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
  /** A delete without a token: 400, as mclo.gs answers it. */
  missing_token: 400,
  /** An admin route or /metrics without the right token. */
  unauthorized: 401,
  /** An X-API-Key that is not one of API_KEYS. */
  invalid_api_key: 401,
  wrong_token: 403,
  /** An AI analysis asked for by a page of another origin (docs/API.md, AI analysis). */
  origin_not_allowed: 403,
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
  server_busy: 503,
  ai_timeout: 504,
  request_timeout: 408,
  /** The client went away while its body was arriving: no one reads this answer; metrics and access lines count it apart from server errors (nginx's 499). */
  client_closed_request: 499,
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

  /** The body docs/API.md prescribes (Errors). */
  toBody(): ErrorBody {
    return { success: false, error: this.message, code: this.code };
  }
}

export interface ErrorBody {
  success: false;
  error: string;
  code: ErrorCode;
}

/** ErrorBody as a schema: the OpenAPI document's one `Error` component (its `$id`), every error status refers to it. */
export const ErrorBodySchema = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.String({ description: "What went wrong, for a person." }),
    code: Type.Union(
      (Object.keys(errorStatus) as ErrorCode[]).map((code) => Type.Literal(code)),
      { description: "What went wrong, for a program: one of a closed set, each with its HTTP status." },
    ),
  },
  { $id: "Error", description: "Every error answer has this shape." },
);

export type ErrorHttpStatus = (typeof errorStatus)[ErrorCode];

/** The error statuses a route answers, for its `response` option: `{ 200: Record, ...errorResponses(404, 503) }`. */
export function errorResponses<const S extends readonly ErrorHttpStatus[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Record<S[number], typeof ErrorBodySchema>;
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
