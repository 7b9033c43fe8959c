/**
 * /docs: the API reference. Scalar's standalone bundle (served from our own assets, see
 * assets.ts) renders /openapi.json in the browser; docs.js mounts it, since the page carries no
 * inline script. The page loads nothing from another origin, and its policy allows nothing else.
 */
import type { AssetCatalog } from "./assets.ts";
import { htmlDocument, pageHeaders, scriptTags } from "./layout.ts";

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // The reference injects its stylesheet and sets style attributes at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  // The document, and "Test request" against this same server.
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export function renderDocsPage(assets: AssetCatalog): string {
  return htmlDocument(
    "logpaste · API reference",
    scriptTags(assets, ["api-reference.js", "docs.js"]),
    `<noscript><p>The API reference needs JavaScript. The OpenAPI document is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
<div id="api-reference-root" data-document="/openapi.json"></div>`,
  );
}

export function docsHeaders(): Record<string, string> {
  return { ...pageHeaders(), "content-security-policy": DOCS_CSP };
}
