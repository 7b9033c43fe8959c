/**
 * rateLimit: counts every request in a sliding window per (client group, method, normalised path)
 * and refuses with 429 beyond the rule for that route (docs/API.md, Headers: Rate limiting).
 *
 * Headers follow the IETF draft "RateLimit header fields for HTTP" (structured fields):
 *   RateLimit-Policy: "default";q=36000;w=60      the rule: q requests per w seconds
 *   RateLimit: "default";r=35999;t=42             remaining now, seconds to the window's end
 * A 429 also carries Retry-After and the body GET /v1/errors/rate sends (rateLimitError).
 *
 * Preflight (OPTIONS) requests are counted once, in their own (OPTIONS, path) bucket: they never
 * spend the budget of the request they prepare.
 */
import { errorResponse } from "../errors.ts";
import type { EdgeGuard } from "./pipeline.ts";
import { rateLimitError } from "./rate-limit-error.ts";
import { routeKeyOf, type RouteCatalogue } from "./route-catalogue.ts";
import type { LimitRule, SlidingWindowLimiter } from "./sliding-window.ts";

export interface RouteRule extends LimitRule {
  /** "<METHOD> <template>", e.g. "POST /v1/log"; also the policy's name in the headers. */
  route: string;
}

export interface RateLimitOptions {
  limiter: SlidingWindowLimiter;
  routes: RouteCatalogue;
  /** Applies to every route without its own rule. */
  defaultRule: LimitRule;
  /** Per-route rules, by "<METHOD> <template>". */
  routeRules?: readonly RouteRule[];
}

/**
 * Parses RATE_LIMIT_ROUTES: entries "<METHOD> <template>=<max>/<window seconds>" separated by
 * ";" or newlines, e.g. "POST /v1/log=600/60; GET /v1/raw/{id}=100000/60".
 */
export function parseRouteRules(text: string): RouteRule[] {
  const entries = text.split(/[;\n]+/).map((entry) => entry.trim()).filter((entry) => entry !== "");
  return entries.map((entry) => {
    const match = /^([A-Z]+)\s+(\/\S*)\s*=\s*(\d+)\s*\/\s*(\d+)$/.exec(entry);
    const max = Number(match?.[3]);
    const windowS = Number(match?.[4]);
    if (!match || !(max >= 1) || !(windowS >= 1) || windowS > 86_400) {
      throw new Error(`'${entry.slice(0, 80)}' is not "<METHOD> <path>=<max>/<window seconds>"`);
    }
    return { route: `${match[1]} ${match[2]}`, max, windowMs: windowS * 1000 };
  });
}

export function rateLimit(options: RateLimitOptions) {
  const { limiter, routes, defaultRule } = options;
  const rules = new Map<string, { rule: LimitRule; policy: string; name: string }>();
  for (const rule of options.routeRules ?? []) rules.set(rule.route, { rule, ...policyOf(JSON.stringify(rule.route), rule) });
  const fallback = { rule: defaultRule, ...policyOf('"default"', defaultRule) };

  // A guard: the headers go into the context (applied when the response leaves the edge), so
  // counting a request adds no layer, and no promise, of its own.
  return function rateLimit(request, context): Response | null {
    const route = routeKeyOf(request.method, routes.templateOf(context));
    // A panel key (api-keys.ts) is counted as itself, at its own rule, instead of by address.
    const chosen = context.chosenLimit;
    const { rule, policy, name } = chosen ? { rule: chosen.rule, ...policyOf(chosen.name, chosen.rule) } : (rules.get(route) ?? fallback);
    const decision = limiter.check(`${chosen ? chosen.identity : context.client.group} ${route}`, rule);
    const headers = (context.responseHeaders ??= {});
    headers["ratelimit-policy"] = policy;
    headers.ratelimit = `${name};r=${decision.remaining};t=${Math.max(1, Math.ceil(decision.resetS))}`;
    return decision.allowed ? null : errorResponse(rateLimitError(decision.retryAfterS));
  } satisfies EdgeGuard;
}

function policyOf(name: string, rule: LimitRule): { policy: string; name: string } {
  return { name, policy: `${name};q=${rule.max};w=${Math.round(rule.windowMs / 1000)}` };
}
