import type { FilterResult, PublishedFilter, RegexFilterData } from "./model.ts";
import { limitBytes, limitLines } from "./limits.ts";

/** Run a filter list exactly as published; see model.ts for what each entry means. */
export function applyFilters(filters: readonly PublishedFilter[], content: string): FilterResult {
  let truncated = false;
  for (const filter of filters) {
    const before = content;
    switch (filter.type) {
      case "trim":
        content = content.trim();
        break;
      case "limit-bytes":
        content = limitBytes(content, filter.data.limit);
        truncated ||= content !== before;
        break;
      case "limit-lines":
        content = limitLines(content, filter.data.limit);
        truncated ||= content !== before;
        break;
      case "regex":
        content = redact(compiled(filter.data), content);
        break;
    }
  }
  return { content, truncated };
}

interface CompiledRedaction {
  pattern: RegExp;
  groupCount: number;
  replacement: string;
  exemptions: RegExp[];
}

/** Published entries are frozen constants, so each is compiled once for the process. */
const cache = new WeakMap<RegexFilterData, CompiledRedaction>();

function compiled(data: RegexFilterData): CompiledRedaction {
  let entry = cache.get(data);
  if (!entry) {
    const singleFlags = data.flags.replace(/[gy]/g, "");
    entry = {
      pattern: new RegExp(data.pattern, data.flags),
      // An empty alternative always matches, which reveals how many groups the pattern has.
      groupCount: new RegExp(`${data.pattern}|`, singleFlags).exec("")!.length - 1,
      replacement: data.replacement,
      exemptions: data.exemptions.map((exemption) => new RegExp(exemption, singleFlags)),
    };
    cache.set(data, entry);
  }
  return entry;
}

function redact(redaction: CompiledRedaction, content: string): string {
  return content.replace(redaction.pattern, (match: string, ...rest: unknown[]) => {
    if (redaction.exemptions.some((exemption) => exemption.test(match))) return match;
    const groups = rest.slice(0, redaction.groupCount) as (string | undefined)[];
    return redaction.replacement.replace(/\$(\d)/g, (_, n: string) => groups[Number(n) - 1] ?? "");
  });
}
