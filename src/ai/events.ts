/**
 * The events of an AI analysis, independent of the wire: the agent and the cache produce them,
 * the SSE encoder writes them (docs/API.md, AI analysis).
 */
import type { ErrorCode } from "../errors.ts";

export type StatusType = "started" | "thinking" | "tool" | "tool_result" | "limit";

export type AiEvent =
  | { kind: "status"; data: { type: StatusType } & Record<string, unknown> }
  /** A piece of the answer text. */
  | { kind: "delta"; text: string }
  | { kind: "done"; data: { status: "completed"; cached: boolean } & Record<string, unknown> }
  | { kind: "error"; data: { error: string; code: ErrorCode } };

export const status = (type: StatusType, fields: Record<string, unknown> = {}): AiEvent => ({
  kind: "status",
  data: { type, ...fields },
});
