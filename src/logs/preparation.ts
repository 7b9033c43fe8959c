/**
 * The upload intake: what a request body (bytes as sent, Content-Encoding and Content-Type, as
 * src/edge/body.ts read them) becomes before anything else sees it: decoded, parsed by its form
 * (text, JSON, form fields, multipart), the main log and attached files filtered, and for an
 * upload their statistics and blobs (hash and brotli bytes). Pure and CPU-bound, so it runs on a
 * worker thread (preparation-pool.ts): decoding a small gzip body into 12 MB, parsing a million
 * form fields or JSON values, filtering 10 MiB or analysing a posted log, holds up no read.
 * Uploads, analyses and AI analyses of posted bodies all start here.
 */
import { ApiError } from "../errors.ts";
import { filterLog, redactText, type FilterResult } from "../filters/index.ts";
import { analyseLog, logStats } from "../analysis/index.ts";
import { answerJson } from "./insights-answer.ts";
import { prepareBlob, type PreparedBlob } from "../storage/blobs.ts";
import { readAttachments, type AttachmentLimits, type SkippedFile } from "../files/attachments.ts";
import { mainTextOf } from "./main-log.ts";
import { parseUploadInput, type UploadBody, type UploadInput } from "./upload-input.ts";
import { decodeBody } from "../edge/body.ts";
import { SharedByteBudget } from "../edge/body-budget.ts";
import type { MetadataEntry } from "../storage/schema.ts";

export interface PreparationOptions {
  maxLength: number;
  maxLines: number;
  /** Fields and parts a form body may hold (MAX_FORM_FIELDS). */
  maxFormFields: number;
  /** Bytes a compressed body may decode to, all Content-Encoding steps together (MAX_DECODED_BYTES). */
  maxDecodedBytes: number;
  /**
   * The process's body budget (BODY_BUDGET_BYTES), shared with the request thread: decoded
   * bytes are charged to it while the body is taken in. Absent: unbounded (tools and tests).
   */
  bodyBudget?: { maxBytes: number; buffer: SharedArrayBuffer };
  attachments: AttachmentLimits;
  /**
   * Told, once a body is done with (taken in or refused), how many bytes it came to: decoded,
   * with what its archives expanded to. The workers collect their garbage after large ones.
   */
  tookIn?: (bytes: number) => void;
}

export interface FilteredContents {
  main: FilterResult;
  /** True when the body sent files only: the main log is then the first file (also in `files`; main-log.ts). */
  mainIsFirstFile: boolean;
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
  source: string | null;
  metadata: MetadataEntry[];
}

/** A posted body filtered, for analyses that store nothing. */
export type FilteredUpload = FilteredContents;

/**
 * What an upload body holds once filtered: the main log and the attached files, each through the
 * same privacy filters and limits. Nothing is stored; uploads and AI analyses of posted bodies
 * both start here.
 */
async function filterContents(input: UploadInput, options: PreparationOptions): Promise<FilteredContents> {
  const attachments = await readAttachments(input.files, options.attachments);
  const limits = { maxBytes: options.maxLength, maxLines: options.maxLines };
  const mainText = mainTextOf(input.content, attachments.files);
  const main = filterLog(mainText.text, limits);
  if (main.content.length === 0) {
    throw new ApiError("missing_content", "The log is empty: send some content.");
  }
  const names = redactedNames([...attachments.files, ...attachments.skipped].map((file) => file.name));
  return {
    main,
    mainIsFirstFile: mainText.isFirstFile,
    files: attachments.files.map((file, index) => ({ name: names[index], ...filterLog(file.text, limits) })),
    skipped: attachments.skipped.map((file, index) => ({ ...file, name: names[attachments.files.length + index] })),
  };
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

/**
 * Decodes (Content-Encoding) and parses a body, then `use`s it. The decoded bytes and what its
 * archives expand to are charged to the body budget until `use` is done, then given back: what
 * is kept after is cut to the length limits. A 1 MB zip of five 25 MiB files took 390 MB at its
 * peak, outside the budget, before the expansion was charged too.
 */
async function takeIn<T>(
  body: UploadBody,
  options: PreparationOptions,
  // `bodyOptions`: `options` with this body's charge to the budget (archive expansion).
  use: (input: UploadInput, bodyOptions: PreparationOptions) => Promise<T>,
): Promise<T> {
  const budget = options.bodyBudget ? new SharedByteBudget(options.bodyBudget.maxBytes, options.bodyBudget.buffer) : null;
  let charged = 0;
  // Counted whether or not the budget is charged, and also when decoding fails part way.
  let takenIn = 0;
  const charge = (bytes: number) => {
    takenIn += bytes;
    if (!budget) return;
    budget.take(bytes);
    charged += bytes;
  };
  const hold = (bytes: number) => {
    if (body.encodings.length > 0) charge(bytes); // a body sent as is was charged by the request thread
    else takenIn += bytes;
  };
  try {
    const input = await parseUploadInput(await decodeBody(body, options.maxDecodedBytes, hold), body.contentType, options.maxFormFields);
    return await use(input, { ...options, attachments: { ...options.attachments, charge } });
  } finally {
    budget?.give(charged);
    options.tookIn?.(takenIn);
  }
}

/** A posted body parsed and filtered; nothing is stored. */
export function filterUpload(body: UploadBody, options: PreparationOptions): Promise<FilteredUpload> {
  return takeIn(body, options, filterContents);
}

/**
 * A posted body parsed, filtered and analysed (its main log: in a body of files only, the first
 * file): the answer of POST /analyse as JSON text. Made in one place, on the intake's thread: the
 * engine's objects would cost more to send to another thread (a structured clone of a 200 KB
 * log's insights took 3.6 ms) than to write out (0.3 ms).
 */
export function analyseUpload(body: UploadBody, options: PreparationOptions, includeEntries: boolean): Promise<string> {
  return takeIn(body, options, async (input, bodyOptions) => {
    const { main } = await filterContents(input, bodyOptions);
    return answerJson(analyseLog(main.content), includeEntries);
  });
}

/** An upload body parsed, filtered, counted and compressed: all that is left is to store it. */
export async function prepareUpload(
  body: UploadBody,
  options: PreparationOptions,
  makeBlob: (content: string) => PreparedBlob | Promise<PreparedBlob> = prepareBlob,
): Promise<PreparedUpload> {
  return takeIn(body, options, (input, bodyOptions) => prepareInput(input, bodyOptions, makeBlob));
}

async function prepareInput(
  input: UploadInput,
  options: PreparationOptions,
  makeBlob: (content: string) => PreparedBlob | Promise<PreparedBlob>,
): Promise<PreparedUpload> {
  const { main, files, skipped } = await filterContents(input, options);
  const prepare = async (filtered: FilterResult): Promise<PreparedContent> => {
    // Counted before compressing: all the work on the text is done by the time `makeBlob` is called.
    const stats = logStats(filtered.content);
    return { blob: await makeBlob(filtered.content), ...stats, truncated: filtered.truncated };
  };
  const preparedFiles: PreparedUpload["files"] = [];
  for (const file of files) preparedFiles.push({ name: file.name, ...(await prepare(file)) });
  return { main: await prepare(main), files: preparedFiles, skipped, source: input.source, metadata: input.metadata };
}
