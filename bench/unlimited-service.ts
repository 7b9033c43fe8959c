#!/usr/bin/env bun
/**
 * The service as src/index.ts starts it, but with the edge built without its rate limiter
 * (createEdge's bench-only `withoutRateLimit`; there is no environment switch for it), so the
 * limiter's cost can be measured against the real thing. Everything else is the same: config,
 * database, createApp, the rest of the edge (the app's outer observability layer and its access
 * line on stdout included, as src/index.ts has them), startServer.
 */
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/storage/database.ts";
import { createApp, } from "../src/app.ts";
import { createEdge } from "../src/edge/index.ts";
import { observe } from "../src/ops/observe.ts";
import { startServer } from "../src/server.ts";

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const service = createApp({ config, database });
const edge = createEdge(config, {
  routes: service.routes,
  outer: [observe({ metrics: service.metrics, routes: service.routes, writeLine: (line) => console.log(line) })],
  handle: (request) => service.app.handle(request),
  logError: (error) => console.error(String(error)),
  withoutRateLimit: true,
});
const server = startServer(config, edge);
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
