/**
 * The logs feature's schemas (TypeBox via Elysia's `t`): they validate input, type the code and
 * describe the routes in the OpenAPI document, all from one definition.
 */
import { t, type Static } from "elysia";
import { Type } from "@sinclair/typebox";
import { ErrorBodySchema } from "../errors.ts";

/** One entry of a parsed log, as `?parsed` and the insights give it (the engine's LogEntry). */
export const LogLineSchema = t.Object({ number: Type.Integer(), content: t.String() });

export const LogEntrySchema = t.Object(
  {
    level: Type.Integer({ description: "0 emergency ... 3 error, 4 warning, 6 info, 7 debug, 8 title, 9 comment, 10 stack trace" }),
    time: t.Union([Type.Integer(), t.Null()], { description: "Unix seconds, when the log carries a date." }),
    prefix: t.Union([t.String(), t.Null()]),
    lines: t.Array(LogLineSchema),
  },
  { $id: "LogEntry" },
);

/** Upload metadata and source limits (mclo.gs's): longer text is cut, extra entries dropped (metadata.ts). */
export const MAX_METADATA_ENTRIES = 100;
export const MAX_METADATA_TEXT = 1024;
export const MAX_METADATA_KEY = 64;
export const MAX_METADATA_LABEL = 128;
export const MAX_SOURCE_LENGTH = 64;
/** Ids one bulk delete may name. */
export const MAX_BULK_DELETE = 256;

export const MetadataEntry = t.Object(
  {
    // uploads cut keys to MAX_METADATA_KEY (64); logs stored before that rule may hold up to 128
    key: t.String({ minLength: 1, maxLength: 128, description: "Cut to 64 characters on upload." }),
    value: t.Union([t.String({ maxLength: MAX_METADATA_TEXT }), t.Number(), t.Boolean(), t.Null()]),
    label: t.Optional(t.String({ maxLength: MAX_METADATA_LABEL })),
    visible: t.Optional(t.Boolean()),
  },
  { $id: "MetadataEntry", additionalProperties: false, description: "A key/value pair the uploader attaches (server name, panel version...)." },
);

export const MAX_JSON_FILES = 1000;

export const UploadJsonFile = t.Object(
  {
    name: t.String({ minLength: 1, description: "Relative path with '/', e.g. 'crash-reports/crash-2024-01-01.txt'. Archives (.zip, .tar.gz, .tgz, .tar, .gz) are expanded." }),
    content: t.String({ description: "The file's text, or its bytes in base64 when encoding is 'base64'." }),
    encoding: t.Optional(t.Union([t.Literal("base64"), t.Literal("utf8"), t.Literal("utf-8")])),
  },
  { additionalProperties: false },
);

export const UploadJson = t.Object(
  {
    content: t.Optional(t.String({ description: "The log text. May be left out when files are sent: the first file is then the main log." })),
    files: t.Optional(t.Array(UploadJsonFile, { maxItems: MAX_JSON_FILES })),
    source: t.Optional(
      t.Union([t.String({ maxLength: MAX_SOURCE_LENGTH }), t.Null()], { description: "`<client_name>/<version>` of the uploading tool." }),
    ),
    metadata: t.Optional(t.Array(MetadataEntry, { maxItems: MAX_METADATA_ENTRIES })),
  },
  { $id: "UploadJson", description: "JSON upload body." },
);
export type UploadJson = Static<typeof UploadJson>;

export const UploadForm = t.Object({
  content: t.String({ description: "The log text." }),
  source: t.Optional(t.String({ maxLength: MAX_SOURCE_LENGTH })),
  metadata: t.Optional(t.String({ description: "JSON array of metadata entries." })),
});

export const UploadMultipart = t.Object({
  content: t.Optional(t.String({ description: "The log text (a field or a file part)." })),
  source: t.Optional(t.String({ maxLength: MAX_SOURCE_LENGTH })),
  metadata: t.Optional(t.String({ description: "JSON array of metadata entries." })),
  files: t.Optional(t.Array(t.File(), { description: "Attached files; any file part other than 'content' is one. Archives are expanded." })),
});

// Response integers are plain TypeBox ones: Elysia's t.Integer also accepts numeric strings (for
// query parameters) and the OpenAPI document would say so.
const FileSummary = t.Object({
  name: t.String(),
  size: Type.Integer(),
  lines: Type.Integer(),
  raw: t.String({ format: "uri" }),
});

const logFields = {
  success: t.Literal(true),
  id: t.String({ examples: ["aB3dE9xZ"] }),
  url: t.String({ description: "Where a person opens the log." }),
  raw: t.String({ description: "The plain text of the log." }),
  source: t.Union([t.String(), t.Null()]),
  created: Type.Integer({ description: "Unix seconds." }),
  expires: Type.Integer({ description: "Unix seconds: storageTime after the last view." }),
  size: Type.Integer({ description: "Bytes of stored content." }),
  lines: Type.Integer(),
  errors: Type.Integer({ description: "Error-level entries found by the analysis parser." }),
  truncated: t.Boolean({ description: "True when the limits cut the content." }),
  metadata: t.Array(MetadataEntry),
  files: t.Array(FileSummary),
};

const SkippedFile = t.Object({ name: t.String(), reason: t.String() });

export const UploadResponse = t.Object(
  {
    ...logFields,
    token: t.String({ description: "Delete token: 64 hex characters, shown only once." }),
    skipped: t.Optional(t.Array(SkippedFile, { description: "Files left out (binary data inside archives)." })),
  },
  { $id: "UploadResponse", description: "The stored log, with its delete token." },
);
export type UploadResponse = Static<typeof UploadResponse>;

export const LogInfoResponse = t.Object(
  {
    ...logFields,
    content: t.Optional(
      t.Object({
        raw: t.Optional(t.String()),
        parsed: t.Optional(t.Array(LogEntrySchema)),
        insights: t.Optional(t.Any({ description: "What GET /v1/insights/{id} answers." })),
      }),
    ),
  },
  { $id: "LogInfo", description: "The log's record (never its token)." },
);
export type LogInfoResponse = Static<typeof LogInfoResponse>;

export const LogIdParams = t.Object({ id: t.String({ description: "Log id." }) });

export const BulkDeleteBody = t.Array(
  t.Object({ id: t.String(), token: t.String() }),
  { minItems: 1, maxItems: MAX_BULK_DELETE, description: "Logs to delete with their tokens." },
);

export const BulkDeleteResponse = t.Object(
  {
    success: t.Boolean(),
    results: t.Array(
      t.Object({
        id: t.String(),
        success: t.Boolean(),
        status: Type.Integer({ description: "The status a DELETE of this log alone would have answered." }),
        error: t.Optional(t.String()),
        code: t.Optional(ErrorBodySchema.properties.code),
      }),
    ),
  },
  { $id: "BulkDeleteResponse", description: "A result per log." },
);

export const SuccessResponse = t.Object({ success: t.Literal(true) }, { description: "Done." });

