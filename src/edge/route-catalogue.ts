/**
 * The one catalogue of the routes the app serves, read once from the router after composition.
 * Everything that needs to know the routes asks it: the rate limiter and the metrics (which
 * route a request addresses), the error handler (which methods a path allows, for 405) and the
 * index (every API operation). The router itself stays the place where a route is declared.
 *
 * A request path is normalised to the route it addresses: `/1/` becomes `/v1/`, and ids and file
 * names become placeholders (`/v1/raw/{id}`, `/v1/raw/{id}/{filename}`), so a client cannot get a
 * fresh budget per id. Paths that match no route share one key, and methods outside the usual set
 * share "OTHER": the number of keys one client can create is bounded by the catalogue, not by what
 * it sends.
 */
import type { EdgeContext } from "./pipeline.ts";
import { pathnameOf } from "./routable-url.ts";

export interface RouteEntry {
  method: string;
  path: string;
}

interface Node {
  children: Map<string, Node>;
  param?: Node;
  /** Template when a trailing `*` matches the rest of the path. */
  rest?: string;
  /** Template when the path ends at this node. */
  template?: string;
}

const newNode = (): Node => ({ children: new Map() });

export const UNMATCHED_PATH = "(unmatched)";
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const MAX_SEGMENTS = 32;

export interface RouteCatalogueOptions {
  /** Alias prefixes and what they count as, e.g. { "/1": "/v1" }. */
  aliases?: Record<string, string>;
}

/** Methods the router adds on its own (HEAD for GET, preflight, catch-alls): not operations of ours. */
const IMPLICIT_METHODS = new Set(["HEAD", "OPTIONS", "ALL"]);

export class RouteCatalogue {
  private readonly root = newNode();
  private readonly aliases: [string, string][];
  /** Paths without parameters, as requested (alias included): answered by one Map lookup. */
  private readonly staticPaths = new Map<string, string>();
  /** The methods each route template is served with. */
  private readonly methods = new Map<string, Set<string>>();
  /** Every operation as `<METHOD> <path template>`, as declared (aliases included), in order. */
  private readonly operations = new Set<string>();

  constructor(routes: readonly RouteEntry[], options: RouteCatalogueOptions = {}) {
    this.aliases = Object.entries(options.aliases ?? {});
    for (const { path } of routes) this.add(this.unalias(path));
    for (const { method, path } of routes) {
      const template = this.walk(path);
      if (template && !path.includes(":") && !path.includes("*")) this.staticPaths.set(path, template);
      if (IMPLICIT_METHODS.has(method)) continue;
      if (template) {
        let methods = this.methods.get(template);
        if (!methods) this.methods.set(template, (methods = new Set()));
        methods.add(method);
      }
      this.operations.add(`${method} ${path.replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{filename}")}`);
    }
  }

  private unalias(path: string): string {
    for (const [alias, canonical] of this.aliases) {
      if (path === alias || path.startsWith(`${alias}/`)) return canonical + path.slice(alias.length);
    }
    return path;
  }

  private add(path: string): void {
    const segments = path.split("/").slice(1);
    if (segments[segments.length - 1] === "" && segments.length > 1) segments.pop();
    let node = this.root;
    const display: string[] = [];
    for (const segment of segments) {
      if (segment === "*") {
        node.rest = `/${[...display, "{filename}"].join("/")}`;
        return;
      }
      if (segment.startsWith(":")) {
        node.param ??= newNode();
        node = node.param;
        display.push(`{${segment.slice(1)}}`);
      } else {
        let child = node.children.get(segment);
        if (!child) node.children.set(segment, (child = newNode()));
        node = child;
        display.push(segment);
      }
    }
    node.template ??= `/${display.join("/")}`;
  }

  /** The route template a path addresses, or UNMATCHED_PATH. */
  template(pathname: string): string {
    return this.staticPaths.get(pathname) ?? this.walk(pathname) ?? UNMATCHED_PATH;
  }

  private walk(pathname: string): string | undefined {
    const segments = this.unalias(pathname).split("/").slice(1);
    if (segments.length > 1 && segments[segments.length - 1] === "") segments.pop();
    if (segments.length > MAX_SEGMENTS) return undefined;
    return match(this.root, segments, 0);
  }

  /** "<METHOD> <template>", the part of a bucket key that is not the client. */
  key(method: string, pathname: string): string {
    return routeKeyOf(method, this.template(pathname));
  }

  /** The methods a path is served with (for a 405's Allow), or undefined when no route has it. */
  allowedMethods(pathname: string): string[] | undefined {
    const template = this.walk(pathname);
    const methods = template ? this.methods.get(template) : undefined;
    return methods ? [...methods] : undefined;
  }

  /** The operations under the given prefixes (the API's), as `<METHOD> <path>`, for the index. */
  operationsUnder(prefixes: readonly string[]): string[] {
    return [...this.operations].filter((operation) => {
      const display = operation.slice(operation.indexOf(" ") + 1);
      return prefixes.some((prefix) => display === prefix || display.startsWith(`${prefix}/`));
    });
  }

  /** The template of a request's path, worked out once per request (EdgeContext.route). */
  templateOf(context: EdgeContext): string {
    return (context.route ??= this.template(pathnameOf(context.url)));
  }
}

export function routeKeyOf(method: string, template: string): string {
  return `${KNOWN_METHODS.has(method) ? method : "OTHER"} ${template}`;
}

function match(node: Node, segments: string[], index: number): string | undefined {
  if (index === segments.length) return node.template;
  const exact = node.children.get(segments[index]);
  if (exact) {
    const found = match(exact, segments, index + 1);
    if (found) return found;
  }
  if (node.param && segments[index] !== "") {
    const found = match(node.param, segments, index + 1);
    if (found) return found;
  }
  return node.rest;
}
