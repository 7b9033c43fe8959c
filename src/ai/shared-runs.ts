/**
 * One model run per question at a time. When a log is shared, many readers open its AI analysis
 * within seconds, before the first answer is in the cache; they all follow the same live run
 * instead of each starting a model call. A reader who joins late gets the events so far, then the
 * rest as they come. The run is aborted as soon as its last reader leaves.
 */
import type { AiEvent } from "./events";

interface SharedRun {
  events: AiEvent[];
  finished: boolean;
  readers: number;
  /** Wakes the readers waiting for the next event. */
  wake: Set<() => void>;
  abort: AbortController;
}

export interface SharedRuns {
  /**
   * Follows the run for `key`, starting it with `start(signal)` when none is live.
   * `signal` is this reader's: when every reader's signal has fired, the run's signal fires.
   */
  follow(key: string, signal: AbortSignal, start: (signal: AbortSignal) => AsyncIterable<AiEvent>): AsyncGenerator<AiEvent>;
  readonly live: number;
}

export function sharedRuns(): SharedRuns {
  const runs = new Map<string, SharedRun>();

  const begin = (key: string, start: (signal: AbortSignal) => AsyncIterable<AiEvent>): SharedRun => {
    const run: SharedRun = { events: [], finished: false, readers: 0, wake: new Set(), abort: new AbortController() };
    runs.set(key, run);
    const publish = () => {
      for (const wake of run.wake) wake();
      run.wake.clear();
    };
    void (async () => {
      try {
        for await (const event of start(run.abort.signal)) {
          run.events.push(event);
          publish();
        }
      } finally {
        run.finished = true;
        if (runs.get(key) === run) runs.delete(key);
        publish();
      }
    })();
    return run;
  };

  async function* follow(key: string, signal: AbortSignal, start: (signal: AbortSignal) => AsyncIterable<AiEvent>) {
    if (signal.aborted) return;
    const run = runs.get(key) ?? begin(key, start);
    run.readers++;
    let left = false;
    let wakeReader: (() => void) | undefined;
    const leave = () => {
      if (left) return;
      left = true;
      run.readers--;
      if (run.readers === 0 && !run.finished) {
        // Nobody is listening any more: stop paying for the model, and let the next reader start afresh.
        if (runs.get(key) === run) runs.delete(key);
        run.abort.abort(signal.reason);
      }
      wakeReader?.();
    };
    signal.addEventListener("abort", leave, { once: true });

    try {
      let next = 0;
      for (;;) {
        while (next < run.events.length && !left) yield run.events[next++];
        if (run.finished || left) return;
        await new Promise<void>((resolve) => {
          wakeReader = resolve;
          run.wake.add(resolve);
        });
      }
    } finally {
      signal.removeEventListener("abort", leave);
      leave();
    }
  }

  return {
    follow,
    get live() {
      return runs.size;
    },
  };
}
