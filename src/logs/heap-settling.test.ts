import { describe, expect, test } from "bun:test";
import { HeapSettling } from "./heap-settling.ts";

describe("returning an intake burst's garbage", () => {
  test("collects after every `everyBytes` taken in, while the burst lasts", () => {
    let collections = 0;
    const settling = new HeapSettling({ everyBytes: 100, quietMs: 60_000, collect: () => collections++ });
    for (let i = 0; i < 10; i++) settling.tookIn(30);
    // 300 bytes: collected at 120, 240 (the count starts again after each collection)
    expect(collections).toBe(2);
    settling.stop();
  });

  test("collects once when the burst has been quiet, and not before", async () => {
    let collections = 0;
    const settling = new HeapSettling({ everyBytes: 1_000_000, quietMs: 40, collect: () => collections++ });
    settling.tookIn(10);
    await Bun.sleep(25);
    settling.tookIn(10); // still the same burst: the quiet time starts again
    await Bun.sleep(25);
    expect(collections).toBe(0);
    await Bun.sleep(40);
    expect(collections).toBe(1);
    await Bun.sleep(60);
    expect(collections).toBe(1);
  });

  test("stop drops the pending collection", async () => {
    let collections = 0;
    const settling = new HeapSettling({ quietMs: 10, collect: () => collections++ });
    settling.tookIn(1);
    settling.stop();
    await Bun.sleep(30);
    expect(collections).toBe(0);
  });
});
