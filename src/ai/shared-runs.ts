/**
 * One model run per question at a time. When a log is shared, many readers open its AI analysis
 * within seconds, before the first answer is in the cache; they all follow the same live run
 * instead of each starting a model call. A reader who joins late gets the events so far, then the
 * rest as they come.
 *
 * A run, once started, goes on to its end even when every reader has left: its model call is paid
 * for either way, and its answer goes to the cache, so hanging up and asking again never buys a
 * second run. It ends early only by its own time limits, or by `abortAll` (server shutdown).
 */
import type { AiEvent } from "./events.ts";

export interface SharedRun {
  /** One reader's view: the events so far, then the rest as they come; stops when `signal` fires. */
  follow(signal: AbortSignal): AsyncGenerator<AiEvent>;
}

export interface SharedRuns {
  /** The live run for `key`, if there is one. */
  live(key: string): SharedRun | undefined;
  /** Starts `produce` at once as the run for `key`; `onEnd` is called once it has ended. */
  start(key: string, produce: (signal: AbortSignal) => AsyncIterable<AiEvent>, onEnd: () => void): SharedRun;
  /** Ends every live run now. */
  abortAll(reason: unknown): void;
  readonly size: number;
}

interface Run extends SharedRun {
  abort: AbortController;
}

export function sharedRuns(): SharedRuns {
  const runs = new Map<string, Run>();

  const start = (key: string, produce: (signal: AbortSignal) => AsyncIterable<AiEvent>, onEnd: () => void): Run => {
    const events: AiEvent[] = [];
    let finished = false;
    /** Wakes the readers waiting for the next event. */
    const wake = new Set<() => void>();
    const publish = () => {
      for (const resolve of wake) resolve();
      wake.clear();
    };

    async function* follow(signal: AbortSignal): AsyncGenerator<AiEvent> {
      let waiting: (() => void) | undefined;
      const leave = () => waiting?.();
      signal.addEventListener("abort", leave, { once: true });
      try {
        let next = 0;
        for (;;) {
          while (next < events.length && !signal.aborted) yield events[next++];
          if (finished || signal.aborted) return;
          await new Promise<void>((resolve) => {
            waiting = resolve;
            wake.add(resolve);
          });
        }
      } finally {
        signal.removeEventListener("abort", leave);
        if (waiting) wake.delete(waiting);
      }
    }

    const run: Run = { follow, abort: new AbortController() };
    runs.set(key, run);
    // At the final event, before any reader sees it: whoever reads `done` may rely on the run's slot being free.
    const finish = () => {
      if (finished) return;
      finished = true;
      if (runs.get(key) === run) runs.delete(key);
      onEnd();
    };
    void (async () => {
      try {
        for await (const event of produce(run.abort.signal)) {
          if (event.kind === "done" || event.kind === "error") finish();
          events.push(event);
          publish();
        }
      } catch {
        // The producer reports failures as error events; this is a last resort, so readers never hang.
        finish();
        events.push({ kind: "error", data: { error: "The analysis failed unexpectedly.", code: "ai_unavailable" } });
      } finally {
        finish();
        publish();
      }
    })();
    return run;
  };

  return {
    live: (key) => runs.get(key),
    start,
    abortAll(reason) {
      for (const run of runs.values()) run.abort.abort(reason);
    },
    get size() {
      return runs.size;
    },
  };
}
