/**
 * Start-up only: read the configuration, open the database (migrations included), build the app,
 * listen (src/server.ts: TLS and the redirect listener), and shut down cleanly on SIGTERM/SIGINT.
 */
import { flushAccessLines, logLine, writeAccessLine } from "./ops/log-line.ts";
import { ConfigError, loadSettings, type Config } from "./config.ts";
import { openDatabase, type Database } from "./storage/database.ts";
import { FolderLockedError } from "./storage/folder-lock.ts";
import { createApp } from "./app.ts";
import { startServer } from "./server.ts";
import type { AiConfig } from "./ai/index.ts";
import { VERSION } from "./version.ts";

async function main(): Promise<void> {
  let config: Config;
  let aiConfig: AiConfig | null;
  try {
    // The service's variables and the AI's in one pass: every bad one is reported at once.
    const settings = loadSettings(process.env);
    config = settings.config;
    aiConfig = settings.ai;
    for (const warning of settings.warnings) logLine("warn", "configuration", { warning });
  } catch (error) {
    // A bad environment is the operator's to fix: say what is wrong, no stack trace.
    console.error(error instanceof ConfigError ? error.message : `Invalid configuration: ${(error as Error).message}`);
    process.exit(78); // EX_CONFIG
  }

  let database: Database;
  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      pglite: { sharedBuffersMiB: config.PGLITE_SHARED_BUFFERS_MB },
    });
  } catch (error) {
    if (!(error instanceof FolderLockedError)) throw error;
    console.error(error.message);
    process.exit(73); // EX_CANTCREAT: the data folder is taken
  }
  // One JSON line per request on stdout (no log content, no tokens), in batches; errors go to stderr.
  const service = createApp({ config, database, aiConfig, accessLog: writeAccessLine });
  process.on("exit", flushAccessLines);
  const server = startServer(config, service.edge);
  service.startBackground();
  logLine("info", "listening", { version: VERSION, url: server.url, redirectFrom: server.redirectUrl, publicUrl: config.PUBLIC_URL, database: database.driver, ai: aiConfig ? `${aiConfig.provider} ${aiConfig.model}` : "disabled" });

  // Graceful shutdown: stop accepting, end AI streams with an `error` event, let in-flight
  // requests (uploads) finish, write pending views, close the database; all within a deadline.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logLine("info", "shutting down", { signal, deadlineS: config.SHUTDOWN_TIMEOUT_S });
    const deadline = setTimeout(() => {
      logLine("error", "shutdown deadline passed; exiting with requests still open");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_S * 1000);
    const drained = server.stop(false);
    service.beginShutdown();
    await drained;
    await service.stopBackground();
    await database.close();
    clearTimeout(deadline);
    logLine("info", "stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}


await main();
