/**
 * Turns a decoded upload body into an UploadInput, whichever of the four forms API.md allows it
 * came in: text/plain, JSON, form-urlencoded (older clients) or multipart. The same reader serves
 * `POST /log` and `POST /analyse`, so both accept exactly the same bodies.
 */
import { Value } from "@sinclair/typebox/value";
import { ApiError } from "../errors.ts";
import { readRequestBody, type BodyLimits } from "../edge/body.ts";
import type { MetadataEntry } from "../storage/schema.ts";
import type { SentFile } from "../files/attachments.ts";
import { MAX_METADATA_ENTRIES, MAX_SOURCE_LENGTH, MetadataEntry as MetadataSchema, UploadJson } from "./model.ts";

export interface UploadInput {
  /** The main log text; empty when only files were sent. */
  content: string;
  source: string | null;
  metadata: MetadataEntry[];
  /** Attached files as sent (archives not yet expanded). */
  files: SentFile[];
}

/** Lenient UTF-8: invalid bytes become U+FFFD instead of failing the upload. */
const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

export function decodeText(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/** Reads an upload-shaped request: the body within its limits, decoded, then parsed by its type. */
export async function readUploadInput(request: Request, limits: BodyLimits): Promise<UploadInput> {
  const bytes = await readRequestBody(request, limits);
  return parseUploadInput(bytes, request.headers.get("content-type"));
}

export async function parseUploadInput(bytes: Uint8Array, contentType: string | null): Promise<UploadInput> {
  const mediaType = (contentType ?? "text/plain").split(";")[0].trim().toLowerCase();
  switch (mediaType) {
    case "text/plain":
    case "":
      return { content: decodeText(bytes), source: null, metadata: [], files: [] };
    case "application/json":
      return fromJson(bytes);
    case "application/x-www-form-urlencoded":
      return fromFields(new URLSearchParams(decodeText(bytes)), []);
    case "multipart/form-data": {
      const form = await readMultipart(bytes, contentType!);
      return fromFields(form, await filePartsOf(form));
    }
    default:
      throw new ApiError(
        "unsupported_media_type",
        `Content-Type '${mediaType.slice(0, 80)}' is not accepted; send text/plain, application/json, application/x-www-form-urlencoded or multipart/form-data.`,
      );
  }
}

function fromJson(bytes: Uint8Array): UploadInput {
  let body: unknown;
  try {
    body = JSON.parse(decodeText(bytes));
  } catch {
    throw new ApiError("invalid_json", "The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("invalid_body", "The JSON body must be an object with a 'content' string.");
  }
  if (!("content" in body) && !("files" in body)) {
    throw new ApiError("missing_content", "The JSON body has neither 'content' nor 'files'.");
  }
  const firstError = Value.Errors(UploadJson, body).First();
  if (firstError) {
    const field = firstError.path.replace(/^\//, "").replaceAll("/", ".") || "body";
    throw new ApiError("invalid_body", `Invalid field '${field}': ${firstError.message}.`);
  }
  const valid = body as UploadJson;
  return {
    content: valid.content ?? "",
    source: valid.source ?? null,
    metadata: valid.metadata ?? [],
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
async function filePartsOf(form: FormData): Promise<SentFile[]> {
  const files: SentFile[] = [];
  for (const [field, value] of form.entries()) {
    if (field === "content" || typeof value === "string") continue;
    const part = value as File;
    files.push({ name: part.name || field, bytes: new Uint8Array(await part.arrayBuffer()) });
  }
  return files;
}

interface FieldSource {
  get(name: string): unknown;
}

async function fromFields(fields: FieldSource, files: SentFile[]): Promise<UploadInput> {
  const content = await fieldText(fields.get("content"));
  if (content === null && files.length === 0) throw new ApiError("missing_content", "The form has no 'content' field and no files.");
  const source = await fieldText(fields.get("source"));
  if (source !== null && source.length > MAX_SOURCE_LENGTH) {
    throw new ApiError("invalid_body", `Invalid field 'source': longer than ${MAX_SOURCE_LENGTH} characters.`);
  }
  const metadataText = await fieldText(fields.get("metadata"));
  return { content: content ?? "", source: source || null, metadata: metadataText ? parseMetadataField(metadataText) : [], files };
}

/** A form field may be plain text or a file part; both give text. */
async function fieldText(value: unknown): Promise<string | null> {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (value instanceof Blob) return decodeText(new Uint8Array(await value.arrayBuffer()));
  return null;
}

function parseMetadataField(text: string): MetadataEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_body", "Invalid field 'metadata': it must be a JSON array.");
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_METADATA_ENTRIES || !parsed.every((item) => Value.Check(MetadataSchema, item))) {
    throw new ApiError("invalid_body", "Invalid field 'metadata': expected an array of {key, value, label?, visible?}.");
  }
  return parsed as MetadataEntry[];
}

async function readMultipart(bytes: Uint8Array, contentType: string): Promise<FormData> {
  if (!/boundary=/i.test(contentType)) {
    throw new ApiError("invalid_body", "The multipart body has no boundary in its Content-Type.");
  }
  try {
    return await new Response(bytes as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiError("invalid_body", "The multipart body is malformed.");
  }
}
