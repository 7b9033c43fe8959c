/**
 * CORS for a public API called from browser panels (docs/API.md, Headers: CORS): any origin may read
 * any response, and preflights are answered here without reaching the routes.
 *
 * Two middlewares because they sit at two places in the chain: `cors` is outside the rate
 * limiter, so a 429 is readable by the page that caused it; `preflight` is inside it, so a
 * preflight is counted once, in its own (OPTIONS, path) bucket.
 * No credentials: the delete token travels in Authorization, which a preflight allows by name.
 */
import { withHeaders, type EdgeGuard, type EdgeMiddleware } from "./pipeline.ts";

export interface CorsOptions {
  /** Response headers a page may read besides the CORS-safelisted ones. */
  exposeHeaders?: readonly string[];
  /** Methods a preflight allows. */
  allowMethods?: readonly string[];
  /** How long a browser may cache a preflight answer. */
  maxAgeS?: number;
}

const DEFAULT_EXPOSE = ["RateLimit", "RateLimit-Policy", "Retry-After", "ETag", "Content-Encoding", "Location"];
const DEFAULT_METHODS = ["GET", "HEAD", "POST", "DELETE", "OPTIONS"];
/** Request headers a preflight may ask for are echoed back when they are plain header names. */
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

export function cors(options: CorsOptions = {}) {
  const expose = (options.exposeHeaders ?? DEFAULT_EXPOSE).join(", ");
  return async function cors(request, context, next): ReturnType<EdgeMiddleware> {
    const response = await next(request, context);
    return withHeaders(response, {
      "access-control-allow-origin": "*",
      "access-control-expose-headers": expose,
    });
  } satisfies EdgeMiddleware;
}

export function preflight(options: CorsOptions = {}) {
  const methods = (options.allowMethods ?? DEFAULT_METHODS).join(", ");
  const maxAge = String(options.maxAgeS ?? 86_400);
  return function preflight(request): Response | null {
    if (request.method !== "OPTIONS" || !request.headers.has("access-control-request-method")) return null;
    const asked = request.headers.get("access-control-request-headers")?.trim() ?? "";
    const headers: Record<string, string> = {
      "access-control-allow-methods": methods,
      "access-control-max-age": maxAge,
      vary: "Access-Control-Request-Headers",
    };
    headers["access-control-allow-headers"] =
      asked !== "" && asked.length <= 1024 && HEADER_LIST.test(asked) ? asked : "Authorization, Content-Type, Content-Encoding";
    return new Response(null, { status: 204, headers });
  } satisfies EdgeGuard;
}
