/**
 * securityHeaders: headers that protect pages, on every text/html response, plus nosniff on all.
 *
 * The choice for pages that need inline script: a page that sets its own Content-Security-Policy
 * keeps it (this layer never overwrites one). To stay within our policy and add a script, a page
 * builds its header with the helpers below:
 *
 *     set.headers["content-security-policy"] = contentSecurityPolicy({ scriptHashes: [scriptHash(js)] });
 *
 * so the base policy (no inline script unless hashed, no framing, no plugins) stays in one place.
 * Paths whose HTML we do not write can be given a policy in `pathPolicies`, as data (none today:
 * even /docs is our own page, with its own policy).
 */
import { createHash } from "node:crypto";
import { withHeaders, type EdgeMiddleware } from "./pipeline.ts";
import { pathnameOf } from "./routable-url.ts";

export interface PolicyExtras {
  /** 'sha256-...' sources (see scriptHash) for inline scripts the page carries. */
  scriptHashes?: readonly string[];
  /** Extra sources by directive, e.g. { "script-src": ["https://cdn.example"] }. */
  sources?: Readonly<Record<string, readonly string[]>>;
}

/** The base policy: same-origin everything, no inline script, no plugins, no framing. */
export const baseDirectives: Readonly<Record<string, readonly string[]>> = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  // Inline style attributes are common in server-rendered pages and cannot run code.
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/** The CSP header value: the base policy plus a page's script hashes and extra sources. */
export function contentSecurityPolicy(extras: PolicyExtras = {}): string {
  const directives = new Map<string, string[]>(Object.entries(baseDirectives).map(([name, values]) => [name, [...values]]));
  for (const [name, values] of Object.entries(extras.sources ?? {})) {
    directives.set(name, [...(directives.get(name) ?? directives.get("default-src") ?? []), ...values]);
  }
  if (extras.scriptHashes?.length) directives.get("script-src")!.push(...extras.scriptHashes);
  return [...directives].map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** The CSP source for an inline script's exact text: `'sha256-<base64>'`. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source).digest("base64")}'`;
}

export interface SecurityHeadersOptions {
  /** Policies for pages whose HTML we do not write, by exact path. */
  pathPolicies?: Readonly<Record<string, PolicyExtras>>;
  referrerPolicy?: string;
}

export function securityHeaders(options: SecurityHeadersOptions = {}) {
  const basePolicy = contentSecurityPolicy();
  const pathPolicies = new Map(Object.entries(options.pathPolicies ?? {}).map(([path, extras]) => [path, contentSecurityPolicy(extras)]));
  const pageHeaders = {
    "referrer-policy": options.referrerPolicy ?? "same-origin",
    // For browsers that predate frame-ancestors.
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  };

  return async function securityHeaders(request, context, next): ReturnType<EdgeMiddleware> {
    const response = withHeaders(await next(request, context), { "x-content-type-options": "nosniff" });
    if (!/^text\/html\b/i.test(response.headers.get("content-type") ?? "")) return response;
    const headers: Record<string, string> = { ...pageHeaders };
    for (const name of Object.keys(pageHeaders)) if (response.headers.has(name)) delete headers[name];
    if (!response.headers.has("content-security-policy")) {
      headers["content-security-policy"] = pathPolicies.get(pathnameOf(context.url)) ?? basePolicy;
    }
    return withHeaders(response, headers);
  } satisfies EdgeMiddleware;
}
