import { describe, expect, test } from "bun:test";
import { DroppingOutlet, LineBatch } from "./line-batch.ts";

function recorded(delayMs: number, maxChars?: number) {
  const writes: string[] = [];
  const counts: number[] = [];
  return {
    writes,
    counts,
    batch: new LineBatch(
      (text, lines) => {
        writes.push(text);
        counts.push(lines);
      },
      delayMs,
      maxChars,
    ),
  };
}

describe("lines written in batches", () => {
  test("lines pushed within the delay leave in one write, in order", async () => {
    const { writes, counts, batch } = recorded(30);
    batch.push("a");
    batch.push("b");
    expect(writes).toEqual([]);
    await Bun.sleep(60);
    expect(writes).toEqual(["a\nb\n"]);
    batch.push("c");
    await Bun.sleep(60);
    expect(writes).toEqual(["a\nb\n", "c\n"]);
    expect(counts).toEqual([2, 1]);
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

/** A stream that takes `room` writes before it says it is full, and drains when told. */
function stream(room: number) {
  const written: string[] = [];
  let drain: (() => void) | null = null;
  return {
    written,
    drain: () => {
      room = Number.POSITIVE_INFINITY;
      drain?.();
    },
    write(text: string): boolean {
      written.push(text);
      return written.length < room;
    },
    once(_event: "drain", listener: () => void) {
      drain = listener;
    },
  };
}

describe("batches into a stream that stops reading", () => {
  test("once the stream is full, batches are dropped and counted until it drains; the count goes out first", () => {
    const out = stream(2);
    const outlet = new DroppingOutlet(out, (lines) => `dropped ${lines}`);
    outlet.write("a\n", 1);
    outlet.write("b\n", 1); // the stream is full after taking this one
    outlet.write("c\nd\n", 2);
    outlet.write("e\n", 1);
    expect(out.written).toEqual(["a\n", "b\n"]);
    out.drain();
    outlet.write("f\n", 1);
    outlet.write("g\n", 1);
    expect(out.written).toEqual(["a\n", "b\n", "dropped 3\nf\n", "g\n"]);
  });
});
