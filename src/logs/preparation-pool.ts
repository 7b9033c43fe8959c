/**
 * The upload intake (preparation.ts: parsing a body, filters, statistics, hashing, brotli: about
 * 2.5 ms of CPU for a 200 KB log) on worker threads, so the thread that serves every request is
 * not held up by it: reads and other uploads go on while a big body is parsed and filtered. The
 * engine's analysis of a stored text runs there too (`insights`): a 9.8 MB log's first read held
 * every other request up for 111-125 ms when the request thread analysed it.
 *
 * Workers start on the first upload, each job goes to the worker with the fewest jobs in hand,
 * and a worker that dies fails only its own jobs (with a 500) and is replaced on the next upload.
 * While every worker is busy, the request thread takes light uploads and analyses itself (`isLightBody`).
 */
import { ApiError, errorStatus, type ErrorCode } from "../errors.ts";
import type { FilteredUpload, PreparationOptions, PreparedUpload } from "./preparation.ts";
import { prepareBlob } from "../storage/blobs.ts";
import { mediaTypeOf } from "./body-forms.ts";
import type { UploadBody } from "./upload-input.ts";
// Not through analysis/index.ts, which loads the engine: this thread may never need it.
import { logLines, unpackInsights, type PackedInsights } from "../analysis/packed-insights.ts";
import type { Insights } from "../analysis/model.ts";
import { engineInThread } from "./analyses.ts";

/** Where bodies are taken in: on worker threads (the pool) or in the calling thread. */
export interface UploadPreparer {
  /** For an upload: parsed, filtered, counted and compressed. */
  prepare(body: UploadBody): Promise<PreparedUpload>;
  /** For an analysis that stores nothing: parsed and filtered. */
  filter(body: UploadBody): Promise<FilteredUpload>;
  /** For POST /analyse: parsed, filtered and analysed, the answer as JSON text (preparation.ts). */
  analyse(body: UploadBody, includeEntries: boolean): Promise<string>;
  /** The engine's findings of a stored text (already filtered when it was uploaded). */
  insights(text: string): Promise<Insights>;
  close(): Promise<void>;
}

/** What a job asks for, by task. */
export type JobRequest =
  | { task: "prepare"; body: UploadBody }
  | { task: "filter"; body: UploadBody }
  /** `includeEntries`: whether the answer lists the parsed entries. */
  | { task: "analyse"; body: UploadBody; includeEntries: boolean }
  | { task: "insights"; text: string };

export type PreparationJob = JobRequest & { job: number };

/**
 * What a worker is given once, before its first job. Not with every job: a message holding a
 * SharedArrayBuffer takes Bun's slow path, which copied a 10 MB text at 70-108 ms of this
 * thread's time against 0.1 ms for the same text in a message without one.
 */
export interface WorkerSetup {
  options: PreparationOptions;
  /** One Int32 the worker adds 1 to as it finishes each job (PoolWorker.inProgress). */
  finished: SharedArrayBuffer;
}

/** What the pool sends a worker: its setup first, then jobs. */
export type PoolMessage = { setup: WorkerSetup } | PreparationJob;

/** What each task answers ("insights": packed, see analysis/packed-insights.ts). */
export type PreparationResult = PreparedUpload | FilteredUpload | string | PackedInsights;

/** An error as it crosses the thread boundary: an ApiError's code and headers travel with it. */
interface WorkerError {
  code?: ErrorCode;
  message: string;
  headers?: Record<string, string>;
}

export type PreparationReply = { job: number; result: PreparationResult } | { job: number; error: WorkerError };

/**
 * The intake's code on the request thread, loaded with the first body it prepares there: with
 * workers the request thread may never need the filters and the engine's counting.
 */
const preparation = () => import("./preparation.ts");

/** UPLOAD_WORKERS=0: every upload is prepared by the thread that received it. */
export function inThreadPreparer(options: PreparationOptions): UploadPreparer {
  return {
    prepare: async (body) => (await preparation()).prepareUpload(body, options),
    filter: async (body) => (await preparation()).filterUpload(body, options),
    analyse: async (body, includeEntries) => (await preparation()).analyseUpload(body, options, includeEntries),
    insights: engineInThread,
    close: async () => {},
  };
}

interface PendingJob {
  resolve(result: PreparationResult): void;
  reject(error: Error): void;
}

class PoolWorker {
  private readonly pending = new Map<number, PendingJob>();
  private readonly worker = new Worker(new URL("./preparation-worker.ts", import.meta.url));
  dead = false;
  /** Counted by the worker as it finishes each job, before its reply waits for this thread's loop. */
  private readonly finished = new Int32Array(new SharedArrayBuffer(4));
  private sent = 0;

