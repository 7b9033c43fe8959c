/**
 * What an upload becomes before it touches the database: filtered texts (main log and attached
 * files), their statistics, and their blobs (hash and brotli bytes). Pure and CPU-bound, so it
 * can run on a worker thread (preparation-pool.ts) as well as in the request's own thread.
 */
import { ApiError } from "../errors.ts";
import { filterLog, redactText, type FilterResult } from "../filters/index.ts";
import { limitBytes } from "../filters/limits.ts";
import { logStats } from "../analysis/index.ts";
import { prepareBlob, type PreparedBlob } from "../storage/blobs.ts";
import { readAttachments, type AttachmentLimits, type SkippedFile } from "../files/attachments.ts";
import type { UploadInput } from "./upload-input.ts";

export interface PreparationOptions {
  maxLength: number;
  maxLines: number;
  attachments: AttachmentLimits;
}

export interface FilteredContents {
  main: FilterResult;
  files: (FilterResult & { name: string })[];
  skipped: SkippedFile[];
}

/** One stored text: its blob and what the upload response says of it. */
export interface PreparedContent {
  blob: PreparedBlob;
  lines: number;
  errors: number;
  truncated: boolean;
}

export interface PreparedUpload {
  main: PreparedContent;
  files: (PreparedContent & { name: string })[];
  skipped: SkippedFile[];
}

/**
 * What an upload body holds once filtered: the main log and the attached files, each through the
 * same privacy filters and limits. Nothing is stored; uploads and AI analyses of posted bodies
 * both start here.
 */
export async function filterContents(input: UploadInput, options: PreparationOptions, mainCut = false): Promise<FilteredContents> {
  const attachments = await readAttachments(input.files, options.attachments);
  const limits = { maxBytes: options.maxLength, maxLines: options.maxLines };
  // A log may consist of files only: the first file is then the main log.
  const mainText = input.content.trim() !== "" ? input.content : (attachments.files[0]?.text ?? "");
  const main = filterLog(mainText, limits);
  main.truncated ||= mainCut;
  if (main.content.length === 0) {
    throw new ApiError("missing_content", "The log is empty: send some content.");
  }
  const names = redactedNames([...attachments.files, ...attachments.skipped].map((file) => file.name));
  return {
    main,
    files: attachments.files.map((file, index) => ({ name: names[index], ...filterLog(file.text, limits) })),
    skipped: attachments.skipped.map((file, index) => ({ ...file, name: names[attachments.files.length + index] })),
  };
}

/**
 * The main text cut to what the filters would keep at most (its first MAX_LENGTH bytes after
 * leading whitespace), before it is copied to a worker: a 60 MiB body would otherwise be copied
 * whole, twice, only for limit-bytes to drop most of it. `cut` says whether anything went.
 */
export function boundMainText(input: UploadInput, maxLength: number): { input: UploadInput; cut: boolean } {
  // Each UTF-16 unit is at most 3 UTF-8 bytes: most uploads need no look at all.
  if (input.content.length * 3 <= maxLength) return { input, cut: false };
  const content = limitBytes(input.content.trimStart(), maxLength);
  if (content.length === input.content.trimStart().length) return { input, cut: false };
  return { input: { ...input, content }, cut: true };
}

/**
 * File names through the privacy redactions (`logs/203.0.113.7.log`, `crash-steve@example.com.txt`
 * would show an address on the page). Two names that redact alike get ` (2)`, ` (3)` before their
 * extension, so every file keeps its own address.
 */
function redactedNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const redacted = redactText(name);
    let unique = redacted;
    for (let n = 2; taken.has(unique); n++) unique = redacted.replace(/(\.[^./]*)?$/, (extension) => ` (${n})${extension}`);
    taken.add(unique);
    return unique;
  });
}

export async function prepareUpload(
  input: UploadInput,
  options: PreparationOptions,
  makeBlob: (content: string) => PreparedBlob | Promise<PreparedBlob> = prepareBlob,
  mainCut = false,
): Promise<PreparedUpload> {
  const { main, files, skipped } = await filterContents(input, options, mainCut);
  const prepare = async (filtered: FilterResult): Promise<PreparedContent> => ({
    blob: await makeBlob(filtered.content),
    ...logStats(filtered.content),
    truncated: filtered.truncated,
  });
  const preparedFiles: PreparedUpload["files"] = [];
  for (const file of files) preparedFiles.push({ name: file.name, ...(await prepare(file)) });
  return { main: await prepare(main), files: preparedFiles, skipped };
}
