/**
 * A worker thread of the preparation pool: prepares one upload per message, compressing on its
 * own thread, and answers with the result or the error (an ApiError's code and message travel;
 * the pool makes them an ApiError again).
 */
import { ApiError } from "../errors.ts";
import { prepareBlobSync } from "../storage/blobs.ts";
import { prepareUpload } from "./preparation.ts";
import type { PreparationJob, PreparationReply } from "./preparation-pool.ts";

declare const self: Worker;

self.onmessage = async (event: MessageEvent<PreparationJob>) => {
  const { job, input, options, mainCut } = event.data;
  let reply: PreparationReply;
  try {
    reply = { job, prepared: await prepareUpload(input, options, prepareBlobSync, mainCut) };
  } catch (error) {
    reply =
      error instanceof ApiError
        ? { job, error: { code: error.code, message: error.message, headers: error.headers } }
        : { job, error: { message: error instanceof Error ? error.message : String(error) } };
  }
  self.postMessage(reply);
};
