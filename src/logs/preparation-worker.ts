/**
 * A worker thread of the preparation pool: takes in one body per message on its own thread
 * (parsing and filtering; for an upload also counting and compressing, for an analysis the
 * engine and the answer's JSON), and answers with the result or the error (an ApiError's code
 * and message travel; the pool makes them an ApiError again). It counts each job it finishes in
 * the pool's shared counter before answering (PoolWorker.inProgress).
 */
import { ApiError } from "../errors.ts";
import { prepareBlobSync } from "../storage/blobs.ts";
import { analyseUpload, filterUpload, prepareUpload } from "./preparation.ts";
import type { PreparationJob, PreparationReply } from "./preparation-pool.ts";

declare const self: Worker;

self.onmessage = async (event: MessageEvent<PreparationJob>) => {
  const { job, task, body, options, includeEntries = false, finished } = event.data;
  let reply: PreparationReply;
  try {
    const result =
      task === "prepare"
        ? await prepareUpload(body, options, prepareBlobSync)
        : task === "analyse"
          ? await analyseUpload(body, options, includeEntries)
          : await filterUpload(body, options);
    reply = { job, result };
  } catch (error) {
    reply =
      error instanceof ApiError
        ? { job, error: { code: error.code, message: error.message, headers: error.headers } }
        : { job, error: { message: error instanceof Error ? error.message : String(error) } };
  }
  if (finished) Atomics.add(new Int32Array(finished), 0, 1);
  self.postMessage(reply);
};
