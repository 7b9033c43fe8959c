/**
 * The last step of the edge: the request as the app receives it. Its URL is one the router
 * parses as the edge did (routable-url.ts); it carries what the edge knows of the client
 * (`clientOf`), for the few routes that count in their own unit (ids tested, model runs); and
 * its body is charged to the body budget while it runs (body-budget.ts).
 */
import type { BodyBudget } from "./body-budget.ts";
import type { Client } from "./client-ip.ts";
import type { EdgeMiddleware } from "./pipeline.ts";
import { routableRequest } from "./routable-url.ts";
import { pathnameOf } from "./routable-url.ts";
import { ApiError, errorResponse } from "../errors.ts";

const clients = new WeakMap<Request, Client>();

/** The client the edge resolved for a request the app received; undefined outside the edge (tools, unit tests). */
export function clientOf(request: Request): Client | undefined {
  return clients.get(request);
}

export function appRequest(options: { bodyBudget?: BodyBudget }) {
  return function appRequest(request, context, next): ReturnType<EdgeMiddleware> {
    // The router decodes path parameters; malformed percent-encoding (`/%ff`) would reach the
    // handlers as null and end in a 500. No route has such an address: answer it here.
    const path = pathnameOf(context.url);
    if (path.includes("%") && !isDecodable(path)) {
      return Promise.resolve(errorResponse(new ApiError("bad_request", "The address holds malformed percent-encoding.")));
    }
    const routable = routableRequest(request);
    clients.set(routable, context.client);
    const budget = options.bodyBudget;
    return budget ? budget.during(routable, () => next(routable, context)) : next(routable, context);
  } satisfies EdgeMiddleware;
}

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
