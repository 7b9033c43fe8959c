/**
 * Moderation: the newest logs page by page, what the store holds, and removing any log. No HTTP
 * here. Removal is LogService's (deleteAsModerator), so a moderated log leaves through the same
 * path as a deleted or expired one: caches and other replicas forget it.
 */
import { ApiError } from "../errors.ts";
import type { LogService } from "../logs/service.ts";
import type { ListPosition, ModerationStore } from "../storage/moderation-store.ts";
import { VERSION } from "../version.ts";
import { DEFAULT_LIST_LIMIT } from "./model.ts";

export interface ModerationOptions {
  publicUrl: string;
  storageTimeS: number;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export class ModerationService {
  constructor(
    private readonly store: ModerationStore,
    private readonly logs: LogService,
    private readonly options: ModerationOptions,
  ) {}

  async list(query: { source?: string; limit?: number; cursor?: string }) {
    const limit = query.limit ?? DEFAULT_LIST_LIMIT;
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    // One more than asked: whether a next page exists, without a count.
    const rows = await this.store.listLogs({ limit: limit + 1, source: query.source, before });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      success: true as const,
      logs: page.map((row) => ({
        id: row.id,
        url: `${this.options.publicUrl}/${row.id}`,
        source: row.source,
        created: seconds(row.createdAt),
        lastViewed: seconds(row.lastViewedAt),
        expires: seconds(row.lastViewedAt) + this.options.storageTimeS,
        size: row.size,
        files: row.files,
        filesSize: row.filesSize,
        uploaderHash: row.uploaderHash,
      })),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    };
  }

  async stats() {
    const totals = await this.store.totals();
    return {
      success: true as const,
      version: VERSION,
      logs: totals.logs,
      files: totals.files,
      blobs: totals.blobs,
      bytes: { logical: totals.logicalBytes, distinct: totals.distinctBytes, stored: totals.storedBytes },
      dedupeRatio: ratio(totals.logicalBytes, totals.distinctBytes),
      compressionRatio: ratio(totals.distinctBytes, totals.storedBytes),
    };
  }

  remove(id: string): Promise<void> {
    return this.logs.deleteAsModerator(id);
  }
}

function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? 1 : Math.round((numerator / denominator) * 1000) / 1000;
}

/** A page's position as an opaque token: the last log's creation (ms) and id, base64url. */
function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.createdAt.getTime()}.${position.id}`).toString("base64url");
}

function decodeCursor(cursor: string): ListPosition {
  const match = /^(\d{1,15})\.([0-9A-Za-z]{1,64})$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!match) throw new ApiError("bad_request", "The cursor is not one this server gave; start again without it.");
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}
