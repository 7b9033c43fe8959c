/**
 * The edge as a chain of small middlewares around the app: each one is a named function made by
 * a factory (Hono's shape), takes the request and what lies inside it, and returns the response.
 * A plain chain rather than Elysia hooks because every response must pass through it, including
 * Elysia's own 404s and the error handler's answers, which Elysia's mapResponse does not see.
 */
import type { Client } from "./client-ip.ts";

export type Handler = (request: Request) => Promise<Response>;
export type EdgeMiddleware = (request: Request, client: Client, next: Handler) => Promise<Response>;

/** Composes middlewares, outermost first, around the app's handler. */
export function composeEdge(middlewares: readonly EdgeMiddleware[], app: (request: Request) => Response | Promise<Response>) {
  return function edge(request: Request, client: Client): Promise<Response> {
    const at = (index: number): Handler => {
      if (index === middlewares.length) return async (inner) => app(inner);
      return (inner) => middlewares[index](inner, client, at(index + 1));
    };
    return at(0)(request);
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
