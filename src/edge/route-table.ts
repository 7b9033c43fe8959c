import { VERSION } from "../version.ts";

/**
 * The table of routes the app serves, read once after composition: it answers the index
 * (every operation as `<METHOD> <path>`) and which methods a path allows (for 405).
 */
interface RouteEntry {
  method: string;
  path: string;
}

export class RouteTable {
  /** The index lists only the API's operations, which all live under these prefixes. */
  constructor(private readonly apiPrefixes: readonly string[]) {}

  private entries: { method: string; display: string; pattern: RegExp }[] = [];

  load(routes: RouteEntry[]): void {
    const seen = new Set<string>();
    this.entries = [];
    for (const { method, path } of routes) {
      if (method === "HEAD" || method === "OPTIONS" || method === "ALL") continue;
      const display = path.replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{filename}");
      const key = `${method} ${display}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.entries.push({ method, display, pattern: toPattern(path) });
    }
  }

  index() {
    return {
      success: true as const,
      message: "logpaste: share and analyse game-server logs. Documentation at /docs.",
      version: VERSION,
      endpoints: this.entries
        .filter((entry) => this.apiPrefixes.some((prefix) => entry.display === prefix || entry.display.startsWith(`${prefix}/`)))
        .map((entry) => `${entry.method} ${entry.display}`),
    };
  }

  allowedMethods(path: string): string[] | undefined {
    const methods = this.entries.filter((entry) => entry.pattern.test(path)).map((entry) => entry.method);
    return methods.length > 0 ? [...new Set(methods)] : undefined;
  }
}

function toPattern(path: string): RegExp {
  const escaped = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment === "*" ? ".*" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${escaped}/?$`);
}
