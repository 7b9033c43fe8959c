/**
 * AI analysis of a log, streamed as server-sent events (docs/API.md, AI analysis).
 * The app mounts `aiRoutes` under /v1 and /1 and hands it a config and two log sources.
 */
export type { AiLog, AiLogFile, AiStats, AiLogger } from "./types";
export { createAiStats } from "./types";
export type { AiConfig, AiProviderKind } from "./config";
export { loadAiConfig } from "./config";
export type { AiDeps } from "./routes";
export { aiRoutes } from "./routes";
