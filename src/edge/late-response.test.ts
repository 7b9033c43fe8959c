import { expect, test } from "bun:test";
import { LATE_STREAM_FROM_BYTES, lateBody, watchLoopTurn } from "./late-response.ts";

test("the loop has not turned for work finished at once or in promise callbacks", async () => {
  const atOnce = watchLoopTurn();
  expect(atOnce()).toBe(false);
  const afterPromises = watchLoopTurn();
  await Promise.resolve();
  await Promise.resolve();
  expect(afterPromises()).toBe(false);
});

test("it has turned once a timer or I/O was waited for", async () => {
  const late = watchLoopTurn();
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(late()).toBe(true);
});

test("a late body past the threshold is a stream of the same bytes; a small or timely one stays as it is", async () => {
  const large = new TextEncoder().encode("line\n".repeat(LATE_STREAM_FROM_BYTES));
  const small = large.subarray(0, LATE_STREAM_FROM_BYTES - 1);
  const late = lateBody(large, () => true);
  expect(late).toBeInstanceOf(ReadableStream);
  expect(new Uint8Array(await new Response(late).arrayBuffer())).toEqual(large);
  expect(lateBody(large, () => false)).toBe(large);
  expect(lateBody(small, () => true)).toBe(small);
});
