/**
 * Turns a decoded upload body into an UploadInput, whichever of the four forms it came in
 * (docs/API.md, Request bodies): text/plain, JSON, form-urlencoded (older clients) or multipart.
 * The same reader serves `POST /log` and `POST /analyse`, so both accept exactly the same bodies.
 */
import { t } from "elysia";
import { Value } from "@sinclair/typebox/value";
import { ApiError } from "../errors.ts";
import { readEncodedBody, type BodyLimits, type EncodedBody } from "../edge/body.ts";
import type { MetadataEntry } from "../storage/schema.ts";
import type { SentFile } from "../files/attachments.ts";
import { decodeText, parseBodyForm } from "./body-forms.ts";
import { parseCheckedJson } from "./json-shape.ts";
import { uploadMetadata, uploadSource } from "./metadata.ts";
import { UploadJson } from "./model.ts";
import { decodePhpForm, isPlainObject, type FormEntry, type PhpFormMap } from "./php-form.ts";

export interface UploadInput {
  /** The main log text; empty when only files were sent. */
  content: string;
  source: string | null;
  metadata: MetadataEntry[];
  /** Attached files as sent (archives not yet expanded). */
  files: SentFile[];
}

/**
 * A request body as read on the request thread: the bytes as sent, still compressed when the
 * client compressed them. A worker decodes and parses it (preparation.ts).
 */
export interface UploadBody extends EncodedBody {
  contentType: string | null;
}

/** Reads an upload-shaped request body within its limits (src/edge/body.ts); nothing is decoded or parsed yet. */
export async function readUploadBody(request: Request, limits: BodyLimits): Promise<UploadBody> {
  const body = await readEncodedBody(request, limits);
  // A body sent as is stays as big as it arrived: charged here. A compressed one is charged as a worker decodes it.
  if (body.encodings.length === 0) limits.budget?.leaseOf(request)?.reserve(body.bytes.byteLength);
  return { ...body, contentType: request.headers.get("content-type") };
}

/**
 * Parses an upload body by its type (on a worker: see preparation.ts). `maxFormFields`
 * (MAX_FORM_FIELDS) bounds the fields and parts of a form, counted on the bytes before parsing,
 * so a small gzip body of millions of fields is refused at the cost of a scan.
 */
export async function parseUploadInput(bytes: Uint8Array, contentType: string | null, maxFormFields: number): Promise<UploadInput> {
  const maxJsonValues = jsonValuesFor(maxFormFields);
  const body = await parseBodyForm(bytes, contentType, ["text", "json", "form"], "text", maxFormFields, maxJsonValues);
  switch (body.type) {
    case "text":
      return { content: body.text, source: null, metadata: [], files: [] };
    case "json":
      return fromJson(body.value);
    case "form":
      return fromFields(decodePhpForm(body.entries), await filePartsOf(body.entries), maxJsonValues);
  }
}

/** The JSON body's schema without `source` and `metadata`: those are taken leniently (metadata.ts). */
const UploadJsonStrict = t.Omit(UploadJson, ["source", "metadata"]);

function fromJson(body: unknown): UploadInput {
  if (!isPlainObject(body)) {
    throw new ApiError("invalid_body", "The JSON body must be an object with a 'content' string.");
  }
  if (!("content" in body) && !("files" in body)) {
    throw new ApiError("missing_content", "The JSON body has neither 'content' nor 'files'.");
  }
  const firstError = Value.Errors(UploadJsonStrict, body).First();
  if (firstError) {
    const field = firstError.path.replace(/^\//, "").replaceAll("/", ".") || "body";
    throw new ApiError("invalid_body", `Invalid field '${field}': ${firstError.message}.`);
  }
  if (body.source !== undefined && body.source !== null && typeof body.source !== "string") {
    throw new ApiError("invalid_body", "Invalid field 'source': expected a string.");
  }
  const valid = body as UploadJson;
  return {
    content: valid.content ?? "",
    source: uploadSource(valid.source),
    metadata: uploadMetadata(body.metadata),
    files: (valid.files ?? []).map((file) => ({ name: file.name, bytes: fileBytes(file.content, file.encoding) })),
  };
}

function fileBytes(content: string, encoding: string | undefined): Uint8Array {
  if (encoding !== "base64") return new TextEncoder().encode(content);
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(content)) {
    throw new ApiError("invalid_body", "A file marked 'base64' does not hold valid base64.");
  }
  return new Uint8Array(Buffer.from(content, "base64"));
}

/** Every file part except `content` is an attached file, named by its filename. */
async function filePartsOf(entries: FormEntry[]): Promise<SentFile[]> {
  const files: SentFile[] = [];
  for (const [field, value] of entries) {
    if (field === "content" || typeof value === "string") continue;
    // A form's file input left empty still sends a part: no file name, no bytes. It is no file.
    if (!value.name && value.size === 0) continue; // (Bun reads an empty filename as null)
    files.push({ name: value.name || field, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return files;
}

/** Form fields as PHP reads them: a repeated name keeps its last value. */
async function fromFields(fields: PhpFormMap, files: SentFile[], maxJsonValues: number): Promise<UploadInput> {
  const content = await fieldText(fields.get("content"));
  if (content === null && files.length === 0) throw new ApiError("missing_content", "The form has no 'content' field and no files.");
  const metadata = fields.get("metadata");
  return {
    content: content ?? "",
    source: uploadSource(await fieldText(fields.get("source"))),
    // PHP-style fields (metadata[0][key]=...) arrive as a map; a plain field holds a JSON array.
    metadata: uploadMetadata(metadata instanceof Map ? metadata : parseMetadataJson(await fieldText(metadata), maxJsonValues)),
    files,
  };
}

/** A form field may be plain text or a file part; both give text. */
async function fieldText(value: unknown): Promise<string | null> {
  if (typeof value === "string") return value;
  if (value instanceof Blob) return decodeText(new Uint8Array(await value.arrayBuffer()));
  return null;
}

/**
 * The values a JSON body (or a form's JSON `metadata` field) may hold for a form's `maxFormFields`
 * fields: a metadata entry is two form fields and about three JSON values (its object, a comma
 * between its members, one after it), and clients that send thousands of entries (kept: the
 * first 100) are served as before.
 */
function jsonValuesFor(maxFormFields: number): number {
  return 4 * maxFormFields;
}

function parseMetadataJson(text: string | null, maxValues: number): unknown {
  if (!text) return undefined;
  const invalid = () => new ApiError("invalid_body", "Invalid field 'metadata': send a JSON array, or fields metadata[0][key], metadata[0][value]...");
  return parseCheckedJson(text, maxValues, invalid, "The 'metadata' field");
}
