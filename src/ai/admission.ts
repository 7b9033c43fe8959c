/**
 * Who may open an AI stream, decided before the stream begins, in one synchronous step (so
 * simultaneous requests can never overshoot a limit):
 * - model runs: at most `maxStreams` at once across the process; a run holds its slot until it
 *   ends, whether or not anyone still reads it. Readers of a cached answer or of a live run take
 *   no slot: the slots bound upstream connections, not readers;
 * - each client's share: the streams it holds open plus the runs it started that are still going,
 *   at most `maxStreamsPerClient`;
 * - each client's budget of fresh runs: `runsPerClient` per `runsWindowMs`. Cached answers and
 *   joined runs cost nothing.
 * Refusals are 429s naming the setting, with Retry-After. A request that did not come through the
 * edge (a benchmark, a tool) has no client (null): only the slots apply to it.
 */
import { ApiError } from "../errors.ts";
import { SlidingWindowLimiter } from "../edge/sliding-window.ts";
import type { AiConfig } from "./config.ts";

/** Gives back what an admission took; calling it twice is harmless. */
export type Release = () => void;

export interface Admission {
  /** A stream that reads without starting a model call (a cached answer, or a run already live). */
  reader(client: string | null): Release;
  /** A fresh model run started by `client`: a run slot, one unit of its share and one of its budget. */
  run(client: string | null): Release;
}

/** Clients whose run budget is remembered; the least recently seen is forgotten beyond. */
const maxBudgetBuckets = 100_000;
/** When a share or the slots are full: streams end within seconds to minutes. */
const busyRetryAfterS = "5";

export function aiAdmission(config: AiConfig): Admission {
  const held = new Map<string, number>();
  const budget = new SlidingWindowLimiter({ maxBuckets: maxBudgetBuckets });
  const budgetRule = { max: config.runsPerClient, windowMs: config.runsWindowMs };
  let runs = 0;

  const checkShare = (client: string | null) => {
    if (client === null || (held.get(client) ?? 0) < config.maxStreamsPerClient) return;
    throw new ApiError(
      "too_many_streams",
      `You have ${config.maxStreamsPerClient} AI analyses open (AI_MAX_STREAMS_PER_CLIENT); close one or try again shortly.`,
      { "retry-after": busyRetryAfterS },
    );
  };

  const hold = (client: string | null): Release => {
    if (client === null) return () => {};
    held.set(client, (held.get(client) ?? 0) + 1);
    return once(() => {
      const left = (held.get(client) ?? 1) - 1;
      if (left === 0) held.delete(client);
      else held.set(client, left);
    });
  };

  return {
    reader(client) {
      checkShare(client);
      return hold(client);
    },
    run(client) {
      if (runs >= config.maxStreams) {
        throw new ApiError("too_many_streams", `Too many AI analyses are running (AI_MAX_STREAMS, ${config.maxStreams}); try again shortly.`, {
          "retry-after": busyRetryAfterS,
        });
      }
      checkShare(client);
      // Last, because it counts: a run refused for another reason costs no budget.
      const decision = client === null ? null : budget.check(client, budgetRule);
      if (decision && !decision.allowed) {
        const seconds = Math.max(1, Math.ceil(decision.retryAfterS));
        throw new ApiError(
          "rate_limited",
          `You started ${config.runsPerClient} new AI analyses in ${config.runsWindowMs / 1000} s (AI_RUNS_PER_CLIENT per AI_RUNS_WINDOW_S); ` +
            `try again in ${seconds} s. Answers already cached or being written are not limited.`,
          { "retry-after": String(seconds) },
        );
      }
      runs++;
      const releaseShare = hold(client);
      return once(() => {
        runs--;
        releaseShare();
      });
    },
  };
}

/** `release` made safe to call twice. */
export function once(release: () => void): Release {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}
