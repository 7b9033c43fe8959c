#!/usr/bin/env bun
/**
 * The service as src/index.ts starts it, but with the edge built without its rate limiter
 * (createApp's bench-only `withoutRateLimit`; there is no environment switch for it), so the
 * limiter's cost can be measured against the real thing. Everything else is the same: config,
 * database, createApp with the same access line on stdout (batched, src/ops/log-line.ts),
 * startServer. Until 2026-11-28 this file built its own edge with a console.log per access line,
 * which src/index.ts no longer does: the "limiter off" rows then ran slower than "on".
 */
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/storage/database.ts";
import { createApp } from "../src/app.ts";
import { flushAccessLines, writeAccessLine } from "../src/ops/log-line.ts";
import { startServer } from "../src/server.ts";

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const service = createApp({ config, database, accessLog: writeAccessLine, withoutRateLimit: true });
process.on("exit", flushAccessLines);
const server = startServer(config, service.edge);
service.startBackground();
console.log(JSON.stringify({ level: "info", msg: "listening", url: server.url, rateLimit: "off" }));

const stop = async () => {
  await server.stop();
  await service.stopBackground();
  await database.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
