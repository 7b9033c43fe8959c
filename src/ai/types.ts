/** The seam between the AI feature and the app: what a log looks like to the agent. */

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

/** Where the AI feature reports upstream trouble (a key refused, a provider down, a stall). */
export type AiLogger = (level: "warn" | "error", message: string, fields: Record<string, unknown>) => void;

export const silentLogger: AiLogger = () => {};

/**
 * Live figures for the metrics endpoint: the app hands in one object, the AI routes keep it
 * current (open streams; tokens counted once per model run, not per reader or cached replay).
 */
export interface AiStats {
  openStreams: number;
  inputTokens: number;
  outputTokens: number;
}
