/**
 * The body of POST /bulk/log/delete: the logs to delete with their tokens, as JSON
 * (`[{"id", "token"}, ...]`) or as PHP-style form fields (`0[id]=...&0[token]=...`), read with
 * the same body reader as uploads (limits, Content-Encoding).
 */
import { ApiError } from "../errors.ts";
import { readRequestBody, type BodyLimits } from "../edge/body.ts";
import { parseBodyForm } from "./body-forms.ts";
import { MAX_BULK_DELETE } from "./model.ts";
import { decodePhpForm, fieldOf, listValues } from "./php-form.ts";

export interface BulkDeleteItem {
  id: string;
  token: string;
}

const SHAPE = "send a list of {id, token}: JSON [{\"id\": ..., \"token\": ...}] or form fields 0[id]=...&0[token]=...";

/**
 * What a bulk delete body may be, as sent and decoded: 256 items of an id and a 64-character
 * token fit in a tenth of it. A bulk delete is read and parsed on the request thread (it is never
 * big), so neither a compressed body nor a plain one may make it big.
 */
export const MAX_BULK_DELETE_DECODED_BYTES = 256 * 1024;

export async function readBulkDeleteInput(request: Request, limits: BodyLimits): Promise<BulkDeleteItem[]> {
  const maxBodyBytes = Math.min(limits.maxBodyBytes, MAX_BULK_DELETE_DECODED_BYTES);
  const maxDecodedBytes = Math.min(limits.maxDecodedBytes, MAX_BULK_DELETE_DECODED_BYTES);
  const bytes = await readRequestBody(request, { ...limits, maxBodyBytes, maxDecodedBytes });
  // Two fields an item and a few spare: a bigger form cannot be a valid list. A JSON list is
  // bounded by the body's 256 KiB (a few MB parsed at most), and one too long is answered by its
  // count of items below (400), as docs/API.md says.
  const body = await parseBodyForm(bytes, request.headers.get("content-type"), ["json", "form"], "json", 2 * MAX_BULK_DELETE + 8, MAX_BULK_DELETE_DECODED_BYTES);
  const items = bulkItems(body.type === "form" ? decodePhpForm(body.entries) : body.type === "json" ? body.value : null);
  if (items.length === 0) throw new ApiError("invalid_body", `Nothing to delete: ${SHAPE}.`);
  if (items.length > MAX_BULK_DELETE) {
    throw new ApiError("invalid_body", `At most ${MAX_BULK_DELETE} logs can be deleted at once (got ${items.length}).`);
  }
  return items.map((item, index) => {
    const id = fieldOf(item, "id");
    const token = fieldOf(item, "token");
    if (typeof id !== "string" || typeof token !== "string") {
      throw new ApiError("invalid_body", `Item ${index} has no 'id' and 'token' strings; ${SHAPE}.`);
    }
    return { id, token };
  });
}

/**
 * The list of items: the body itself (`[...]`, `0[id]=...`), one item on its own (`id=...&token=...`),
 * or the one list under a single top-level name (`logs[0][id]=...`, `{"ids": [...]}`).
 */
function bulkItems(body: unknown): unknown[] {
  if (fieldOf(body, "id") !== undefined) return [body];
  const values = listValues(body);
  if (!values) throw new ApiError("invalid_body", `The body is not a list; ${SHAPE}.`);
  if (values.length === 1 && fieldOf(values[0], "id") === undefined && listValues(values[0])) return listValues(values[0])!;
  return values;
}
