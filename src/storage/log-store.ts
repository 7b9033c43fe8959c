/**
 * LogStore: every read and write of logs and blobs, in SQL terms. Nothing above this file writes SQL.
 * A log row points at a blob; a blob lives as long as some log points at it.
 */
import { and, eq, getTableColumns, inArray, lt, sql } from "drizzle-orm";
import { rowsOf, type Database, type Db } from "./database.ts";
import { blobs, logFiles, logs, type LogFileRow, type LogRow, type MetadataEntry } from "./schema.ts";
import type { PreparedBlob } from "./blobs.ts";
import { sqlState, violatedConstraint } from "./driver-errors.ts";

export interface NewLogFile {
  name: string;
  blob: PreparedBlob;
  lines: number;
  errors: number;
  truncated: boolean;
}

export interface NewLog {
  id: string;
  tokenHash: string;
  blob: PreparedBlob;
  files: NewLogFile[];
  source: string | null;
  metadata: MetadataEntry[];
  lines: number;
  errors: number;
  truncated: boolean;
  createdAt: Date;
  /** Keyed hash of the uploader's address group (uploader-hash.ts); null when unknown. */
  uploaderHash?: string | null;
}

/** An attached file as reads need it. */
export type LogFileRecord = Omit<LogFileRow, "logId">;

/** A log row without its token and uploader hashes, with its attached files: what reads need. */
export type LogRecord = Omit<LogRow, "tokenHash" | "uploaderHash"> & { files: LogFileRecord[] };

/** A log row as stored, with its attached files: what the delete checks need beyond a read. */
export type StoredLog = LogRecord & { tokenHash: string; uploaderHash: string | null };

/**
 * A log's attached files in upload order, as JSON text in the log's own row: one round trip for
 * both. Text rather than json, so that both drivers hand over the same thing (parseFiles).
 */
const filesOfLog = sql<string>`(
  select coalesce(json_agg(json_build_object(
    'name', f.name, 'position', f.position, 'blobHash', f.blob_hash, 'size', f.size,
    'lines', f.lines, 'errors', f.errors, 'truncated', f.truncated
  ) order by f.position), '[]')::text
  from ${logFiles} f where f.log_id = ${logs.id}
)`;

function parseFiles(json: string): LogFileRecord[] {
  // The size is a bigint column: json_build_object writes it as a number, as the column's mode reads it.
  return json === "[]" ? [] : (JSON.parse(json) as LogFileRecord[]);
}

/** A blob is an orphan when neither a log nor an attached file points at it. */
const isOrphan = (hash: unknown) =>
  sql`not exists (select 1 from ${logs} where ${logs.blobHash} = ${hash})
      and not exists (select 1 from ${logFiles} where ${logFiles.blobHash} = ${hash})`;

const FOREIGN_KEY_VIOLATION = "23503";
const UNIQUE_VIOLATION = "23505";

export class IdTakenError extends Error {}

export class LogStore {
  /**
   * The reads every view makes, built once and run as server-side prepared statements: built
   * per call, Drizzle's query building plus an unprepared Parse cost about 0.2-0.3 ms of CPU per
   * read against about 0.09 ms prepared (bench/results/latest.md, raw-cold). A log comes with its
   * files in one round trip, and with its main blob too where the reader will send it (raw
   * reads): three round trips per cold raw read were one.
   */
  private readonly logById;
  private readonly logWithBlobById;
  private readonly blobByHash;
  /** The background recompression's write, once per new blob (src/logs/recompression.ts). */
  private readonly replaceBlob;

  private readonly db: Db;
  private readonly executePrepared: Database["executePrepared"];