  constructor(options: PreparationOptions) {
    // An idle pool must not keep the process alive (tests, one-off scripts).
    (this.worker as Worker & { unref(): void }).unref();
    this.worker.postMessage({ setup: { options, finished: this.finished.buffer } } satisfies PoolMessage);
    this.worker.onmessage = (event: MessageEvent<PreparationReply>) => this.settle(event.data);
    this.worker.onerror = (event) => this.die(new Error(`upload preparation worker failed: ${event.message}`));
    this.worker.addEventListener("close", () => this.die(new Error("upload preparation worker exited")));
  }

  /**
   * Jobs the worker has not finished yet. `pending` also holds finished jobs whose replies wait
   * for this thread: while it is busy (helping), that count stays high and says nothing.
   */
  get inProgress(): number {
    return this.sent - Atomics.load(this.finished, 0);
  }

  run(job: PreparationJob): Promise<PreparationResult> {
    return new Promise((resolve, reject) => {
      this.pending.set(job.job, { resolve, reject });
      this.sent++;
      // A body that owns its whole buffer moves to the worker; one that shares it is copied.
      const bytes = "body" in job ? job.body.bytes : null;
      const owned = bytes !== null && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      this.worker.postMessage(job satisfies PoolMessage, owned ? [bytes.buffer as ArrayBuffer] : []);
    });
  }

  terminate(reason: Error): void {
    this.die(reason);
    this.worker.terminate();
  }

  private settle(reply: PreparationReply): void {
    const pending = this.pending.get(reply.job);
    if (!pending) return;
    this.pending.delete(reply.job);
    if ("result" in reply) pending.resolve(reply.result);
    else pending.reject(errorFromReply(reply.error));
  }

  private die(reason: Error): void {
    this.dead = true;
    for (const pending of this.pending.values()) pending.reject(reason);
    this.pending.clear();
  }
}

function errorFromReply(error: WorkerError): Error {
  return error.code && error.code in errorStatus ? new ApiError(error.code, error.message, error.headers) : new Error(error.message);
}

/** The most a body prepared on the request thread may be (see `PreparationPool.lendAHand`). */
export const HELPING_MAX_BYTES = 256 * 1024;
/**
 * How the request thread helps with each kind of job (`lendAHand`):
 * - `inProgress`: jobs the least busy worker must have in progress first. An analysis keeps the
 *   request thread from its socket two or three times longer than an upload's intake, so it
 *   first hands the worker one more to go on with: POST /v1/analyse of the 200 KB log at 16
 *   connections, 269 a second with one (the request thread at 0.98 of a core, the worker at
 *   0.58), 283 with two (0.93 and 0.81);
 * - `slowMs`: a help that took longer pauses helping for HELP_PAUSE_MS. A real 200 KB log takes
 *   about 2 ms to take in and count, 4-8 ms to take in and analyse;
 * - `restFor`: after each help, the request thread helps again only after this many times the
 *   help's own duration, so that reads get their turn. Under 16 connections of analyses, /healthz
 *   from a 17th: helping whenever the worker had two in progress, 333 analyses a second and a
 *   median of 36 ms; resting as long as the help took, 265 and 0.05 ms (p99 12 ms); twice as
 *   long, 210-234 and the same; never helping, 194 and p99 4 ms. With the engine on the request
 *   thread, before the intake took analyses whole: 236-301 and p99 60-73 ms.
 */
const HELP = {
  prepare: { inProgress: 1, slowMs: 10, restFor: 0 },
  analyse: { inProgress: 2, slowMs: 25, restFor: 1 },
} as const;
const HELP_PAUSE_MS = 1000;
/** Body types that carry no files (so no archive to expand): text as it is, and url-encoded forms. */
const FILELESS_TYPES = new Set(["", "text/plain", "application/x-www-form-urlencoded"]);

/**
 * Whether the request thread may prepare this body itself: sent as is (nothing to decode), at most
 * HELPING_MAX_BYTES, and of a type that carries no files. Every path through such a body is
 * bounded by its size: a real 200 KB log takes about 2 ms, and the slowest shapes tried (each of
 * the 46 detection hints repeated, or on every line, up to 256 KiB) 18 ms at most. Compressed
 * bodies, big ones and bodies with files (archives expand) stay with the workers, where a hostile
 * one holds up no read (issue 25).
 */
export function isLightBody(body: UploadBody): boolean {
  return body.encodings.length === 0 && body.bytes.byteLength <= HELPING_MAX_BYTES && FILELESS_TYPES.has(mediaTypeOf(body.contentType));
}

export class PreparationPool implements UploadPreparer {
  private workers: PoolWorker[] = [];
  private nextJob = 1;
  private closed = false;
  private helping = false;
  /** performance.now() until which the request thread does not help (after a slow help). */
  private helpPausedUntil = 0;
  /** Bodies prepared on the request thread because every worker was busy. */
  readonly counters = { helped: 0 };

