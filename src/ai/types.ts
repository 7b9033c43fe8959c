/** The seam between the AI feature and the app: what a log looks like to the agent. */
import type { Insights } from "../analysis/model.ts";

export interface AiLogFile {
  name: string;
  content: string;
}

export interface AiLog {
  id?: string;
  /** Content hash of the log; the answer cache keys on it. */
  hash: string;
  /** files[0] is the main log. */
  files: AiLogFile[];
}

/**
 * What opening an analysis needs: the cache key at once, the texts only when a model run starts.
 * Readers of a cached answer or of a live run (most of them, when a log is shared) never hold a
 * copy of the log: decompressed per reader, a 200 KB log cost each open stream about 600 KiB.
 */
export interface AiLogRequest {
  id?: string;
  hash: string;
  readFiles(): Promise<AiLogFile[]>;
  /**
   * The engine's findings for the main log where they are already known: a stored log's, from
   * the analyses every reader shares. Absent (a posted body): the run analyses the text itself.
   */
  readInsights?(): Promise<Insights>;
}

/** A log whose texts are already in memory (a posted body), as a request. */
export function requestOf(log: AiLog): AiLogRequest {
  return { id: log.id, hash: log.hash, readFiles: async () => log.files };
}

/** Where the AI feature reports upstream trouble (a key refused, a provider down, a stall). */
export type AiLogger = (level: "warn" | "error", message: string, fields: Record<string, unknown>) => void;

export const silentLogger: AiLogger = () => {};
