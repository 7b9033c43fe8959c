import { describe, expect, test } from "bun:test";
import { LineBatch } from "./line-batch.ts";

function recorded(delayMs: number, maxChars?: number) {
  const writes: string[] = [];
  return { writes, batch: new LineBatch((text) => writes.push(text), delayMs, maxChars) };
}

describe("lines written in batches", () => {
  test("lines pushed within the delay leave in one write, in order", async () => {
    const { writes, batch } = recorded(30);
    batch.push("a");
    batch.push("b");
    expect(writes).toEqual([]);
    await Bun.sleep(60);
    expect(writes).toEqual(["a\nb\n"]);
    batch.push("c");
    await Bun.sleep(60);
    expect(writes).toEqual(["a\nb\n", "c\n"]);
  });

  test("a batch past maxChars is written at once", () => {
    const { writes, batch } = recorded(60_000, 10);
    batch.push("12345");
    expect(writes).toEqual([]);
    batch.push("67890");
    expect(writes).toEqual(["12345\n67890\n"]);
    batch.flush();
    expect(writes).toEqual(["12345\n67890\n"]);
  });

  test("flush writes what waits and nothing twice", async () => {
    const { writes, batch } = recorded(30);
    batch.push("a");
    batch.flush();
    expect(writes).toEqual(["a\n"]);
    await Bun.sleep(60);
    expect(writes).toEqual(["a\n"]);
  });
});
