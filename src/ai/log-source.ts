/**
 * Where the AI routes get their logs from: stored logs through the logs service, posted bodies
 * through the same decoder and filters as an upload. The content hash keys the answer cache, so a
 * stored log and the same text posted again share one cached answer.
 */
import { ApiError } from "../errors.ts";
import type { BodyLimits } from "../edge/body.ts";
import { MAIN_LOG_NAME } from "../logs/main-log.ts";
import type { LogService } from "../logs/service.ts";
import { readUploadBody } from "../logs/upload-input.ts";
import type { AiDeps } from "./routes.ts";
import type { AiLogFile } from "./types.ts";

export function aiLogSource(logs: LogService, bodyLimits: BodyLimits): Pick<AiDeps, "loadLog" | "readBody" | "logOfBody"> {
  return {
    async loadLog(id) {
      try {
        // The key comes from the stored content hashes: nothing is read or decompressed until a run starts.
        const log = await logs.open(id);
        const hash = contentKeyOfHashes(log.texts);
        const readFiles = () => Promise.all(log.texts.map(async (text) => ({ name: text.name, content: await log.text(text) })));
        // The engine ran for the page or the insights already, or runs once here for all of them.
        return { id, hash, readFiles, readInsights: () => log.insights() };
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

const sha256 = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");

/** The key of texts in memory: the same as contentKeyOfHashes of their stored form. */
function contentKey(files: AiLogFile[]): string {
  return contentKeyOfHashes(files.map((file) => ({ name: file.name, hash: sha256(file.content) })));
}

/**
 * The main log's SHA-256 when it is alone (its blob hash), else a hash over every file's name and
 * SHA-256: a stored log and the same text posted again share one cached answer.
 */
function contentKeyOfHashes(files: readonly { name: string; hash: string }[]): string {
  if (files.length === 1) return files[0].hash;
  return sha256(files.map((file) => `${file.name}\u0000${file.hash}`).join("\u0000"));
}
