import { describe, expect, test } from "bun:test";
import { HeapSettling, type HeapSettlingOptions } from "./heap-settling.ts";

/**
 * A settling whose collections and shrinks are counted instead of run: `collections` waited for,
 * `started` only started (waitEvery 1 unless a test sets it: every collection waited for).
 */
function counted(options: HeapSettlingOptions) {
  const calls = { collections: 0, shrinks: 0 };
  const started = { collections: 0 };
  const settling = new HeapSettling({
    waitEvery: 1,
    ...options,
    collect: () => calls.collections++,
    startCollection: () => started.collections++,
    shrink: () => calls.shrinks++,
  });
  return { settling, calls, started };
}

describe("returning an intake burst's garbage", () => {
  test("collects after every `everyBytes` taken in, while the burst lasts", () => {
    const { settling, calls } = counted({ everyBytes: 100, quietMs: 60_000 });
    for (let i = 0; i < 10; i++) settling.tookIn(30);
    // 300 bytes: collected at 120, 240 (the count starts again after each collection)
    expect(calls.collections).toBe(2);
    expect(calls.shrinks).toBe(0);
    settling.stop();
  });

  test("during a burst, waits for every `waitEvery`-th collection and only starts the others", () => {
    const { settling, calls, started } = counted({ everyBytes: 100, waitEvery: 4, quietMs: 60_000 });
    for (let i = 0; i < 10; i++) settling.tookIn(100);
    expect(calls.collections).toBe(2); // the 4th and the 8th
    expect(started.collections).toBe(8);
    settling.stop();
  });

  test("collects once when the burst has been quiet, and not before", async () => {
    const { settling, calls } = counted({ everyBytes: 1_000_000, quietMs: 40, shrinkAfterBytes: 1_000_000 });
    settling.tookIn(10);
    await Bun.sleep(25);
    settling.tookIn(10); // still the same burst: the quiet time starts again
    await Bun.sleep(25);
    expect(calls.collections).toBe(0);
    await Bun.sleep(40);
    expect(calls).toEqual({ collections: 1, shrinks: 0 });
    await Bun.sleep(60);
    // a small burst is never shrunk
    expect(calls).toEqual({ collections: 1, shrinks: 0 });
    settling.stop();
  });

  test("shrinks after the idle time once `shrinkAfterBytes` were taken in since the last shrink", async () => {
    const { settling, calls } = counted({ everyBytes: 1_000_000, quietMs: 10, idleMs: 400, shrinkAfterBytes: 100 });
    settling.tookIn(60);
    await Bun.sleep(500);
    expect(calls).toEqual({ collections: 1, shrinks: 0 }); // 60 bytes: never shrunk
    settling.tookIn(60); // 120 since the last shrink (none yet)
    await Bun.sleep(50);
    expect(calls).toEqual({ collections: 2, shrinks: 0 }); // quiet, not yet idle
    settling.tookIn(10); // intake pushes the shrink back
    await Bun.sleep(50);
    expect(calls).toEqual({ collections: 3, shrinks: 0 });
    await Bun.sleep(450);
    expect(calls).toEqual({ collections: 3, shrinks: 1 });
    settling.tookIn(60); // the count started again at the shrink
    await Bun.sleep(500);
    expect(calls).toEqual({ collections: 4, shrinks: 1 });
  });

  test("a burst collected on the way is still collected once quiet", async () => {
    const { settling, calls } = counted({ everyBytes: 100, quietMs: 10, shrinkAfterBytes: 1_000 });
    settling.tookIn(120);
    expect(calls.collections).toBe(1);
    settling.tookIn(40);
    await Bun.sleep(30);
    expect(calls).toEqual({ collections: 2, shrinks: 0 });
  });

  test("settleSoon shrinks after the quiet time, whatever was taken in (start-up)", async () => {
    const { settling, calls } = counted({ quietMs: 10, idleMs: 60_000 });
    settling.settleSoon();
    await Bun.sleep(30);
    expect(calls).toEqual({ collections: 0, shrinks: 1 });
  });

  test("stop drops the pending settling", async () => {
    const { settling, calls } = counted({ quietMs: 10, idleMs: 20, shrinkAfterBytes: 1 });
    settling.tookIn(1);
    settling.stop();
    await Bun.sleep(30);
    expect(calls).toEqual({ collections: 0, shrinks: 0 });
  });
});
