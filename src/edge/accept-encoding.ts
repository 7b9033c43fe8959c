/**
 * Accept-Encoding negotiation with q-values (RFC 9110 section 12.5.3).
 * Returns the best of the encodings we can produce, or "identity".
 */
export type ContentCoding = "br" | "gzip" | "identity";

/** Weight of identity when the header does not name it: below every listed q > 0 (q has 3 decimals). */
const IMPLICIT_IDENTITY = 0.0001;

export function negotiateEncoding(header: string | null, offered: readonly ContentCoding[] = ["br", "gzip", "identity"]): ContentCoding | null {
  if (header === null) return "identity";
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key === "q") q = Number.parseFloat(value ?? "");
    }
    if (!Number.isFinite(q) || q < 0 || q > 1) q = 0;
    weights.set(name.trim(), q);
  }
  const weightOf = (coding: ContentCoding): number => {
    const explicit = weights.get(coding) ?? (coding === "gzip" ? weights.get("x-gzip") : undefined);
    if (explicit !== undefined) return explicit;
    const star = weights.get("*");
    if (star !== undefined) return star;
    // identity is acceptable unless excluded explicitly (or by "*;q=0"), but a client that lists
    // codings without it prefers any of them: "br;q=0.5, gzip;q=0.8" means gzip, not identity.
    return coding === "identity" ? IMPLICIT_IDENTITY : 0;
  };
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  // `offered` is in order of our preference, so ties go to the first (br).
  for (const coding of offered) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
