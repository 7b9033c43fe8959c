/**
 * The OpenAPI document. @elysiajs/openapi generates it from the routes' schemas and `detail`;
 * one pass here then adds what every route shares and fixes what the generator cannot say:
 *
 *  - `detail.responses` and `detail.parameters` that the generator drops when a route also has
 *    schemas are put back (non-JSON bodies, 304, the wildcard's name);
 *  - a trailing `*` in a path becomes the path parameter the route declares for it;
 *  - schemas with an `$id` become components, referenced wherever they occur, and unions of
 *    literals become enums;
 *  - every error status becomes a reference to one shared response (shared-responses.ts) whose
 *    body is the one `Error` schema, and the statuses the edge answers join every operation;
 *  - every response gets the rate-limit and request-id headers;
 *  - operations under an alias prefix get their own operationId and tag;
 *  - an operation without `security` is marked public (`security: []`).
 */
import { toOpenAPISchema } from "@elysiajs/openapi";
import type { AnyElysia } from "elysia";
import { ErrorBodySchema, type ErrorHttpStatus } from "../errors.ts";
import { codesOf, errorStatusDocs, everyResponseHeaders, everyRouteStatuses, sharedHeaders } from "./shared-responses.ts";

type Json = Record<string, unknown>;

interface Parameter extends Json {
  name: string;
  in: string;
}

interface Operation extends Json {
  operationId?: string;
  tags?: string[];
  description?: string;
  parameters?: Parameter[];
  responses?: Record<string, Json>;
  security?: unknown[];
}

type Paths = Record<string, Record<string, Operation>>;

export interface OpenApiAlias {
  /** The prefix this one repeats, e.g. "/v1" for "/1". */
  of: string;
  /** Appended to the canonical operationId, so generated clients get distinct method names. */
  operationIdSuffix: string;
  /** The one tag the alias's operations are listed under. */
  tag: { name: string; description: string };
}

export interface OpenApiOptions {
  info: { title: string; version: string; description: string };
  /** Tags in the order the reference shows them. */
  tags: { name: string; description: string }[];
  /** Alias prefixes by prefix, e.g. { "/1": { of: "/v1", ... } }. */
  aliases: Record<string, OpenApiAlias>;
  securitySchemes: Record<string, Json>;
}

export const OPENAPI_VERSION = "3.1.1";

export function buildOpenApiDocument(app: AnyElysia, options: OpenApiOptions) {
  // A JSON round trip leaves plain data: TypeBox schemas carry symbols the passes need not see.
  const generated = JSON.parse(JSON.stringify(toOpenAPISchema(app))) as { paths: Paths };
  const paths = restoreDeclared(generated.paths, app);
  const schemas: Record<string, Json> = {};
  // First, so the component is this definition whichever renderings of it the routes carry.
  hoistNamedSchemas(JSON.parse(JSON.stringify(ErrorBodySchema)), schemas);
  const pathsWithRefs = hoistNamedSchemas(nameWildcards(paths), schemas) as Paths;

  const usedStatuses = new Set<ErrorHttpStatus>();
  for (const [path, item] of Object.entries(pathsWithRefs)) {
    const alias = Object.entries(options.aliases).find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
    for (const [method, operation] of Object.entries(item)) {
      completeOperation(operation, usedStatuses);
      if (alias) markAlias(operation, `${method.toUpperCase()} ${alias[1].of}${path.slice(alias[0].length)}`, pathsWithRefs, alias[1]);
    }
  }

  return {
    openapi: OPENAPI_VERSION,
    info: options.info,
    // Relative: the document describes the server it is served by, whatever its address.
    servers: [{ url: "/", description: "This server" }],
    tags: [...options.tags, ...Object.values(options.aliases).map((alias) => alias.tag)],
    paths: pathsWithRefs,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      responses: sharedErrorResponses([...usedStatuses].sort((a, b) => a - b)),
      headers: sharedHeaders,
      securitySchemes: options.securitySchemes,
    },
  };
}

/** Puts back the `detail.responses` and `detail.parameters` the generator replaced with derived ones. */
function restoreDeclared(paths: Paths, app: AnyElysia): Paths {
  for (const route of allRoutes(app)) {
    const detail = route.hooks?.detail as { responses?: Record<string, Json>; parameters?: Parameter[] } | undefined;
    const operation = paths[route.path.replace(/:([^/]+)/g, "{$1}")]?.[route.method.toLowerCase()];
    if (!detail || !operation) continue;
    const declared = JSON.parse(JSON.stringify({ responses: detail.responses ?? {}, parameters: detail.parameters ?? [] }));
    operation.responses = { ...operation.responses, ...declared.responses };
    const declaredKeys = new Set(declared.parameters.map((p: Parameter) => `${p.in} ${p.name}`));
    const kept = (operation.parameters ?? []).filter((p) => !declaredKeys.has(`${p.in} ${p.name}`));
    if (kept.length + declared.parameters.length > 0) operation.parameters = [...kept, ...declared.parameters];
  }
  return paths;
}