  constructor({ db, executePrepared }: Pick<Database, "db" | "executePrepared">) {
    this.db = db;
    this.executePrepared = executePrepared;
    const logWithFiles = { ...getTableColumns(logs), files: filesOfLog };
    this.logById = db.select(logWithFiles).from(logs).where(eq(logs.id, sql.placeholder("id"))).limit(1).prepare("log_store_log_by_id");
    this.logWithBlobById = db
      .select({ ...logWithFiles, mainBlob: blobs.data })
      .from(logs)
      .leftJoin(blobs, eq(blobs.hash, logs.blobHash))
      .where(eq(logs.id, sql.placeholder("id")))
      .limit(1)
      .prepare("log_store_log_with_blob_by_id");
    this.blobByHash = db
      .select({ data: blobs.data })
      .from(blobs)
      .where(eq(blobs.hash, sql.placeholder("hash")))
      .limit(1)
      .prepare("log_store_blob_by_hash");
    this.replaceBlob = db
      .update(blobs)
      .set({ data: sql`${sql.placeholder("data")}` }) // set() types take no bare placeholder
      .where(eq(blobs.hash, sql.placeholder("hash")))
      .prepare("log_store_replace_blob");
  }

  /**
   * Stores the blobs (those not stored yet), the log row and its files as one statement: atomic
   * without a transaction, and one round trip instead of four (BEGIN, blobs, log, COMMIT). The
   * foreign keys are checked at the end of the statement, when the blobs it inserts exist.
   * Retries (three times at most) when a concurrent delete removed a blob between our conflict
   * check and our reference to it.
   */
  async insert(log: NewLog): Promise<{ blobCreated: boolean; blobsCreated: string[] }> {
    const distinct = new Map([log.blob, ...log.files.map((file) => file.blob)].map((blob) => [blob.hash, blob]));
    const blobRows = sql.join([...distinct.values()].map((blob) => sql`(${blob.hash}, ${blob.data}, ${blob.size})`), sql`, `);
    const fileRows = sql.join(
      log.files.map((file, position) => sql`(${log.id}, ${file.name}, ${position}, ${file.blob.hash}, ${file.blob.size}, ${file.lines}, ${file.errors}, ${file.truncated})`),
      sql`, `,
    );
    const statement = sql`
      with new_blobs as (
        insert into ${blobs} (hash, data, size) values ${blobRows} on conflict do nothing returning hash
      ), new_log as (
        insert into ${logs} (id, token_hash, blob_hash, source, metadata, created_at, last_viewed_at, size, lines, errors, truncated, uploader_hash)
        values (${log.id}, ${log.tokenHash}, ${log.blob.hash}, ${log.source}, ${JSON.stringify(log.metadata)}::jsonb,
                ${log.createdAt.toISOString()}::timestamptz, ${log.createdAt.toISOString()}::timestamptz,
                ${log.blob.size}, ${log.lines}, ${log.errors}, ${log.truncated}, ${log.uploaderHash ?? null})
        returning id
      )${log.files.length > 0 ? sql`, new_files as (
        insert into ${logFiles} (log_id, name, position, blob_hash, size, lines, errors, truncated) values ${fileRows} returning log_id
      )` : sql``}
      select hash from new_blobs`;
    for (let attempt = 0; ; attempt++) {
      try {
        // Prepared: its text is the same for every upload with as many attached files.
        const created = rowsOf<{ hash: string }>(await this.executePrepared(statement)).map((row) => row.hash);
        return { blobCreated: created.includes(log.blob.hash), blobsCreated: created };
      } catch (error) {
        const code = sqlState(error);
        if (code === UNIQUE_VIOLATION && violatedConstraint(error)?.startsWith("logs_pkey")) throw new IdTakenError();
        if (code === FOREIGN_KEY_VIOLATION && attempt < 3) continue;
        throw error;
      }
    }
  }

  /**
   * A log with its files; with its main blob's bytes too when asked (`mainBlob`, in the same round
   * trip; null when not asked, or when a delete removed the blob meanwhile).
   */
  async find(id: string, withMainBlob = false): Promise<(StoredLog & { mainBlob: Uint8Array | null }) | null> {
    if (!withMainBlob) {
      const [row] = await this.logById.execute({ id });
      return row ? { ...row, files: parseFiles(row.files), mainBlob: null } : null;
    }
    const [row] = await this.logWithBlobById.execute({ id });
    return row ? { ...row, files: parseFiles(row.files) } : null;
  }

  async readBlob(hash: string): Promise<Uint8Array | null> {
    const rows = await this.blobByHash.execute({ hash });
    return rows[0]?.data ?? null;
  }

