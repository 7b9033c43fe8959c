/**
 * The logs service: upload, read, delete. No HTTP here: routes hand it plain values and it
 * answers with plain values or throws ApiError. Storage goes through LogStore; hot reads through
 * HotLogCache; retention through ViewTracker.
 */
import { ApiError } from "../errors.ts";
import { IdTakenError, type LogRecord, type LogStore } from "../storage/log-store.ts";
import { hashToken, isPlausibleLogId, newLogId, newToken, tokenMatches } from "./credentials.ts";
import type { HotLogCache } from "./hot-cache.ts";
import type { UploadResponse } from "./model.ts";
import type { UploadBody } from "./upload-input.ts";
import type { ContentAnalyses } from "./analyses.ts";
import { LogDocument } from "./log-document.ts";
import { localRemovalFeed, type Removed, type RemovalFeed } from "../storage/removals.ts";
import type { SkippedFile } from "../files/attachments.ts";
import type { ViewTracker } from "./views.ts";
import type { FilteredUpload, PreparationOptions } from "./preparation.ts";
import type { UploadPreparer } from "./preparation-pool.ts";
import type { UploaderHash } from "./uploader-hash.ts";
import type { BlobRecompressor } from "./recompression.ts";
import type { HeapSettling } from "./heap-settling.ts";

export type { FilteredContents } from "./preparation.ts";

/** A record found for a read, and its main blob's bytes when they were read with it. */
interface Found {
  record: LogRecord;
  mainBlob: Uint8Array | null;
}

export interface LogServiceOptions extends PreparationOptions {
  publicUrl: string;
  idLength: number;
  storageTimeS: number;
  /** Keeps a keyed hash of each uploader's address for moderators; absent: none is kept. */
  uploaderHash?: UploaderHash;
  /** Told the size of every body taken in, to return its garbage promptly; absent: left to the collector. */
  heapSettling?: HeapSettling;
}

/** Counters the metrics endpoint will read. */
export interface UploadCounters {
  uploads: number;
  bytesReceived: number;
  bytesDeduplicated: number;
}

export interface BulkDeleteResult {
  id: string;
  success: boolean;
  status: number;
  error?: string;
  code?: string;
}

const ID_ATTEMPTS = 5;


export class LogService {
  readonly counters: UploadCounters = { uploads: 0, bytesReceived: 0, bytesDeduplicated: 0 };
  /** Bodies being parsed, filtered or stored now; background work waits while there are any. */
  private bodiesInHand = 0;

  constructor(
    private readonly store: LogStore,
    private readonly cache: HotLogCache,
    private readonly views: ViewTracker,
    /** The engine's findings of stored texts, by content hash, shared by every reader. */
    private readonly analyses: ContentAnalyses,
    private readonly options: LogServiceOptions,
    private readonly preparer: UploadPreparer,
    private readonly removals: RemovalFeed = localRemovalFeed,
    /** Brings new blobs from the upload's quick compression to the storage quality, later. */
    private readonly recompressor: BlobRecompressor | null = null,
  ) {}

  /** True while no body is being taken in (uploads, analyses of posted bodies). */
  get idle(): boolean {
    return this.bodiesInHand === 0;
  }

  private async inHand<T>(work: () => Promise<T>): Promise<T> {
    this.bodiesInHand++;
    try {
      return await work();
    } finally {
      this.bodiesInHand--;
    }
  }

  /** A posted body parsed and filtered as an upload would be (on the intake's workers); nothing is stored. */
  filterBody(body: UploadBody): Promise<FilteredUpload> {
    return this.inHand(async () => {
      const filtered = await this.preparer.filter(body);
      this.options.heapSettling?.tookIn([filtered.main, ...filtered.files].reduce((sum, text) => sum + text.content.length, 0));
      return filtered;
    });
  }

  /**
   * A posted body parsed, filtered and analysed as POST /analyse answers it (JSON text), on the
   * intake's workers like an upload: the engine holds up no read. Nothing is stored.
   */
  analyseBody(body: UploadBody, includeEntries: boolean): Promise<string> {
    // Read before the body's bytes move to a worker (a moved buffer reads 0 bytes).
    const bodyBytes = body.bytes.byteLength;
    return this.inHand(async () => {
      const answer = await this.preparer.analyse(body, includeEntries);
      // This thread's garbage: the answer's text, or all of an analysis it helped with. Weighed by the body.
      this.options.heapSettling?.tookIn(bodyBytes);
      return answer;
    });
  }

