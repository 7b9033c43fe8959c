/** The admin routes' schemas: validation, types and the OpenAPI document at once. */
import { t } from "elysia";
import { Type } from "@sinclair/typebox";

export const MAX_LIST_LIMIT = 500;
export const DEFAULT_LIST_LIMIT = 50;

export const AdminLogsQuery = t.Object({
  source: t.Optional(t.String({ maxLength: 64, description: "Only logs whose `source` is exactly this." })),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: MAX_LIST_LIMIT, multipleOf: 1, description: `Logs per page, 1 to ${MAX_LIST_LIMIT} (default ${DEFAULT_LIST_LIMIT}).` })),
  cursor: t.Optional(t.String({ maxLength: 200, description: "`nextCursor` of the previous page: the page after it." })),
});

export const AdminLogEntry = t.Object(
  {
    id: t.String(),
    url: t.String({ description: "The log's page." }),
    source: t.Nullable(t.String()),
    created: Type.Integer({ description: "Unix time of the upload." }),
    lastViewed: Type.Integer({ description: "Unix time of the last view written to the database (views are written in batches)." }),
    expires: Type.Integer({ description: "When the log expires unless viewed again (from `lastViewed`)." }),
    size: Type.Integer({ description: "Bytes of the main log's text." }),
    files: Type.Integer({ description: "Attached files." }),
    filesSize: Type.Integer({ description: "Bytes of the attached files' text." }),
    uploaderHash: t.Nullable(
      t.String({ description: "Keyed hash (HMAC-SHA-256, a secret of the instance) of the uploader's address group: equal for uploads from one client; never the address. Null for uploads from before it was kept." }),
    ),
  },
  { $id: "AdminLogEntry" },
);

export const AdminLogsResponse = t.Object(
  {
    success: t.Literal(true),
    logs: t.Array(AdminLogEntry, { description: "Newest first." }),
    nextCursor: t.Nullable(t.String({ description: "Pass as `cursor` for the next page; null on the last page." })),
  },
  { $id: "AdminLogs", description: "A page of the newest logs." },
);

export const AdminStatsResponse = t.Object(
  {
    success: t.Literal(true),
    version: t.String({ description: "The server's version." }),
    logs: Type.Integer({ description: "Logs stored." }),
    files: Type.Integer({ description: "Attached files stored." }),
    blobs: Type.Integer({ description: "Distinct contents stored (logs and files with the same text share one)." }),
    bytes: t.Object({
      logical: Type.Integer({ description: "Bytes of text of every log and file, as if each were stored on its own." }),
      distinct: Type.Integer({ description: "Bytes of text of the distinct contents." }),
      stored: Type.Integer({ description: "Bytes the distinct contents take in the database (brotli)." }),
    }),
    dedupeRatio: t.Number({ description: "logical / distinct: how many times deduplication shrinks the text (1 when nothing is shared or nothing is stored)." }),
    compressionRatio: t.Number({ description: "distinct / stored: how many times compression shrinks it (1 when nothing is stored)." }),
  },
  { $id: "AdminStats", description: "What the store holds." },
);
