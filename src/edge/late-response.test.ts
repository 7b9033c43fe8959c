import { expect, test } from "bun:test";
import { oneChunkStream, watchLoopTurn } from "./late-response.ts";

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

test("a one-chunk stream gives the bytes back whole", async () => {
  const bytes = new TextEncoder().encode("line one\nline two");
  expect(new Uint8Array(await new Response(oneChunkStream(bytes)).arrayBuffer())).toEqual(bytes);
});
