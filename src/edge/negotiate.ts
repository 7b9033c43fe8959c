/**
 * Does the client prefer a page to JSON? Browsers send `text/html` first; API clients send
 * `application/json` or `*\/*` (curl), and keep getting JSON. Only an explicit text/html (or
 * text/*) counts for the page, so a bare wildcard stays with the API.
 */
export function prefersHtml(accept: string | null): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(",")) {
    const [rawType, ...params] = part.trim().toLowerCase().split(";");
    const type = rawType.trim();
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (type === "text/html" || type === "application/xhtml+xml" || type === "text/*") html = Math.max(html, q);
    if (type === "application/json" || type === "application/*" || type === "*/*") json = Math.max(json, q);
  }
  return html > 0 && html >= json;
}