  /**
   * Puts other compressed bytes of the same content in place (uploads store a quick compression;
   * src/logs/recompression.ts replaces it with a denser one later). Nothing happens when the blob
   * is gone meanwhile.
   */
  async replaceBlobData(hash: string, data: Uint8Array): Promise<void> {
    await this.replaceBlob.execute({ data, hash });
  }

  /** Deletes a log with its attached files, and every blob nothing points at any more. */
  async delete(id: string): Promise<{ deleted: boolean; blobsRemoved: string[] }> {
    const candidates = await this.db.transaction(async (tx) => {
      const files = await tx.select({ blobHash: logFiles.blobHash }).from(logFiles).where(eq(logFiles.logId, id));
      const removed = await tx.delete(logs).where(eq(logs.id, id)).returning({ blobHash: logs.blobHash });
      if (removed.length === 0) return null;
      return [...new Set([removed[0].blobHash, ...files.map((file) => file.blobHash)])];
    });
    if (candidates === null) return { deleted: false, blobsRemoved: [] };
    return { deleted: true, blobsRemoved: await this.removeOrphans(candidates) };
  }

  /**
   * Deletes the blobs (of `candidates`, or all) that no log or file points at. Runs after the log
   * is gone, outside its transaction: an upload of the same content may reference a blob again
   * between our check and our delete, and the restrict key then refuses the delete. That blob
   * is in use and stays; the others still go (one by one when a batch was refused).
   */
  private async removeOrphans(candidates?: string[]): Promise<string[]> {
    const remove = async (hashes?: string[]) => {
      const rows = await this.db
        .delete(blobs)
        .where(hashes ? and(inArray(blobs.hash, hashes), isOrphan(blobs.hash)) : isOrphan(blobs.hash))
        .returning({ hash: blobs.hash });
      return rows.map((row) => row.hash);
    };
    try {
      return await remove(candidates);
    } catch (error) {
      if (sqlState(error) !== FOREIGN_KEY_VIOLATION) throw error;
    }
    const hashes =
      candidates ??
      (await this.db.select({ hash: blobs.hash }).from(blobs).where(isOrphan(blobs.hash))).map((row) => row.hash);
    const removed: string[] = [];
    for (const hash of hashes) {
      try {
        removed.push(...(await remove([hash])));
      } catch (error) {
        if (sqlState(error) !== FOREIGN_KEY_VIOLATION) throw error;
      }
    }
    return removed;
  }

  /** Writes coalesced view times; only ever moves last_viewed_at forward. */
  async recordViews(views: ReadonlyMap<string, Date>): Promise<void> {
    if (views.size === 0) return;
    const byTime = new Map<number, string[]>();
    for (const [id, at] of views) {
      // Group by second: one UPDATE per distinct time keeps the statement simple and portable.
      const second = Math.floor(at.getTime() / 1000) * 1000;
      byTime.set(second, [...(byTime.get(second) ?? []), id]);
    }
    for (const [time, ids] of byTime) {
      const at = new Date(time);
      await this.db
        .update(logs)
        .set({ lastViewedAt: at })
        .where(and(inArray(logs.id, ids), lt(logs.lastViewedAt, at)));
    }
  }

  /** Removes logs not viewed since `cutoff`, then blobs no log points at. Returns what went. */
  async removeExpired(cutoff: Date, batch = 1000): Promise<{ logIds: string[]; blobHashes: string[] }> {
    const logIds: string[] = [];
    for (;;) {
      const expired = await this.db
        .select({ id: logs.id })
        .from(logs)
        .where(lt(logs.lastViewedAt, cutoff))
        .limit(batch);
      if (expired.length === 0) break;
      const removed = await this.db
        .delete(logs)
        .where(and(inArray(logs.id, expired.map((row) => row.id)), lt(logs.lastViewedAt, cutoff)))
        .returning({ id: logs.id });
      logIds.push(...removed.map((row) => row.id));
      if (expired.length < batch) break;
    }
    return { logIds, blobHashes: await this.removeOrphans() };
  }

  async countBlobs(): Promise<number> {
    const rows = await this.db.select({ n: sql<number>`count(*)::int` }).from(blobs);
    return Number(rows[0].n);
  }

  async countLogs(): Promise<number> {
    const rows = await this.db.select({ n: sql<number>`count(*)::int` }).from(logs);
    return Number(rows[0].n);
  }
}
