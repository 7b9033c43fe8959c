import type { PublishedFilter } from "../../src/filters/index.ts";

/**
 * What a client does with the JSON from GET /v1/filters: it knows nothing of our code, only
 * RegExp, and inserts each replacement as it is (a callback, so `$` means nothing).
 */
export function applyAsClient(filters: PublishedFilter[], content: string): string {
  for (const filter of filters) {
    if (filter.type === "trim") content = content.trim();
    if (filter.type !== "regex") continue; // the samples are within the limits
    const exemptions = filter.data.exemptions.map((exemption) => new RegExp(exemption.pattern, exemption.modifiers.join("")));
    for (const { pattern, modifiers, replacement } of filter.data.patterns) {
      content = content.replace(new RegExp(pattern, `g${modifiers.join("")}`), (match) =>
        exemptions.some((exemption) => exemption.test(match)) ? match : replacement,
      );
    }
  }
  return content;
}
