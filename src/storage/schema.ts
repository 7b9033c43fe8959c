/**
 * The database schema (Drizzle). Migrations in drizzle/ are generated from this file
 * with `bun run db:generate`; never edit the database by hand.
 *
 * Content-addressed storage: `blobs` holds each distinct (filtered) content once, brotli-compressed,
 * keyed by its SHA-256. Every upload is its own row in `logs`, pointing at a blob.
 */
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Postgres bytea as a Uint8Array, whichever driver returns it (postgres.js gives a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer)),
});

export interface MetadataEntry {
  key: string;
  value: string | number | boolean | null;
  label?: string;
  visible?: boolean;
}

export const blobs = pgTable("blobs", {
  /** Lower-case hex SHA-256 of the uncompressed content. */
  hash: text("hash").primaryKey(),
  /** The content, brotli-compressed once at upload; served as-is to clients that accept br. */
  data: bytea("data").notNull(),
  /** Uncompressed size in bytes. */
  size: bigint("size", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const logs = pgTable(
  "logs",
  {
    id: text("id").primaryKey(),
    /** SHA-256 (hex) of the delete token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    blobHash: text("blob_hash")
      .notNull()
      .references(() => blobs.hash, { onDelete: "restrict" }),
    source: text("source"),
    metadata: jsonb("metadata").$type<MetadataEntry[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }).notNull().defaultNow(),
    size: bigint("size", { mode: "number" }).notNull(),
    lines: integer("lines").notNull(),
    errors: integer("errors").notNull(),
    truncated: boolean("truncated").notNull().default(false),
    /**
     * Keyed hash (HMAC-SHA-256 with the instance secret `uploader-hash`) of the uploader's
     * address group: moderators see which logs came from one client, never its address.
     * Null for uploads from before it was kept, or without a known client.
     */
    uploaderHash: text("uploader_hash"),
  },
  (table) => [
    index("logs_blob_hash_idx").on(table.blobHash),
    index("logs_last_viewed_at_idx").on(table.lastViewedAt),
    // The moderation list pages newest first.
    index("logs_created_at_id_idx").on(table.createdAt, table.id),
  ],
);

/**
 * Secrets an instance makes for itself on first use and keeps (shared by every replica on the
 * database): never configured, never shown. The key of `logs.uploader_hash` lives here.
 */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text("name").primaryKey(),
  value: bytea("value").notNull(),
});

/** Files attached to a log (crash reports, configs, expanded archives), each a blob of its own. */
export const logFiles = pgTable(
  "log_files",
  {
    logId: text("log_id")
      .notNull()
      .references(() => logs.id, { onDelete: "cascade" }),
    /** Relative path with `/`, unique within the log. */
    name: text("name").notNull(),
    /** Order of upload, for listing. */
    position: integer("position").notNull(),
    blobHash: text("blob_hash")
      .notNull()
      .references(() => blobs.hash, { onDelete: "restrict" }),
    size: bigint("size", { mode: "number" }).notNull(),
    lines: integer("lines").notNull(),
    errors: integer("errors").notNull(),
    truncated: boolean("truncated").notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.logId, table.name] }), index("log_files_blob_hash_idx").on(table.blobHash)],
);

export type BlobRow = typeof blobs.$inferSelect;
export type LogFileRow = typeof logFiles.$inferSelect;
export type LogRow = typeof logs.$inferSelect;
