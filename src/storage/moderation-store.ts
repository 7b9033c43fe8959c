/**
 * The queries moderation needs beyond LogStore: the newest logs page by page, what the store
 * holds in total, and the instance's own secrets. Read-only except for a secret's first creation;
 * removing a log stays LogStore.delete, so every removal takes the one path.
 */
import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "./database.ts";
import { blobs, instanceSecrets, logFiles, logs } from "./schema.ts";

/** A log as moderators see it: no token, no content, no address. */
export interface ModeratedLog {
  id: string;
  source: string | null;
  createdAt: Date;
  lastViewedAt: Date;
  size: number;
  files: number;
  filesSize: number;
  uploaderHash: string | null;
}

/** Where a page of the newest-first list starts: strictly older than this log. */
export interface ListPosition {
  createdAt: Date;
  id: string;
}

export interface StoreTotals {
  logs: number;
  files: number;
  blobs: number;
  /** Bytes of text every log and file stands for, as if each were stored on its own. */
  logicalBytes: number;
  /** Bytes of text of the distinct contents actually kept. */
  distinctBytes: number;
  /** Bytes the kept contents take in the database, compressed. */
  storedBytes: number;
}

export class ModerationStore {
  constructor(private readonly db: Db) {}

  /** The newest logs first (ties by id), optionally of one `source`, after `before`. */
  async listLogs(options: { limit: number; source?: string; before?: ListPosition }): Promise<ModeratedLog[]> {
    const conditions: SQL[] = [];
    if (options.source !== undefined) conditions.push(eq(logs.source, options.source));
    if (options.before) {
      const { createdAt, id } = options.before;
      conditions.push(or(lt(logs.createdAt, createdAt), and(eq(logs.createdAt, createdAt), lt(logs.id, id)))!);
    }
    const rows = await this.db
      .select({
        id: logs.id,
        source: logs.source,
        createdAt: logs.createdAt,
        lastViewedAt: logs.lastViewedAt,
        size: logs.size,
        uploaderHash: logs.uploaderHash,
        files: sql<number>`(select count(*)::int from ${logFiles} where ${logFiles.logId} = ${logs.id})`,
        filesSize: sql<number>`(select coalesce(sum(${logFiles.size}), 0)::bigint from ${logFiles} where ${logFiles.logId} = ${logs.id})`,
      })
      .from(logs)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(desc(logs.createdAt), desc(logs.id))
      .limit(options.limit);
    return rows.map((row) => ({ ...row, files: Number(row.files), filesSize: Number(row.filesSize) }));
  }

  async totals(): Promise<StoreTotals> {
    // pg_column_size: the bytes as stored, without decompressing (the data is brotli already).
    const [logRow] = await this.db.select({ n: sql<number>`count(*)::int`, bytes: sql<string>`coalesce(sum(${logs.size}), 0)::text` }).from(logs);
    const [fileRow] = await this.db.select({ n: sql<number>`count(*)::int`, bytes: sql<string>`coalesce(sum(${logFiles.size}), 0)::text` }).from(logFiles);
    const [blobRow] = await this.db
      .select({
        n: sql<number>`count(*)::int`,
        bytes: sql<string>`coalesce(sum(${blobs.size}), 0)::text`,
        stored: sql<string>`coalesce(sum(pg_column_size(${blobs.data})), 0)::text`,
      })
      .from(blobs);
    return {
      logs: Number(logRow.n),
      files: Number(fileRow.n),
      blobs: Number(blobRow.n),
      logicalBytes: Number(logRow.bytes) + Number(fileRow.bytes),
      distinctBytes: Number(blobRow.bytes),
      storedBytes: Number(blobRow.stored),
    };
  }

  /**
   * The instance's secret called `name`: made at random on first use and kept, so every replica
   * and every restart uses the same one (a concurrent first use by two replicas keeps one).
   */
  async instanceSecret(name: string, bytes = 32): Promise<Uint8Array> {
    await this.db
      .insert(instanceSecrets)
      .values({ name, value: crypto.getRandomValues(new Uint8Array(bytes)) })
      .onConflictDoNothing();
    const [row] = await this.db.select({ value: instanceSecrets.value }).from(instanceSecrets).where(eq(instanceSecrets.name, name));
    return row.value;
  }
}
