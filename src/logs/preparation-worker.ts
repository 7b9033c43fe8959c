/**
 * A worker thread of the preparation pool: takes in one body per message on its own thread
 * (parsing and filtering; for an upload also counting and compressing, for an analysis the
 * engine and the answer's JSON), or analyses a stored text (its findings packed to cross
 * threads), and answers with the result or the error (an ApiError's code and message travel;
 * the pool makes them an ApiError again). It counts each job it finishes in the pool's shared
 * counter before answering (PoolWorker.inProgress).
 */
import { ApiError } from "../errors.ts";
import { prepareBlobSync } from "../storage/blobs.ts";
import { analyseLog, packInsights } from "../analysis/index.ts";
import { analyseUpload, filterUpload, prepareUpload } from "./preparation.ts";
import type { PoolMessage, PreparationJob, PreparationReply, PreparationResult, WorkerSetup } from "./preparation-pool.ts";

declare const self: Worker;

function run(job: PreparationJob, { options }: WorkerSetup): Promise<PreparationResult> | PreparationResult {
  switch (job.task) {
    case "prepare":
      return prepareUpload(job.body, options, prepareBlobSync);
    case "analyse":
      return analyseUpload(job.body, options, job.includeEntries);
    case "filter":
      return filterUpload(job.body, options);
    case "insights":
      return packInsights(analyseLog(job.text));
  }
}

/** The pool's first message (messages arrive in order, so before any job). */
let setup: WorkerSetup | null = null;

self.onmessage = async (event: MessageEvent<PoolMessage>) => {
  if ("setup" in event.data) {
    setup = event.data.setup;
    return;
  }
  const { job } = event.data;
  let reply: PreparationReply;
  try {
    if (!setup) throw new Error("a preparation worker was sent a job before its setup");
    const result = await run(event.data, setup);
    reply = { job, result };
  } catch (error) {
    reply =
      error instanceof ApiError
        ? { job, error: { code: error.code, message: error.message, headers: error.headers } }
        : { job, error: { message: error instanceof Error ? error.message : String(error) } };
  }
  if (setup) Atomics.add(new Int32Array(setup.finished), 0, 1);
  self.postMessage(reply);
};
