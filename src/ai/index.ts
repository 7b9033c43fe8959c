/**
 * AI analysis of a log, streamed as server-sent events (docs/API.md, AI analysis).
 * The app mounts `aiRoutes` under /v1 and /1 and hands it a config and two log sources.
 */
export type { AiLog, AiLogFile, AiLogger } from "./types.ts";
export type { AiConfig, AiProviderKind } from "./config.ts";
export type { AiDeps } from "./routes.ts";
export { aiRoutes } from "./routes.ts";
