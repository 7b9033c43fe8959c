/**
 * Attached files of an upload, from what the client sent (JSON files, multipart file parts,
 * archives) to named texts ready for the filters: archives expanded, names checked, binary files
 * set aside, every limit applied.
 */
import { ApiError } from "../errors.ts";
import { archiveKind, expandArchive, type ArchiveLimits, type ExpansionBudget } from "./archive.ts";
import { validateFileNames } from "./names.ts";

/** A file as the client sent it. */
export interface SentFile {
  name: string;
  bytes: Uint8Array;
}

export interface AttachmentLimits extends ArchiveLimits {
  /** Files one log may carry after expansion. */
  maxFiles: number;
  /**
   * Charges the bytes archives expand to, as they are produced, to the process's body budget
   * (BODY_BUDGET_BYTES; src/logs/preparation.ts gives them back). Throws the budget's 503.
   */
  charge?: (bytes: number) => void;
}

export interface AttachedText {
  name: string;
  text: string;
}

export interface SkippedFile {
  name: string;
  reason: string;
}

export interface Attachments {
  files: AttachedText[];
  /** Files left out on purpose (binary data), reported back to the client. */
  skipped: SkippedFile[];
}

/** Lenient UTF-8, as for the main log. */
const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/** A NUL byte in the first 8 KiB is how git, grep and diff tell binary from text too. */
function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0);
}

export async function readAttachments(sent: readonly SentFile[], limits: AttachmentLimits): Promise<Attachments> {
  // Names are checked as sent first, so a bad archive name is refused before any expansion.
  validateFileNames(sent.map((file) => file.name));
  const budget: ExpansionBudget = { entries: 0, bytes: 0, charge: limits.charge };
  const expanded: SentFile[] = [];
  for (const file of sent) {
    if (archiveKind(file.name)) expanded.push(...(await expandArchive(file.name, file.bytes, limits, budget)));
    else {
      budget.bytes += file.bytes.byteLength;
      if (file.bytes.byteLength > limits.maxFileBytes) {
        throw new ApiError("payload_too_large", `'${file.name.slice(0, 120)}' is larger than ${limits.maxFileBytes} bytes.`);
      }
      if (budget.bytes > limits.maxTotalBytes) {
        throw new ApiError("payload_too_large", `The upload's files are larger than ${limits.maxTotalBytes} bytes.`);
      }
      expanded.push(file);
    }
  }
  validateFileNames(expanded.map((file) => file.name));

  const files: AttachedText[] = [];
  const skipped: SkippedFile[] = [];
  for (const file of expanded) {
    if (isBinary(file.bytes)) skipped.push({ name: file.name, reason: "binary data, not a text file" });
    else files.push({ name: file.name, text: utf8.decode(file.bytes) });
  }
  if (files.length > limits.maxFiles) {
    throw new ApiError("payload_too_large", `A log may carry at most ${limits.maxFiles} files (this upload has ${files.length}).`);
  }
  return { files, skipped };
}
