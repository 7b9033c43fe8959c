/**
 * Which browser pages may start AI analyses. Every other route of the API is open to any origin
 * (CORS `*`), but an AI analysis costs model tokens: a third-party page must not be able to spend
 * them from its visitors' browsers (and their addresses' budgets). Browsers say where a request
 * comes from, and scripts cannot forge it:
 * - `Sec-Fetch-Site: same-origin` (our own page) or `none` (typed in the address bar) is admitted;
 * - otherwise an `Origin` header must be PUBLIC_URL's origin or one of AI_ALLOWED_ORIGINS;
 * - a cross-site request without `Origin` is an embed (`<img>`, `<iframe>`, a link) and refused;
 * - a request with neither header is not from a browser (curl, a bot, a panel's server): it has
 *   no visitor to spend, and the per-client limits bound it like anyone else.
 */
import { ApiError } from "../errors.ts";

export function aiOriginPolicy(publicOrigin: string | null, allowedOrigins: readonly string[]) {
  const anyOrigin = allowedOrigins.includes("*");
  const allowed = new Set(publicOrigin ? [publicOrigin, ...allowedOrigins] : allowedOrigins);

  return function checkOrigin(request: Request): void {
    if (anyOrigin) return;
    const site = request.headers.get("sec-fetch-site");
    if (site === "same-origin" || site === "none") return;
    const origin = request.headers.get("origin");
    if (origin === null ? site === null : allowed.has(origin)) return;
    throw new ApiError(
      "origin_not_allowed",
      `AI analyses can be started only from this site's own pages (or the origins in AI_ALLOWED_ORIGINS); this request came from ${origin === null ? `a ${site} embed` : JSON.stringify(origin.slice(0, 100))}.`,
    );
  };
}
