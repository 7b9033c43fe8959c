/**
 * The service's own log lines: one JSON object per line, `{level, time, msg, ...fields}`, the
 * same keys as the access lines (observe.ts), so one query reads them all. Errors go to stderr.
 */
export type LogLevel = "info" | "warn" | "error";

export function logLine(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}
