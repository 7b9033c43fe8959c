/**
 * HTTPS only, in production (API.md "Limits and transport"):
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
import type { Client } from "./client-ip.ts";
import { withHeaders, type EdgeMiddleware } from "./pipeline.ts";

export interface HttpsTarget {
  /** https origin to redirect to when PUBLIC_URL is https; else the request's host is used. */
  publicOrigin: string | null;
  /** Port of our https listener, when the host from the request is used (443 is left out). */
  httpsPort: number;
}

/** The https address for a request: same path and query. */
export function httpsLocation(request: Request, target: HttpsTarget): string {
  const url = new URL(request.url);
  if (target.publicOrigin) return `${target.publicOrigin}${url.pathname}${url.search}`;
  const host = (request.headers.get("host") ?? url.host).replace(/:\d+$/, "");
  const port = target.httpsPort === 443 ? "" : `:${target.httpsPort}`;
  return `https://${host}${port}${url.pathname}${url.search}`;
}

function redirect(location: string): Response {
  return new Response(null, { status: 308, headers: { location, "content-length": "0" } });
}

export function httpsRedirect(target: HttpsTarget & { enabled: boolean }) {
  return async function httpsRedirect(request, context, next): ReturnType<EdgeMiddleware> {
    const { client } = context;
    if (target.enabled && client.viaTrustedProxy && client.forwardedProto === "http") {
      return redirect(httpsLocation(request, target));
    }
    return next(request, context);
  } satisfies EdgeMiddleware;
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
    return redirect(httpsLocation(request, target()));
  };
}