  /**
   * `clientGone`: the request's abort signal. An upload whose client has hung up is not
   * stored: nobody would ever get its delete token (Bun drops pipelined connections this way,
   * see README "Known limitations"). `uploader`: the client's address, kept only as a keyed hash.
   */
  upload(body: UploadBody, options: { now?: Date; clientGone?: AbortSignal; uploader?: string } = {}): Promise<UploadResponse> {
    return this.inHand(() => this.takeIn(body, options));
  }

  private async takeIn(
    body: UploadBody,
    { now = new Date(), clientGone, uploader }: { now?: Date; clientGone?: AbortSignal; uploader?: string },
  ): Promise<UploadResponse> {
    const input = await this.preparer.prepare(body);
    const { main, files, skipped } = input;
    this.options.heapSettling?.tookIn([main, ...files].reduce((sum, text) => sum + text.blob.size, 0));
    if (clientGone?.aborted) {
      throw new ApiError("client_closed_request", "The client closed the connection before the upload was stored; nothing was stored.");
    }
    const blob = main.blob;
    const token = newToken();
    const tokenHash = hashToken(token);
    const createdAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const uploaderHash = (await this.options.uploaderHash?.of(uploader)) ?? null;

    for (let attempt = 1; ; attempt++) {
      const id = newLogId(this.options.idLength);
      const newLog = {
        id, tokenHash, blob, files, createdAt,
        source: input.source, metadata: input.metadata,
        lines: main.lines, errors: main.errors, truncated: main.truncated, uploaderHash,
      };
      try {
        const { blobsCreated } = await this.store.insert(newLog);
        this.countUpload([blob, ...files.map((file) => file.blob)], blobsCreated);
        this.recompressor?.enqueue(blobsCreated);
        const record: LogRecord = {
          id, blobHash: blob.hash, source: input.source, metadata: input.metadata,
          createdAt, lastViewedAt: createdAt, size: blob.size, lines: main.lines,
          errors: main.errors, truncated: main.truncated,
          files: files.map((file, position) => ({
            name: file.name, position, blobHash: file.blob.hash, size: file.blob.size,
            lines: file.lines, errors: file.errors, truncated: file.truncated,
          })),
        };
        // Neither the record nor the blob goes to the hot cache here: they enter it on their first
        // read (hot-cache.ts).
        return { ...this.describe(record), token, ...skippedField(skipped) };
      } catch (error) {
        // A random id collided with an existing one: draw another.
        if (error instanceof IdTakenError && attempt < ID_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  private countUpload(stored: { hash: string; size: number }[], created: string[]): void {
    this.counters.uploads++;
    const createdSet = new Set(created);
    for (const blob of stored) {
      this.counters.bytesReceived += blob.size;
      if (!createdSet.has(blob.hash)) this.counters.bytesDeduplicated += blob.size;
    }
  }

  /**
   * A stored log as one document: its record, information and texts, each text read only when
   * asked (log-document.ts). 404 for an unknown or expired id. Counts as one view.
   */
  async open(id: string, now = new Date()): Promise<LogDocument> {
    return this.document(await this.find(id, now, false));
  }

  /**
   * The same, for a reader that will send the main log's bytes (raw reads): a record not in the
   * cache is read with those bytes, in one round trip instead of two.
   */
  async openWithMainBlob(id: string, now = new Date()): Promise<LogDocument> {
    return this.document(await this.find(id, now, true));
  }

  private document({ record, mainBlob }: Found): LogDocument {
    const readBlob = (hash: string, logId: string) => (hash === record.blobHash && mainBlob ? Promise.resolve(mainBlob) : this.readBlob(hash, logId));
    return new LogDocument(record, this.describe(record), { readBlob, analyses: this.analyses });
  }

  /** The log's record (with its main blob when asked and read with it), or 404; counts as a view. */
  private async find(id: string, now: Date, withMainBlob: boolean): Promise<Found> {
    // The error only when it is thrown: building one captures a stack, on every read otherwise.
    if (!isPlausibleLogId(id)) throw logNotFound(id);
    let record = this.cache.getRecord(id);
    let mainBlob: Uint8Array | null = null;
    if (!record) {
      const row = await this.store.find(id, withMainBlob);
      if (!row) throw logNotFound(id);
      const { tokenHash: _token, uploaderHash: _uploader, mainBlob: blob, ...rest } = row;
      record = rest;
      this.cache.setRecord(record);
      if (blob) {
        mainBlob = blob;
        this.cache.setBlob(record.blobHash, blob);
      }
    }
    if (this.expiresAt(record).getTime() <= now.getTime()) {
      this.cache.forgetRecord(id);
      throw logNotFound(id);
    }
    this.views.record(id, now);
    if (now > record.lastViewedAt) {
      // Keep the cached copy current, so expiry stays right after the pending views are written.
      record = { ...record, lastViewedAt: now };
      this.cache.setRecord(record);
    }
    return { record, mainBlob };
  }

  private async readBlob(hash: string, id: string): Promise<Uint8Array> {
    const cached = this.cache.getBlob(hash);
    if (cached) return cached;
    const data = await this.store.readBlob(hash);
    if (!data) throw logNotFound(id);
    this.cache.setBlob(hash, data);
    return data;
  }

  /** Deletes a log after checking its token (400 none, 403 wrong, 404 unknown). */
  async delete(id: string, token: string | null): Promise<void> {
    if (!token) throw new ApiError("missing_token", "Send the log's delete token as 'Authorization: Bearer <token>'.");
    if (!isPlausibleLogId(id)) throw logNotFound(id);
    const row = await this.store.find(id);
    if (!row) throw logNotFound(id);
    if (!tokenMatches(token, row.tokenHash)) throw new ApiError("wrong_token", "The token does not belong to this log.");
    const { blobsRemoved } = await this.store.delete(id);
    await this.removed({ logIds: [id], blobHashes: blobsRemoved });
  }

  /** Deletes any log, without its token: moderation (the admin token was checked by the route). */
  async deleteAsModerator(id: string): Promise<void> {
    if (!isPlausibleLogId(id)) throw logNotFound(id);
    const { deleted, blobsRemoved } = await this.store.delete(id);
    if (!deleted) throw logNotFound(id);
    await this.removed({ logIds: [id], blobHashes: blobsRemoved });
  }

  /**
   * Deletes several logs, each with its own token; one failure does not stop the others. A
   * wrong token answers as an unknown id does: a list of ids must not tell which exist.
   */
  async deleteMany(items: { id: string; token: string }[]): Promise<BulkDeleteResult[]> {
    const results: BulkDeleteResult[] = [];
    for (const { id, token } of items) {
      try {
        await this.delete(id, token);
        results.push({ id, success: true, status: 200 });
      } catch (caught) {
        if (!(caught instanceof ApiError)) throw caught;
        const error = caught.code === "wrong_token" ? logNotFound(id) : caught;
        results.push({ id, success: false, status: error.status, error: error.message, code: error.code });
      }
    }
    return results;
  }

  /**
   * The one place every way a log leaves goes through (delete, bulk delete, expiry,
   * moderation): this process forgets it at once, and every other replica on the same
   * database hears of it (removals.ts) and forgets it too.
   */
  async removed(removed: Removed): Promise<void> {
    this.forget(removed);
    await this.removals.publish(removed).catch(() => {
      // the log is gone from storage either way; a replica that missed it drops its caches on reconnect
    });
  }

  /** Drops what this process holds of removed logs (and of their blobs, when they went too). */
  forget({ logIds, blobHashes }: Removed): void {
    for (const id of logIds) {
      this.cache.forgetRecord(id);
      this.views.forget(id);
    }
    for (const hash of blobHashes) {
      this.cache.forgetBlob(hash);
      this.analyses.forget(hash);
    }
  }

  /** Forgets every log held here (a replica that may have missed removals while disconnected). */
  forgetAll(): void {
    this.cache.clear();
    this.analyses.clear();
  }

  expiresAt(record: LogRecord): Date {
    const pending = this.views.pendingView(record.id);
    const lastViewed = pending && pending > record.lastViewedAt ? pending : record.lastViewedAt;
    return new Date(lastViewed.getTime() + this.options.storageTimeS * 1000);
  }

  private describe(record: LogRecord): Omit<UploadResponse, "token"> {
    const base = this.options.publicUrl;
    return {
      success: true,
      id: record.id,
      url: `${base}/${record.id}`,
      raw: `${base}/v1/raw/${record.id}`,
      source: record.source,
      created: Math.floor(record.createdAt.getTime() / 1000),
      expires: Math.floor(this.expiresAt(record).getTime() / 1000),
      size: record.size,
      lines: record.lines,
      errors: record.errors,
      truncated: record.truncated,
      metadata: record.metadata,
      files: record.files.map((file) => ({
        name: file.name,
        size: file.size,
        lines: file.lines,
        raw: `${base}/v1/raw/${record.id}/${encodeFilePath(file.name)}`,
      })),
    };
  }
}

function logNotFound(id: string): ApiError {
  return new ApiError("log_not_found", `There is no log with the id '${id.slice(0, 64)}'.`);
}

/** Each path segment percent-encoded, the `/` between them kept. */
export function encodeFilePath(name: string): string {
  return name.split("/").map(encodeURIComponent).join("/");
}

function skippedField(skipped: SkippedFile[]): { skipped?: SkippedFile[] } {
  return skipped.length > 0 ? { skipped } : {};
}
