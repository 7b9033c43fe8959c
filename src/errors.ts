/**
 * One error class, a closed set of codes, one JSON shape (docs/API.md, Errors):
 * {"success": false, "error": "<for a person>", "code": "<machine code>"}.
 * Every module throws ApiError; the app's single error handler shapes the response.
 */
import { Type } from "@sinclair/typebox";

/**
 * The closed catalogue of error codes: each code once, with the HTTP status it answers with and
 * when it is sent. The handlers raise codes from it (an unknown code does not compile), the
 * OpenAPI document describes every code from it, and docs/API.md's table of error codes must
 * agree with it (test/openapi/error-codes.test.ts).
 */
export const ERROR_CATALOGUE = {
  bad_request: {
    status: 400,
    when: "A query parameter is malformed (`lang` on the AI routes is not the tag of a known language); the address holds malformed percent-encoding (`/%ff`); the Host header is not a host (the https redirect listener).",
  },
  invalid_json: {
    status: 400,
    when: "A body sent as `application/json` does not parse as JSON.",
  },
  invalid_body: {
    status: 400,
    when: "The body parses but has the wrong shape: the JSON upload is not an object, a field has the wrong type (`content`, `source`, `files`), a `files` entry has an unknown property, a base64 file is not base64, `metadata` is not a list, a form `metadata` field is not JSON, JSON nests deeper than 64 levels, a multipart body has no valid boundary or is malformed, a bulk delete is empty, has more than 256 items or an item without `id` and `token` strings. Also a query or path parameter that fails validation.",
  },
  invalid_content: {
    status: 400,
    when: "Reserved. No route sends it today.",
  },
  invalid_encoding: {
    status: 400,
    when: "The body is not valid data for its `Content-Encoding` (a corrupt gzip stream, for example).",
  },
  invalid_id: {
    status: 400,
    when: "`POST /v1/ai/analyse` got `{\"id\": ...}` whose value is not a non-empty string.",
  },
  invalid_file_name: {
    status: 400,
    when: "An attached file name is refused (see [Attached files](#attached-files)).",
  },
  invalid_archive: {
    status: 400,
    when: "An attached archive cannot be expanded: not a valid archive, corrupt data, a link, device, encrypted or zip64 entry, or nesting deeper than the limit.",
  },
  missing_content: {
    status: 400,
    when: "An upload has no log: no `content` and no files, or the log is empty once filtered (only whitespace, for example).",
  },
  missing_token: {
    status: 400,
    when: "`DELETE /v1/log/{id}` without a token in `Authorization` (checked before the id).",
  },
  unauthorized: {
    status: 401,
    when: "`GET /metrics` without the right metrics token, when one is configured; an admin route (`/v1/admin/...`) without `Authorization: Bearer <ADMIN_TOKEN>`.",
  },
  invalid_api_key: {
    status: 401,
    when: "An `X-API-Key` header that is not one of the server's panel keys (`API_KEYS`). Leave the header out to be counted by address. The request was counted against the address's budget first.",
  },
  wrong_token: {
    status: 403,
    when: "The delete token does not belong to this log.",
  },
  origin_not_allowed: {
    status: 403,
    when: "An AI analysis was asked for by a page of another origin, or by an embed on another site (see [Who may ask](#who-may-ask)).",
  },
  not_found: {
    status: 404,
    when: "No route at this path, or an unknown asset.",
  },
  log_not_found: {
    status: 404,
    when: "No log with this id: never existed, expired or deleted.",
  },
  file_not_found: {
    status: 404,
    when: "The log exists but has no attached file with this name.",
  },
  method_not_allowed: {
    status: 405,
    when: "The path exists but not with this method. The `Allow` header lists the methods it has.",
  },
  payload_too_large: {
    status: 413,
    when: "The body is larger than `maxBodyBytes` as sent, or its decoding steps produce more than `maxDecodedBytes`; a form holds more than `maxFormFields` fields or parts, or a JSON body more than four times as many values; or attached files break a file or archive limit (see [Information](#get-v1limits)).",
  },
  unsupported_media_type: {
    status: 415,
    when: "The `Content-Type` is not one the route accepts. The message lists the accepted ones.",
  },
  unsupported_encoding: {
    status: 415,
    when: "A `Content-Encoding` step is unknown, or there are more than 5 steps.",
  },
  header_too_large: {
    status: 431,
    when: "The request headers are larger than `MAX_HEADER_BYTES` (default 12,288; names and values summed).",
  },
  uri_too_long: {
    status: 414,
    when: "The path and query are longer than `MAX_URL_BYTES` (default 8,192).",
  },
  rate_limited: {
    status: 429,
    when: "The client used up its budget for this route, or its budget of new AI analyses (`AI_RUNS_PER_CLIENT`; the message names the limit). Carries `Retry-After`. Also the fixed answer of `GET /v1/errors/rate`.",
  },
  too_many_streams: {
    status: 429,
    when: "Too many AI model runs are going on in the server (`AI_MAX_STREAMS`), or the client holds too many AI streams (`AI_MAX_STREAMS_PER_CLIENT`). Carries `Retry-After: 5`.",
  },
  internal_error: {
    status: 500,
    when: "A bug. It is logged with the request id; the answer holds no detail.",
  },
  database_unavailable: {
    status: 503,
    when: "The database is down or too slow (`DB_TIMEOUT_S`), or `/readyz` finds the service not ready. Carries `Retry-After: 5`.",
  },
  ai_disabled: {
    status: 503,
    when: "The AI routes were called but no model provider is configured.",
  },
  ai_unavailable: {
    status: 503,
    when: "The model provider failed. As an HTTP status: the server is shutting down and takes no new AI stream (`Retry-After: 5`). Inside a stream: see [AI analysis](#ai-analysis).",
  },
  shutting_down: {
    status: 503,
    when: "The server is stopping. As an HTTP status: an upload arrived after the upload workers closed. Inside a stream: the last event of an AI stream cut by a restart.",
  },
  server_busy: {
    status: 503,
    when: "Too many large texts are being decoded at once across the server (`BODY_BUDGET_BYTES`, default 64 MiB): request bodies, and stored logs read for their first analysis. Carries `Retry-After: 2`.",
  },
  ai_timeout: {
    status: 504,
    when: "Only inside an AI stream: the model sent nothing for too long, or the analysis took longer than its cap.",
  },
  request_timeout: {
    status: 408,
    when: "The body did not arrive within `BODY_TIMEOUT_S` (default 60 s), however slowly it trickled.",
  },
  client_closed_request: {
    status: 499,
    when: "Never received: the client hung up while sending its body, or before its upload was stored (nothing is stored then). Metrics and access lines count it apart from server errors.",
  },
} as const satisfies Record<string, { status: number; when: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Each code's status, typed per code. */
export const errorStatus = Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, { status }]) => [code, status])) as {
  [Code in ErrorCode]: (typeof ERROR_CATALOGUE)[Code]["status"];
};

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

  /** The seconds of the Retry-After this error carries, or null when it carries no usable one. */
  get retryAfterS(): number | null {
    const header = this.headers["retry-after"];
    const seconds = header === undefined ? Number.NaN : Number(header);
    return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
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
      (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).map((code) => Type.Literal(code, { description: `${ERROR_CATALOGUE[code].status}: ${ERROR_CATALOGUE[code].when}` })),
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