/** Every route of the app an instance is mounted in, as the generator reads them (Elysia keeps the accessor protected). */
function allRoutes(app: AnyElysia): { method: string; path: string; hooks?: { detail?: unknown } }[] {
  return (app as unknown as { getGlobalRoutes(): ReturnType<typeof allRoutes> }).getGlobalRoutes();
}

/** `/raw/{id}/*` becomes `/raw/{id}/{filename}`: the wildcard takes the name of the path parameter the route declares for it. */
function nameWildcards(paths: Paths): Paths {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      if (!path.endsWith("/*")) return [path, item];
      const named = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]));
      const names = new Set(
        Object.values(item).flatMap((operation) => (operation.parameters ?? []).filter((p) => p.in === "path" && !named.has(p.name)).map((p) => p.name)),
      );
      if (names.size !== 1) throw new Error(`OpenAPI: declare one path parameter for the wildcard of ${path} (found ${[...names].join(", ") || "none"})`);
      return [`${path.slice(0, -1)}{${[...names][0]}}`, item];
    }),
  );
}

/** Moves every schema with an `$id` into `schemas` and leaves a `$ref` in its place; literal unions become enums. */
function hoistNamedSchemas(value: unknown, schemas: Record<string, Json>): unknown {
  if (Array.isArray(value)) return value.map((item) => hoistNamedSchemas(item, schemas));
  if (value === null || typeof value !== "object") return value;
  const { $id, ...rest } = value as Json;
  const node = literalUnionAsEnum(Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, hoistNamedSchemas(child, schemas)])));
  if (typeof $id !== "string") return node;
  schemas[$id] ??= node;
  return { $ref: `#/components/schemas/${$id}` };
}

/**
 * `anyOf: [{const: "a"}, {const: "b"}]` (how TypeBox writes a union of literals) as `enum: ["a", "b"]`.
 * Members' descriptions (the error codes') go to `x-enumDescriptions`, which Scalar and Redoc show.
 */
function literalUnionAsEnum(node: Json): Json {
  const members = node.anyOf;
  if (!Array.isArray(members) || members.length < 2) return node;
  if (!members.every((member) => typeof (member as Json)?.const === "string")) return node;
  const { anyOf: _anyOf, ...rest } = node;
  const described = (members as Json[]).filter((member) => typeof member.description === "string");
  const descriptions = described.length > 0 ? { "x-enumDescriptions": Object.fromEntries(described.map((member) => [member.const, member.description])) } : {};
  return { ...rest, type: "string", enum: members.map((member) => (member as Json).const), ...descriptions };
}

function completeOperation(operation: Operation, usedStatuses: Set<ErrorHttpStatus>): void {
  operation.security ??= [];
  const responses: Record<string, Json> = { ...operation.responses };
  for (const status of everyRouteStatuses) responses[status] = {};
  for (const [key, response] of Object.entries(responses)) {
    const status = Number(key) as ErrorHttpStatus;
    if (status >= 400) {
      if (!errorStatusDocs[status]) throw new Error(`OpenAPI: status ${status} has no entry in errorStatusDocs`);
      usedStatuses.add(status);
      responses[key] = { $ref: `#/components/responses/${errorStatusDocs[status].name}` };
    } else {
      responses[key] = withSharedHeaders(response);
    }
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

function withSharedHeaders(response: Json, extra: readonly string[] = []): Json {
  const headers = Object.fromEntries([...everyResponseHeaders, ...extra].map((name) => [name, { $ref: `#/components/headers/${name}` }]));
  return { ...response, headers: { ...headers, ...(response.headers as Json | undefined) } };
}

/** `canonical` is "<METHOD> <path>" of the operation this one repeats. */
function markAlias(operation: Operation, canonical: string, paths: Paths, alias: OpenApiAlias): void {
  const [method, path] = canonical.split(" ");
  const operationId = paths[path]?.[method.toLowerCase()]?.operationId;
  if (!operationId) throw new Error(`OpenAPI: the alias of ${canonical} has no operation with an operationId to repeat`);
  operation.operationId = `${operationId}${alias.operationIdSuffix}`;
  operation.tags = [alias.tag.name];
  operation.description = [`Alias of \`${canonical}\`.`, operation.description].filter(Boolean).join(" ");
}

/** components.responses: one per error status in use, each with the `Error` body. */
function sharedErrorResponses(statuses: ErrorHttpStatus[]): Record<string, Json> {
  return Object.fromEntries(
    statuses.map((status) => {
      const { name, meaning, retryAfter } = errorStatusDocs[status];
      const codes = codesOf(status).map((code) => `\`${code}\``).join(", ");
      const response = {
        description: codes ? `${meaning} Codes: ${codes}.` : meaning,
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      };
      return [name, withSharedHeaders(response, retryAfter ? ["Retry-After"] : [])];
    }),
  );
}
