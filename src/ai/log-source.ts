/**
 * Where the AI routes get their logs from: stored logs through the logs service, posted bodies
 * through the same decoder and filters as an upload. The content hash keys the answer cache, so a
 * stored log and the same text posted again share one cached answer.
 */
import { ApiError } from "../errors.ts";
import type { BodyLimits } from "../edge/body.ts";
import { MAIN_LOG_NAME, type LogService } from "../logs/service.ts";
import { readUploadBody } from "../logs/upload-input.ts";
import type { AiDeps } from "./routes.ts";
import type { AiLogFile } from "./types.ts";

export function aiLogSource(logs: LogService, bodyLimits: BodyLimits): Pick<AiDeps, "loadLog" | "readBody" | "logOfBody"> {
  return {
    async loadLog(id) {
      try {
        const { files } = await logs.contents(id);
        const aiFiles = files.map((file) => ({ name: file.name, content: file.text }));
        return { id, hash: contentKey(aiFiles), files: aiFiles };
      } catch (error) {
        if (error instanceof ApiError && error.code === "log_not_found") return null;
        throw error;
      }
    },
    readBody: (request) => readUploadBody(request, bodyLimits),
    async logOfBody(body) {
      const { main, files, mainIsFirstFile } = await logs.filterBody(body);
      const attached = files.map((file) => ({ name: file.name, content: file.content }));
      // Files only: the first file is the main log, already in the list.
      const aiFiles = mainIsFirstFile ? attached : [{ name: MAIN_LOG_NAME, content: main.content }, ...attached];
      return { hash: contentKey(aiFiles), files: aiFiles };
    },
  };
}

/** The main log's SHA-256 when it is alone (equal to its blob hash), else a hash over every file. */
function contentKey(files: AiLogFile[]): string {
  const sha256 = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");
  if (files.length === 1) return sha256(files[0].content);
  return sha256(files.map((file) => `${file.name}\u0000${sha256(file.content)}`).join("\u0000"));
}
