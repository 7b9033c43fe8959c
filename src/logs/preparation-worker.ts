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

/**
 * A job that took in this much (a body as decoded, with its archives' files; a stored text
 * analysed) is followed by a full collection of this worker's heap. Its garbage is several times
 * that size (chunks, their joined copy, the text, the filtered text), and this heap is nobody
 * else's: the request thread's collections (heap-settling.ts) never reach it. 32 stacked gzip
 * bombs of 60 MiB, taken in one at a time, peaked at +263 to +412 MiB of RSS without it and at
 * +262 to +264 with it (test/reliability/body-bombs.test.ts). It is waited for: started only
 * (`Bun.gc(false)`) it left +347 to +361. The price, on 12.7 MB uploads one after another: a
 * median of 423-445 ms each against 333-421 without (the next body waits for the collection),
 * the process tree's peak over ten of them 417-473 MiB against 469-507.
 * Smaller bodies leave it to the collector, as before: a collection would cost every 200 KB
 * upload a few milliseconds.
 */
const COLLECT_AFTER_BYTES = 8 * 1024 * 1024;
let takenIn = 0;
const tookIn = (bytes: number) => {
  takenIn += bytes;
};

function run(job: PreparationJob, { options }: WorkerSetup): Promise<PreparationResult> | PreparationResult {
  switch (job.task) {
    case "prepare":
      return prepareUpload(job.body, options, prepareBlobSync);
    case "analyse":
      return analyseUpload(job.body, options, job.includeEntries);
    case "filter":
      return filterUpload(job.body, options);
    case "insights":
      tookIn(job.text.length);
      return packInsights(analyseLog(job.text));
  }
}

/** The pool's first message (messages arrive in order, so before any job). */
let setup: WorkerSetup | null = null;

self.onmessage = async (event: MessageEvent<PoolMessage>) => {
  if ("setup" in event.data) {
    // Functions cannot cross threads: the count of what bodies came to is added here.
    setup = { ...event.data.setup, options: { ...event.data.setup.options, tookIn } };
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
  if (takenIn >= COLLECT_AFTER_BYTES) Bun.gc(true);
  takenIn = 0;
};
