#!/usr/bin/env bun
/**
 * The floor: the least a service could do for the same two jobs, with no framework, so the
 * benchmark can say what logpaste costs on top of the essential work.
 *
 *   POST /log        read the body (undo Content-Encoding: br), SHA-256 it, brotli it at the
 *                    quality src/storage/blobs.ts stores blobs at and with its settings, insert
 *                    blob (deduplicated) and log row in one transaction, answer {id, token} as JSON.
 *   GET  /raw/{id}   one select by id, send the stored bytes with Content-Encoding: br (the
 *                    floor assumes the client accepts br, as the benchmark's does).
 *   GET  /held/{id}  the log from memory in the form the client accepts: the stored brotli bytes,
 *                    gzip (level 6) or the plain text. The first read selects it and works out
 *                    the three forms; every later read only sends bytes. What a hot read by each
 *                    kind of client costs at the least: sending its bytes.
 *
 * Env: DATABASE_URL (its own database: the floor creates its two tables), PORT (0: any free
 * port), HOST. Prints one JSON line with "listening" and the URL, like src/index.ts.
 *
 * FLOOR_DOMAIN_WORK=1 adds logpaste's own per-upload work (the privacy filters and logStats,
 * imported from src/) before hashing: the diagnostic that splits the gap between service and
 * floor into "what the domain costs" and "what the framework and the rest cost".
 */
import postgres from "postgres";
import zlib from "node:zlib";
import { promisify } from "node:util";
import { brotliTextOptions } from "../src/brotli.ts";
import { BROTLI_QUALITY as STORAGE_BROTLI_QUALITY } from "../src/storage/blobs.ts";

const brotliCompress = promisify(zlib.brotliCompress);
const brotliDecompress = promisify(zlib.brotliDecompress);
/**
 * The quality logpaste's blobs end up at (src/storage/blobs.ts), so the floor stores what the
 * service stores. FLOOR_BROTLI_QUALITY overrides it: the bench also runs a floor at the quick
 * quality logpaste takes uploads in (UPLOAD_BROTLI_QUALITY) before it recompresses them.
 */
const BROTLI_QUALITY = process.env.FLOOR_BROTLI_QUALITY ? Number(process.env.FLOOR_BROTLI_QUALITY) : STORAGE_BROTLI_QUALITY;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

type DomainWork = (text: string) => string;
const domainWork: DomainWork | null = process.env.FLOOR_DOMAIN_WORK === "1" ? await loadDomainWork() : null;

async function loadDomainWork(): Promise<DomainWork> {
  const { filterLog } = await import("../src/filters/index.ts");
  const { logStats } = await import("../src/analysis/index.ts");
  return (text) => {
    // The limits are the service's defaults (MAX_LENGTH 10 MiB, MAX_LINES 25,000).
    const filtered = filterLog(text, { maxBytes: 10 * 1024 * 1024, maxLines: 25_000 }).content;
    logStats(filtered);
    return filtered;
  };
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("floor: DATABASE_URL is required");
// The same pool size as src/storage/database.ts, so neither side has more connections.
const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} });

await sql`create table if not exists blobs (hash text primary key, data bytea not null, size bigint not null)`;
// Stored as logpaste stores blobs (drizzle/0003): brotli bytes are not offered to Postgres's own
// compression, which never shrinks them and cost a third of an insert. The floor keeps every
// storage setting logpaste has, so the comparison measures what logpaste adds, not a setting.
await sql`alter table blobs alter column data set storage external`;
await sql`create table if not exists logs (
  id text primary key, token_hash text not null, blob_hash text not null references blobs(hash),
  created_at timestamptz not null default now()
)`;

function newId(): string {
  let id = "";
  for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
    if (byte < 248) id += BASE62[byte % 62];
    if (id.length === 8) break;
  }
  return id;
}

const sha256 = (data: Uint8Array | string) => new Bun.CryptoHasher("sha256").update(data).digest("hex");

async function upload(request: Request): Promise<Response> {
  let body = new Uint8Array(await request.arrayBuffer());
  if (request.headers.get("content-encoding") === "br") body = new Uint8Array(await brotliDecompress(body));
  if (domainWork) body = new TextEncoder().encode(domainWork(new TextDecoder().decode(body)));
  const hash = sha256(body);
  // The service's own brotli settings (window fitted to the text), at the floor's quality.
  const data = await brotliCompress(body, brotliTextOptions(BROTLI_QUALITY, body.byteLength));
  const id = newId();
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
  await sql.begin(async (tx) => {
    await tx`insert into blobs (hash, data, size) values (${hash}, ${data}, ${body.byteLength}) on conflict do nothing`;
    await tx`insert into logs (id, token_hash, blob_hash) values (${id}, ${sha256(token)}, ${hash})`;
  });
  return Response.json({ success: true, id, token, size: body.byteLength });
}

async function raw(id: string): Promise<Response> {
  const rows = await sql`select b.data from logs l join blobs b on b.hash = l.blob_hash where l.id = ${id}`;
  if (rows.length === 0) return Response.json({ success: false, error: "not found" }, { status: 404 });
  return new Response(rows[0].data as Uint8Array as BodyInit, {
    headers: { "content-type": "text/plain; charset=utf-8", "content-encoding": "br" },
  });
}

/** Every form of the logs read through /held, by id (the bench reads one or a few). */
const held = new Map<string, { br: Uint8Array; gzip: Uint8Array; plain: Uint8Array }>();
const gzip = promisify(zlib.gzip);

async function heldRead(id: string, acceptEncoding: string): Promise<Response> {
  let forms = held.get(id);
  if (!forms) {
    const rows = await sql`select b.data from logs l join blobs b on b.hash = l.blob_hash where l.id = ${id}`;
    if (rows.length === 0) return Response.json({ success: false, error: "not found" }, { status: 404 });
    const br = rows[0].data as Uint8Array;
    const plain = new Uint8Array(await brotliDecompress(br));
    forms = { br, plain, gzip: new Uint8Array(await gzip(plain, { level: 6 })) };
    held.set(id, forms);
  }
  // Good enough for the bench's three clients ("br, gzip", "gzip, deflate", none); not a full parser.
  const coding = acceptEncoding.includes("br") ? "br" : acceptEncoding.includes("gzip") ? "gzip" : null;
  const headers: Record<string, string> = { "content-type": "text/plain; charset=utf-8", vary: "Accept-Encoding" };
  if (coding) headers["content-encoding"] = coding;
  return new Response((coding ? forms[coding] : forms.plain) as BodyInit, { headers });
}

const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: process.env.HOST ?? "127.0.0.1",
  maxRequestBodySize: 64 * 1024 * 1024,
  fetch(request) {
    const { pathname } = new URL(request.url);
    if (request.method === "POST" && pathname === "/log") return upload(request);
    if (request.method === "GET" && pathname.startsWith("/raw/")) return raw(pathname.slice(5));
    if (request.method === "GET" && pathname.startsWith("/held/")) return heldRead(pathname.slice(6), request.headers.get("accept-encoding") ?? "");
    return new Response("not found", { status: 404 });
  },
});

console.log(JSON.stringify({ level: "info", msg: "listening", url: `http://${server.hostname}:${server.port}` }));

const stop = async () => {
  await server.stop(true);
  await sql.end({ timeout: 5 });
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
