/**
 * What every route shares in the OpenAPI document, as data: one response per error status (all
 * with the one `Error` body), the statuses the edge may answer for any route, and the headers on
 * every response. document.ts applies them; the routes declare only what is theirs.
 */
import { errorStatus, type ErrorCode, type ErrorHttpStatus } from "../errors.ts";

interface ErrorStatusDoc {
  /** The name under components.responses. */
  name: string;
  meaning: string;
  /** 429 and 503 tell the client when to come back. */
  retryAfter?: boolean;
}

/** Every status in errorStatus must be described here (the Record type sees to it). */
export const errorStatusDocs: Record<ErrorHttpStatus, ErrorStatusDoc> = {
  400: { name: "BadRequest", meaning: "The request is malformed." },
  401: { name: "Unauthorized", meaning: "Credentials are missing or not accepted." },
  403: { name: "Forbidden", meaning: "The token does not match." },
  404: { name: "NotFound", meaning: "Nothing is there." },
  405: { name: "MethodNotAllowed", meaning: "The path exists, not with this method; `Allow` lists the methods it has." },
  408: { name: "RequestTimeout", meaning: "The request body did not arrive within `BODY_TIMEOUT_S`." },
  413: { name: "PayloadTooLarge", meaning: "The body, once decoded, or an attached file or archive is over a limit (GET /v1/limits)." },
  414: { name: "UriTooLong", meaning: "The request URL is longer than `MAX_URL_BYTES`." },
  415: { name: "UnsupportedMediaType", meaning: "The Content-Type or Content-Encoding is not one this route reads." },
  429: { name: "TooManyRequests", meaning: "Too many requests from this client for this route, or too many AI streams at once.", retryAfter: true },
  431: { name: "RequestHeaderFieldsTooLarge", meaning: "The request headers are larger than `MAX_HEADER_BYTES`." },
  499: { name: "ClientClosedRequest", meaning: "Never received: the client hung up while sending its body. Metrics and access logs count it apart from server errors." },
  500: { name: "InternalError", meaning: "Something failed on our side; it has been logged." },
  503: { name: "ServiceUnavailable", meaning: "A dependency is down (the database, the AI model), too many large texts are being decoded at once (`server_busy`: request bodies, stored logs read for their first analysis), or the service is shutting down.", retryAfter: true },
  504: { name: "GatewayTimeout", meaning: "An upstream dependency did not answer in time." },
};

/** Answered by the edge before any route runs, or by the error boundary: possible on every operation. */
export const everyRouteStatuses: readonly ErrorHttpStatus[] = [414, 429, 431, 500];

export const sharedHeaders = {
  "RateLimit-Policy": {
    description: 'The rate-limit rule that counted this request: `<name>;q=<requests>;w=<window seconds>` (IETF draft "RateLimit header fields for HTTP").',
    schema: { type: "string", examples: ['"default";q=36000;w=60'] },
  },
  RateLimit: {
    description: "What is left of that rule: `<name>;r=<remaining requests>;t=<seconds until the window ends>`.",
    schema: { type: "string", examples: ['"default";r=35999;t=42'] },
  },
  "X-Request-Id": {
    description: "The request's id, also in the service's logs: the client's own when it sent a sane one.",
    schema: { type: "string" },
  },
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    schema: { type: "integer", minimum: 0 },
  },
} as const;

/** Headers on every response (their names under components.headers). */
export const everyResponseHeaders = ["RateLimit-Policy", "RateLimit", "X-Request-Id"] as const;

/** The codes answered with a status, for that status's description. */
export function codesOf(status: ErrorHttpStatus): ErrorCode[] {
  return (Object.keys(errorStatus) as ErrorCode[]).filter((code) => errorStatus[code] === status);
}
