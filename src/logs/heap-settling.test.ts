import { describe, expect, test } from "bun:test";
import { HeapSettling, type HeapSettlingOptions } from "./heap-settling.ts";

/** A settling whose collections and shrinks are counted instead of run. */
function counted(options: HeapSettlingOptions) {
  const calls = { collections: 0, shrinks: 0 };
  const settling = new HeapSettling({ ...options, collect: () => calls.collections++, shrink: () => calls.shrinks++ });
  return { settling, calls };
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

  test("settles once when the burst has been quiet, and not before", async () => {
    const { settling, calls } = counted({ everyBytes: 1_000_000, quietMs: 40, shrinkAfterBytes: 1_000_000 });
    settling.tookIn(10);
    await Bun.sleep(25);
    settling.tookIn(10); // still the same burst: the quiet time starts again
    await Bun.sleep(25);
    expect(calls.collections).toBe(0);
    await Bun.sleep(40);
    // a small burst is only collected
    expect(calls).toEqual({ collections: 1, shrinks: 0 });
    await Bun.sleep(60);
    expect(calls).toEqual({ collections: 1, shrinks: 0 });
  });

  test("shrinks instead once `shrinkAfterBytes` were taken in since the last shrink", async () => {
    const { settling, calls } = counted({ everyBytes: 1_000_000, quietMs: 10, shrinkAfterBytes: 100 });
    settling.tookIn(60);
    await Bun.sleep(30);
    expect(calls).toEqual({ collections: 1, shrinks: 0 });
    settling.tookIn(60); // 120 since the last shrink (none yet)
    await Bun.sleep(30);
    expect(calls).toEqual({ collections: 1, shrinks: 1 });
    settling.tookIn(60); // the count started again at the shrink
    await Bun.sleep(30);
    expect(calls).toEqual({ collections: 2, shrinks: 1 });
  });

  test("a burst collected on the way is still settled once quiet", async () => {
    const { settling, calls } = counted({ everyBytes: 100, quietMs: 10, shrinkAfterBytes: 150 });
    settling.tookIn(120);
    expect(calls).toEqual({ collections: 1, shrinks: 0 });
    settling.tookIn(40);
    await Bun.sleep(30);
    expect(calls).toEqual({ collections: 1, shrinks: 1 });
  });

  test("settleSoon shrinks once quiet, whatever was taken in (start-up)", async () => {
    const { settling, calls } = counted({ quietMs: 10 });
    settling.settleSoon();
    await Bun.sleep(30);
    expect(calls).toEqual({ collections: 0, shrinks: 1 });
  });

  test("stop drops the pending settling", async () => {
    const { settling, calls } = counted({ quietMs: 10 });
    settling.tookIn(1);
    settling.stop();
    await Bun.sleep(30);
    expect(calls).toEqual({ collections: 0, shrinks: 0 });
  });
});
