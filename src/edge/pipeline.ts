/**
 * The edge as a chain of small middlewares around the app: each one is a named function made by
 * a factory (Hono's shape), takes the request and what lies inside it, and returns the response.
 * A plain chain rather than Elysia hooks because every response must pass through it, including
 * Elysia's own 404s and the error handler's answers, which Elysia's mapResponse does not see.
 */
import type { Client } from "./client-ip.ts";
import type { LimitRule } from "./sliding-window.ts";

/** Who the rate limiter counts and at what rule, when not the client's address and the route's rule (a panel key). */
export interface ChosenLimit {
  /** Takes the place of the client's address group in the limiter's bucket key. */
  identity: string;
  rule: LimitRule;
  /** The policy's name in the RateLimit headers, quoted, e.g. "\"key:panel\"". */
  name: string;
}

/** What the edge knows about one request while it passes through. */
export interface EdgeContext {
  client: Client;
  /** request.url, read once: in Bun every read of it builds a new string. */
  url: string;
  /**
   * Headers for the final response, whatever produces it (the app, an inner middleware's error,
   * compression's copy): set by a middleware that need not wait for the response (the limiter),
   * applied once when the response leaves the chain. Saves that middleware an async step.
   */
  responseHeaders: Record<string, string> | null;
  /** Set by apiKeyIdentity (api-keys.ts) for a request with a known panel key. */
  chosenLimit?: ChosenLimit;
  /**
   * The route template the path addresses (route-catalogue.ts), once a middleware worked it out: the
   * limiter and the access line both need it, and it is the dearest part of counting a request.
   */
  route: string | null;
}

export type Next = (request: Request, context: EdgeContext) => Promise<Response>;
export type EdgeMiddleware = (request: Request, context: EdgeContext, next: Next) => Promise<Response>;

/**
 * A check that only looks at the request on its way in: it answers it (a refusal, a redirect, a
 * preflight) or returns null to let it pass. Most of the edge's checks are such. Guards next to
 * each other run as one layer of the chain (`guards`), so a check costs a request one call, not a
 * layer of its own: a call through the chain, and a promise where the layer was async (three of
 * the six were).
 */
export type EdgeGuard = (request: Request, context: EdgeContext) => Response | null;

/** Runs guards in order as one layer: the first answer wins, else the request goes on inside. */
export function guards(...checks: readonly EdgeGuard[]): EdgeMiddleware {
  return function guards(request, context, next) {
    for (const check of checks) {
      const answer = check(request, context);
      if (answer !== null) return Promise.resolve(answer);
    }
    return next(request, context);
  };
}

/**
 * Composes middlewares, outermost first, around the app's handler. The chain is built once;
 * a request costs one context object, not a closure per layer.
 */
export function composeEdge(middlewares: readonly EdgeMiddleware[], app: (request: Request) => Response | Promise<Response>) {
  let chain: Next = async (request) => app(request);
  for (let index = middlewares.length - 1; index >= 0; index--) {
    const middleware = middlewares[index];
    const next = chain;
    chain = (request, context) => middleware(request, context, next);
  }
  const first = chain;
  return async function edge(request: Request, client: Client): Promise<Response> {
    const context: EdgeContext = { client, url: request.url, responseHeaders: null, route: null };
    const response = await first(request, context);
    const headers = context.responseHeaders;
    if (headers === null) return response;
    try {
      for (const name in headers) response.headers.set(name, headers[name]);
      return response;
    } catch {
      return withHeaders(response, headers); // immutable headers: copies the response
    }
  };
}

/**
 * Sets headers on a response, copying it first when its headers are immutable (a Response that
 * came from fetch(), for example a proxied upstream).
 */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

/** Adds a token to a comma-separated header (Vary) unless it is already there. */
export function appendToken(response: Response, name: string, token: string): Response {
  const existing = response.headers.get(name);
  if (!existing) return withHeaders(response, { [name]: token });
  const tokens = existing.split(",").map((value) => value.trim().toLowerCase());
  if (tokens.includes(token.toLowerCase()) || tokens.includes("*")) return response;
  return withHeaders(response, { [name]: `${existing}, ${token}` });
}
