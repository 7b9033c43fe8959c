/**
 * The footer every page carries: who runs this instance and where to turn (SITE_NAME,
 * IMPRINT_URL, PRIVACY_URL, ABUSE_CONTACT; each shown only when set), and the software's version.
 * Added where every page response is made (routes.ts), so no page can be without it.
 */
import type { Config } from "../config.ts";
import { SERVICE_NAME, VERSION } from "../version.ts";
import { escapeHtml } from "./html.ts";

export interface Site {
  name?: string;
  imprintUrl?: string;
  privacyUrl?: string;
  /** An e-mail address or an http(s) URL. */
  abuseContact?: string;
}

export function siteOf(config: Config): Site {
  return { name: config.SITE_NAME, imprintUrl: config.IMPRINT_URL, privacyUrl: config.PRIVACY_URL, abuseContact: config.ABUSE_CONTACT };
}

export function renderSiteFooter(site: Site): string {
  const items: string[] = [];
  if (site.name) items.push(`<span class="site-name">${escapeHtml(site.name)}</span>`);
  if (site.imprintUrl) items.push(`<a href="${escapeHtml(site.imprintUrl)}" rel="noopener">Imprint</a>`);
  if (site.privacyUrl) items.push(`<a href="${escapeHtml(site.privacyUrl)}" rel="noopener">Privacy</a>`);
  if (site.abuseContact) {
    const href = /^https?:\/\//i.test(site.abuseContact) ? site.abuseContact : `mailto:${site.abuseContact}`;
    items.push(`Report abuse: <a href="${escapeHtml(href)}" rel="noopener">${escapeHtml(site.abuseContact)}</a>`);
  }
  const operator = items.length > 0 ? `<p class="site-operator">${items.join(" · ")}</p>\n` : "";
  return `<footer class="site-footer">
${operator}<p class="site-software"><a href="/docs">${escapeHtml(SERVICE_NAME)}</a> ${escapeHtml(VERSION)}</p>
</footer>`;
}

/** A rendered page with the footer as the last element of its body. */
export function withSiteFooter(html: string, footer: string): string {
  const end = html.lastIndexOf("</body>");
  return end === -1 ? html + footer : `${html.slice(0, end)}${footer}\n${html.slice(end)}`;
}