  constructor(
    private readonly size: number,
    private readonly options: PreparationOptions,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`a preparation pool needs at least one worker, got ${size}`);
  }

  prepare(body: UploadBody): Promise<PreparedUpload> {
    return this.submit({ task: "prepare", body }) as Promise<PreparedUpload>;
  }

  filter(body: UploadBody): Promise<FilteredUpload> {
    return this.submit({ task: "filter", body }) as Promise<FilteredUpload>;
  }

  analyse(body: UploadBody, includeEntries: boolean): Promise<string> {
    return this.submit({ task: "analyse", body, includeEntries }) as Promise<string>;
  }

  /**
   * Never helped with: a stored text may be 10 MB. The findings come back packed and are rebuilt
   * here over this thread's own split of the text: 18 ms of this thread's time for the corpus and
   * two generated logs (15 MB), against 208 ms to receive them as objects and 275 ms to analyse.
   */
  async insights(text: string): Promise<Insights> {
    const packed = (await this.submit({ task: "insights", text })) as PackedInsights;
    return unpackInsights(packed, logLines(text));
  }

  private submit(job: JobRequest): Promise<PreparationResult> {
    if (this.closed) return Promise.reject(new ApiError("shutting_down", "The service is shutting down."));
    const worker = this.leastBusy();
    if (
      (job.task === "prepare" || job.task === "analyse") &&
      worker.inProgress >= HELP[job.task].inProgress &&
      !this.helping &&
      performance.now() >= this.helpPausedUntil &&
      isLightBody(job.body)
    ) {
      return this.lendAHand(job);
    }
    return worker.run({ ...job, job: this.nextJob++ });
  }

  /**
   * Every worker has work in progress: the request thread takes a light upload or analysis itself,
   * one at a time. With one worker on two cores (the default) that worker was the ceiling of
   * uploads while the request thread waited half idle: 287-321 distinct 200 KB uploads a second,
   * 349-390 with the request thread helping (bench/results/latest.md).
   *
   * Never a body that is only filtered (`submit`): what follows the filters (an AI analysis's
   * work) runs on the request thread, which would then do both. Analyses of posted bodies were
   * such jobs until the intake took them whole (filters, engine and the answer's JSON); the
   * request thread then ran every analysis's engine, and reads waited behind it (HELP).
   * Whether a worker is busy is read from its own count of finished jobs (`inProgress`): the
   * count of unanswered ones stays high while the request thread helps, since the replies wait
   * for it, and with that count the request thread ran 0.99 of a core of analyses while the
   * worker ran 0.07.
   *
   * Helping stays cheap or stops: a body whose text took more than HELP's `slowMs` to take in and
   * filter, then count or analyse (a hostile shape, not a real log) pauses it for HELP_PAUSE_MS.
   * An upload's brotli after that runs on the thread pool and is not counted: while it runs the
   * request thread serves others. Four clients sending the slowest light shapes kept /healthz at
   * a p90 of 28.5 ms without the pause, 6.6 ms with no helping at all
   * (test/reliability/parse-stalls.test.ts).
   */
  private async lendAHand(job: Extract<JobRequest, { task: "prepare" | "analyse" }>): Promise<PreparationResult> {
    this.helping = true;
    this.counters.helped++;
    let started = Number.NaN;
    let tookMs = Number.NaN;
    const compress = (content: string) => {
      tookMs = performance.now() - started;
      return prepareBlob(content);
    };
    try {
      const { prepareUpload, analyseUpload } = await preparation();
      started = performance.now();
      return await (job.task === "prepare"
        ? prepareUpload(job.body, this.options, compress)
        : analyseUpload(job.body, this.options, job.includeEntries));
    } finally {
      this.helping = false;
      if (Number.isNaN(tookMs)) tookMs = performance.now() - started;
      const policy = HELP[job.task === "prepare" ? "prepare" : "analyse"];
      this.helpPausedUntil = performance.now() + (tookMs > policy.slowMs ? HELP_PAUSE_MS : policy.restFor * tookMs);
    }
  }

  /** Stops the workers; jobs still in hand fail (shutdown lets in-flight uploads finish first). */
  async close(): Promise<void> {
    this.closed = true;
    for (const worker of this.workers) worker.terminate(new ApiError("shutting_down", "The service is shutting down."));
    this.workers = [];
  }

  private leastBusy(): PoolWorker {
    this.workers = this.workers.filter((worker) => !worker.dead);
    while (this.workers.length < this.size) this.workers.push(new PoolWorker(this.options));
    let best = this.workers[0];
    for (const worker of this.workers) if (worker.inProgress < best.inProgress) best = worker;
    return best;
  }
}
