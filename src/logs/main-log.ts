/**
 * Which text is a log's main log. An upload may send files only: its first file is then the main
 * log, stored once and listed once, under its own name. Everything that tells the main log from
 * the attached files asks here, on the way in (an upload's parts) and on the way out (a record).
 */
import type { LogRecord } from "../storage/log-store.ts";

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

/** One text of a stored log: the main log or an attached file, with the figures stored for it. */
export interface LogText {
  name: string;
  /** SHA-256 of the text: the key of its blob and of its findings. */
  hash: string;
  size: number;
  lines: number;
  errors: number;
  /** The limits cut this text on upload. */
  truncated: boolean;
  isMain: boolean;
  /** A file's own name (every attached file, and a main log sent as a file); not a main log sent as text. */
  isNamedFile: boolean;
}

/**
 * A stored log's texts: the main log first, then the attached files. In a log of files only the
 * main log is the first file, listed once under its own name; a main log sent as text goes by
 * MAIN_LOG_NAME, which an attached file may also bear.
 */
export function storedTexts(record: LogRecord): LogText[] {
  const firstIsMain = mainIsFirstFile(record);
  const files = record.files.map((file, position) => ({
    name: file.name, hash: file.blobHash, size: file.size, lines: file.lines, errors: file.errors,
    truncated: file.truncated, isMain: firstIsMain && position === 0, isNamedFile: true,
  }));
  if (firstIsMain) return files;
  const main = {
    name: MAIN_LOG_NAME, hash: record.blobHash, size: record.size, lines: record.lines, errors: record.errors,
    truncated: record.truncated, isMain: true, isNamedFile: false,
  };
  return [main, ...files];
}
