/**
 * Which text is a log's main log. An upload may send files only: its first file is then the main
 * log, stored once and listed once, under its own name. Everything that tells the main log from
 * the attached files asks here, on the way in (an upload's parts) and on the way out (a record).
 */
import type { LogFileRecord, LogRecord } from "../storage/log-store.ts";

/** The name a main log sent as text goes by where a file name is needed (AI tools, file lists). */
export const MAIN_LOG_NAME = "latest.log";

/** An upload's main text: its content, or when it sent none, its first file's text. */
export function mainTextOf(content: string, files: readonly { text: string }[]): { text: string; isFirstFile: boolean } {
  if (content.trim() !== "") return { text: content, isFirstFile: false };
  return { text: files[0]?.text ?? "", isFirstFile: files.length > 0 };
}

/** Whether a stored log's main log is its first file (it was uploaded as files only). */
export function mainIsFirstFile(record: LogRecord): boolean {
  return record.files[0]?.blobHash === record.blobHash;
}

/** The files attached to a stored log, its main log left out. */
export function attachedFiles(record: LogRecord): LogFileRecord[] {
  return mainIsFirstFile(record) ? record.files.slice(1) : record.files;
}

/** The name of a stored log's main log. */
export function mainLogName(record: LogRecord): string {
  return mainIsFirstFile(record) ? record.files[0].name : MAIN_LOG_NAME;
}
