/**
 * A stored log, opened once (LogService.open): its record, and its texts, the main log first and
 * then the attached files. Each text's stored bytes, decoded text and findings are read only when
 * a reader asks, from the caches they share: blobs by content hash (hot-cache.ts) and findings by
 * content hash (analyses.ts). Raw reads, the log's information, the insights, the page and the AI
 * all start here, so one request counts one view and looks the record up once.
 */
import type { Insights } from "../analysis/index.ts";
import { ApiError } from "../errors.ts";
import { decompressBlob } from "../storage/blobs.ts";
import type { LogRecord } from "../storage/log-store.ts";
import type { ContentAnalyses } from "./analyses.ts";
import { type LogText, storedTexts } from "./main-log.ts";
import type { LogInfoResponse } from "./model.ts";

/** What a document reads through: the service's blob reads (cache first) and the shared findings. */
export interface DocumentSources {
  readBlob(hash: string, id: string): Promise<Uint8Array>;
  analyses: ContentAnalyses;
}

const utf8 = new TextDecoder();

export class LogDocument {
  /** The main log, then the attached files. In a log of files only the main log is the first file, listed once. */
  readonly texts: readonly LogText[];

  constructor(
    readonly record: LogRecord,
    /** The log's information as GET /v1/log/{id} answers it, with the expiry this view sets. */
    readonly info: LogInfoResponse,
    private readonly sources: DocumentSources,
  ) {
    this.texts = storedTexts(record);
  }

  get id(): string {
    return this.record.id;
  }

  get main(): LogText {
    return this.texts[0];
  }

  /** The attached files, the main log left out. */
  get attached(): readonly LogText[] {
    return this.texts.slice(1);
  }

  /** A stored file by its name (`files[].name`); 404 file_not_found for a name the log does not have. */
  file(name: string): LogText {
    const file = this.texts.find((text) => text.isNamedFile && text.name === name);
    if (!file) throw new ApiError("file_not_found", `The log '${this.id}' has no file named '${name.slice(0, 200)}'.`);
    return file;
  }

  /** A text's stored brotli bytes. */
  blob(text: LogText = this.main): Promise<Uint8Array> {
    return this.sources.readBlob(text.hash, this.id);
  }

  /** A text, decoded. */
  async text(text: LogText = this.main): Promise<string> {
    return utf8.decode(await decompressBlob(await this.blob(text)));
  }

  /** The engine's findings of a text, shared with every other reader of the same content. */
  insights(text: LogText = this.main): Promise<Insights> {
    return this.sources.analyses.of(text.hash, text.size, () => this.text(text));
  }
}
