/**
 * Elysia's router finds the path by searching for "/" from index 11 of the URL, past
 * "http://" and a host of at least four characters. With a shorter Host (`Host: x`) it would
 * start inside the path and route `/aa/v1/log` as `/v1/log`, while the rate limiter, metrics
 * and access log (which parse the URL properly) count `/aa/v1/log`: a way around per-route
 * limits. Requests with such a short authority, or with none (see `pathStartOf`), reach the app
 * under a placeholder host, so the router takes the very path the edge took. Handlers read only
 * the path and query, never the host (public addresses come from PUBLIC_URL).
 */
const ROUTER_PATH_SEARCH_START = 11;

export function routableRequest(request: Request): Request {
  const url = request.url;
  const pathStart = pathStartOf(url);
  if (pathStart >= ROUTER_PATH_SEARCH_START) return request;
  const path = pathStart < 0 ? "/" : url.slice(pathStart);
  return new Request(`http://host.invalid${path}`, request);
}

/** The path of a request URL without building a URL object (this runs on every request). */
export function pathnameOf(url: string): string {
  const start = pathStartOf(url);
  if (start === -1) return "/";
  let end = url.length;
  const query = url.indexOf("?", start);
  if (query !== -1) end = query;
  const hash = url.indexOf("#", start);
  if (hash !== -1 && hash < end) end = hash;
  return url.slice(start, end);
}

/**
 * Where the path starts in a request URL, or -1. Without a usable Host (none in HTTP/1.0, or one
 * holding `?`, `/`, `@`, a space) Bun gives the path alone, `/v1/limits`: read past a scheme and
 * host, it lost its first segment and `GET /v1/limits` was answered as the page of log `limits`.
 */
export function pathStartOf(url: string): number {
  return url.startsWith("/") ? 0 : url.indexOf("/", url.indexOf("//") + 2);
}
