/**
 * The operator's command line: moderation through the HTTP API, so it works against any running
 * instance (and while the service holds its PGlite folder).
 *
 *   LOGPASTE_URL=https://logs.example.com ADMIN_TOKEN=... bun run admin <command>
 *
 *   list [--source S] [--limit N] [--cursor C] [--all] [--json]   the newest logs
 *   stats [--json]                                                  what the store holds
 *   delete <id>...                                                  removes logs (any, no token needed)
 *
 * Exit codes: 0 done, 1 the server refused or failed (its error is printed), 2 bad usage or
 * configuration, 3 the server could not be reached.
 */
import { parseArgs } from "node:util";

const USAGE = `usage: bun run admin <command>
  list [--source S] [--limit N] [--cursor C] [--all] [--json]
  stats [--json]
  delete <id>...
environment: LOGPASTE_URL (default http://localhost:8080), ADMIN_TOKEN (required)`;

class UsageError extends Error {}
class ServerError extends Error {}
class UnreachableError extends Error {}

interface AdminLog {
  id: string;
  url: string;
  source: string | null;
  created: number;
  expires: number;
  size: number;
  files: number;
  filesSize: number;
  uploaderHash: string | null;
}

function settings() {
  const token = process.env.ADMIN_TOKEN?.trim();
  if (!token) throw new UsageError("ADMIN_TOKEN is not set: the server's admin token.");
  const base = (process.env.LOGPASTE_URL?.trim() || "http://localhost:8080").replace(/\/+$/, "");
  try {
    new URL(base);
  } catch {
    throw new UsageError(`LOGPASTE_URL is not a URL: '${base}'.`);
  }
  return { base, token };
}

async function call(method: string, path: string): Promise<Record<string, unknown>> {
  const { base, token } = settings();
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}`, accept: "application/json" } });
  } catch (error) {
    throw new UnreachableError(`Cannot reach ${base}: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ServerError(`${method} ${path}: ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (!response.ok) {
    const hint = response.status === 404 && path.startsWith("/v1/admin") ? " (is ADMIN_TOKEN set on the server?)" : "";
    throw new ServerError(`${method} ${path}: ${response.status} ${body.code}: ${body.error}${hint}`);
  }
  return body;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");

function printTable(logs: AdminLog[]): void {
  const rows = logs.map((log) => [log.id, iso(log.created), String(log.size + log.filesSize), String(log.files), log.uploaderHash?.slice(0, 12) ?? "-", log.source ?? "-"]);
  const header = ["ID", "CREATED", "BYTES", "FILES", "UPLOADER", "SOURCE"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd());
}

async function list(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { source: { type: "string" }, limit: { type: "string" }, cursor: { type: "string" }, all: { type: "boolean" }, json: { type: "boolean" } },
  });
  let cursor = values.cursor;
  const logs: AdminLog[] = [];
  for (;;) {
    const query = new URLSearchParams();
    if (values.source !== undefined) query.set("source", values.source);
    if (values.limit !== undefined) query.set("limit", values.limit);
    if (cursor !== undefined) query.set("cursor", cursor);
    const page = await call("GET", `/v1/admin/logs?${query}`);
    logs.push(...(page.logs as AdminLog[]));
    cursor = (page.nextCursor as string | null) ?? undefined;
    if (!values.all || cursor === undefined) break;
  }
  if (values.json) console.log(JSON.stringify({ logs, nextCursor: cursor ?? null }, null, 2));
  else {
    printTable(logs);
    if (cursor !== undefined) console.log(`more: --cursor ${cursor}`);
  }
}

async function stats(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
  const body = await call("GET", "/v1/admin/stats");
  if (values.json) {
    console.log(JSON.stringify(body, null, 2));
    return;
  }
  const bytes = body.bytes as { logical: number; distinct: number; stored: number };
  console.log(`version            ${body.version}`);
  console.log(`logs               ${body.logs}`);
  console.log(`attached files     ${body.files}`);
  console.log(`distinct contents  ${body.blobs}`);
  console.log(`text bytes         ${bytes.logical} (${bytes.distinct} distinct)`);
  console.log(`stored bytes       ${bytes.stored}`);
  console.log(`dedupe ratio       ${body.dedupeRatio}`);
  console.log(`compression ratio  ${body.compressionRatio}`);
}

async function remove(ids: string[]): Promise<void> {
  if (ids.length === 0) throw new UsageError("delete needs at least one log id.");
  let failed = 0;
  for (const id of ids) {
    try {
      await call("DELETE", `/v1/log/${encodeURIComponent(id)}`);
      console.log(`deleted ${id}`);
    } catch (error) {
      if (!(error instanceof ServerError)) throw error;
      failed++;
      console.error(error.message);
    }
  }
  if (failed > 0) throw new ServerError(`${failed} of ${ids.length} not deleted.`);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (command === "list") await list(args);
    else if (command === "stats") await stats(args);
    else if (command === "delete") await remove(args);
    else throw new UsageError(command ? `unknown command '${command}'.` : "no command given.");
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof UnreachableError) {
      console.error(error.message);
      return 3;
    }
    if (error instanceof ServerError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exit(await main(process.argv.slice(2)));
