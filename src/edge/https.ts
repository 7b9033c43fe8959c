/**
 * HTTPS only, in production (docs/API.md, Headers: HTTPS and proxies):
 *  - `httpsRedirect`: behind a trusted proxy that says the client used plain http
 *    (X-Forwarded-Proto: http, or Forwarded proto=http), answer 308 to the https address; only
 *    when the service is meant to be reached over https (PUBLIC_URL is https, or we hold a
 *    certificate): a proxy on a private network serving plain http must not loop;
 *  - `strictTransportSecurity`: HSTS on every response that went out over https (our own TLS
 *    listener, or a trusted proxy's);
 *  - `redirectListener`: the fetch handler of the plain listener that runs next to our own TLS
 *    one and answers every request with 308 to https.
 * 308 rather than 301 so that a POST stays a POST with its body.
 */
import { ApiError, errorResponse } from "../errors.ts";
import type { Client } from "./client-ip.ts";
import { withHeaders, type EdgeGuard, type EdgeMiddleware } from "./pipeline.ts";

export interface HttpsTarget {
  /** https origin to redirect to when PUBLIC_URL is https; else the request's host is used. */
  publicOrigin: string | null;
  /** Port of our https listener, when the host from the request is used (443 is left out). */
  httpsPort: number;
}

/** A host name or an IP literal, and an optional port: what may stand in a Location we write. */
const VALID_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

/**
 * The https address for a request: same path and query. Null when the Host header is not a
 * host (`a b`, `x:99999`, `[::1`): read as a URL, it would throw.
 */
export function httpsLocation(request: Request, target: HttpsTarget): string | null {
  // The path and query as sent, taken from the string: `new URL()` throws on such hosts.
  const url = request.url;
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  const pathAndQuery = pathStart < 0 ? "/" : url.slice(pathStart).replace(/#.*$/, "");
  if (target.publicOrigin) return `${target.publicOrigin}${pathAndQuery}`;
  const hostHeader = request.headers.get("host") ?? "";
  const valid = VALID_HOST.exec(hostHeader);
  if (!valid || (valid[1] !== undefined && Number(valid[1]) > 65535)) return null;
  const host = hostHeader.replace(/:\d+$/, "");
  const port = target.httpsPort === 443 ? "" : `:${target.httpsPort}`;
  return `https://${host}${port}${pathAndQuery}`;
}

function invalidHost(): Response {
  return errorResponse(new ApiError("bad_request", "The Host header is not a valid host name, so there is no https address to send you to."));
}

function redirect(location: string): Response {
  return new Response(null, { status: 308, headers: { location, "content-length": "0" } });
}

export function httpsRedirect(target: HttpsTarget & { enabled: boolean }) {
  return function httpsRedirect(request, context): Response | null {
    const { client } = context;
    if (target.enabled && client.viaTrustedProxy && client.forwardedProto === "http") {
      const location = httpsLocation(request, target);
      return location === null ? invalidHost() : redirect(location);
    }
    return null;
  } satisfies EdgeGuard;
}

export function strictTransportSecurity(options: { maxAgeS: number }) {
  const value = `max-age=${options.maxAgeS}`;
  const isHttps = (url: string, client: Client) =>
    client.forwardedProto === "https" || (client.forwardedProto === null && url.startsWith("https:"));
  return async function strictTransportSecurity(request, context, next): ReturnType<EdgeMiddleware> {
    const response = await next(request, context);
    if (options.maxAgeS <= 0 || !isHttps(context.url, context.client)) return response;
    return withHeaders(response, { "strict-transport-security": value });
  } satisfies EdgeMiddleware;
}

/** Fetch handler for the plain listener: every request goes to https. */
export function redirectListener(target: () => HttpsTarget) {
  return function redirectToHttps(request: Request): Response {
    const location = httpsLocation(request, target());
    return location === null ? invalidHost() : redirect(location);
  };
}
