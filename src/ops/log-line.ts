/**
 * The service's own log lines: one JSON object per line, `{level, time, msg, ...fields}`, the
 * same keys as the access lines (observe.ts), so one query reads them all. Errors go to stderr.
 * Access lines go to stdout in batches (line-batch.ts); a line of the service's own first writes
 * the access lines waiting before it, so stdout keeps their order.
 */
import { DroppingOutlet, LineBatch } from "./line-batch.ts";

export type LogLevel = "info" | "warn" | "error";

function formatLine(level: LogLevel, msg: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });
}

const stdoutOutlet = new DroppingOutlet(process.stdout, (lines) => formatLine("warn", "access lines dropped: stdout was not read", { lines }));
const accessLines = new LineBatch(stdoutOutlet.write);

export function logLine(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  const line = formatLine(level, msg, fields);
  if (level === "error") {
    console.error(line);
    return;
  }
  accessLines.flush();
  process.stdout.write(`${line}\n`);
}

/** One access line (observe.ts), written with the next batch. */
export function writeAccessLine(line: string): void {
  accessLines.push(line);
}

/** Writes the access lines still waiting (shutdown, exit). */
export function flushAccessLines(): void {
  accessLines.flush();
}
