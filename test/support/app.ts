/**
 * Starts the real app for a test file: the real config loader, the real database (PGlite in a
 * folder of its own by default, copied from one migrated database (./migrated-database.ts); a fresh Postgres
 * database per file when TEST_DATABASE_URL is set) and a real listening server on a free port.
 * Each test file gets its own database.
 */
import postgres from "postgres";
import { loadConfig, type Env } from "../../src/config.ts";
import { openDatabase, type Database } from "../../src/storage/database.ts";
import { createApp, type App } from "../../src/app.ts";
import { startServer } from "../../src/server.ts";
import { rmSync } from "node:fs";
import { freshPgliteFolder } from "./migrated-database.ts";
import { loadAiConfig } from "../../src/config.ts";

/** Hook timeout for starting and stopping an app: PGlite needs seconds on a busy machine. */
export const START_TIMEOUT_MS = 60_000;

export interface TestApp {
  /** http://127.0.0.1:PORT (https://... when TLS_CERT/TLS_KEY are set) */
  url: string;
  /** With TLS: the plain listener that redirects to https. */
  redirectUrl: string | null;
  service: App;
  database: Database;
  /** fetch relative to the server: `api.fetch("/v1/log", {...})` */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Uploads text and returns the parsed upload response. */
  upload(content: string, init?: { source?: string }): Promise<UploadResult>;
  stop(): Promise<void>;
}

export interface UploadResult {
  id: string;
  token: string;
  url: string;
  raw: string;
  [key: string]: unknown;
}

export interface TestAppOptions {
  /** Use this Postgres database as it is (fault tests bring their own server). */
  databaseUrl?: string;
  /** Receives the access log lines and error lines the app writes. */
  accessLog?: (line: string) => void;
  logError?: (error: unknown, request?: Request) => void;
}

export async function startTestApp(env: Env = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const testDatabase = options.databaseUrl ? { url: options.databaseUrl, dataDir: undefined, drop: async () => {} } : await createTestDatabase();
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", HTTP_PORT: "0", ...env, DATABASE_URL: testDatabase.url });
  const database = await openDatabase({ url: testDatabase.url, dataDir: testDatabase.dataDir });
  // AI_* variables in `env` configure the AI routes, exactly as in src/index.ts.
  const service = createApp({
    config,
    database,
    logError: options.logError ?? (() => {}),
    accessLog: options.accessLog,
    aiConfig: loadAiConfig(env),
  });
  // The real listeners (TLS and redirect included), as src/index.ts starts them.
  const server = startServer(config, service.edge);
  const url = server.url;
  // Tests generate self-signed certificates: trust them.
  const tls = url.startsWith("https:") ? { tls: { rejectUnauthorized: false } } : {};
  const fetchPath = (path: string, init?: RequestInit) => fetch(url + path, { ...tls, ...init });
  return {
    url,
    redirectUrl: server.redirectUrl,
    service,
    database,
    fetch: fetchPath,
    async upload(content, init = {}) {
      const response = await fetchPath("/v1/log", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ content, source: init.source }),
      });
      if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as UploadResult;
    },
    async stop() {
      await server.stop(true);
      await service.stopBackground();
      await database.close();
      await testDatabase.drop();
    },
  };
}

export interface TestDatabase {
  /** The Postgres database's URL; undefined on PGlite. */
  url: string | undefined;
  /** The PGlite data folder (DATA_DIR); undefined on Postgres. */
  dataDir: string | undefined;
  /** Removes the database (call after closing it). */
  drop(): Promise<void>;
}

/** A fresh Postgres database when TEST_DATABASE_URL is set; otherwise a fresh PGlite folder. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const dataDir = await freshPgliteFolder();
    return { url: undefined, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `logpaste_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir: undefined,
    async drop() {
      const cleanup = postgres(base, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
