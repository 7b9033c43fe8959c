/**
 * The outage breaker: an outage error or a timeout opens it (calls answer 503 at once for the
 * cooldown), unless a call that started later has already succeeded: then the failure is old
 * news about a database that works again, and only its own call gets the 503.
 */
import { expect, test } from "bun:test";
import { OutageBreaker } from "../../src/storage/outage.ts";

const refused = () => Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
const statusOf = (promise: Promise<unknown>) => promise.then(() => 200, (error: { status?: number }) => error.status ?? 500);

/** A call whose outcome the test decides later. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

test("an outage error opens it: the next call is answered 503 without reaching the database", async () => {
  const breaker = new OutageBreaker(1000, 60_000);
  expect(await statusOf(breaker.run(async () => { throw refused(); }))).toBe(503);
  let reached = false;
  expect(await statusOf(breaker.run(async () => { reached = true; }))).toBe(503);
  expect(reached).toBe(false);
});

test("a call past the deadline opens it", async () => {
  const breaker = new OutageBreaker(20, 60_000);
  expect(await statusOf(breaker.run(() => Bun.sleep(200)))).toBe(503);
  expect(breaker.isOpen).toBe(true);
});

test("a failure of a call that started before a later success does not open it", async () => {
  const breaker = new OutageBreaker(1000, 60_000);
  const slow = pending<void>();
  const early = statusOf(breaker.run(() => slow.promise));
  expect(await statusOf(breaker.run(async () => "ok"))).toBe(200);
  slow.reject(refused());
  expect(await early).toBe(503);
  expect(breaker.isOpen).toBe(false);
  expect(await statusOf(breaker.run(async () => "ok"))).toBe(200);
});

test("a late timeout after a later success does not open it either", async () => {
  const breaker = new OutageBreaker(50, 60_000);
  const early = statusOf(breaker.run(() => Bun.sleep(500)));
  expect(await statusOf(breaker.run(async () => "ok"))).toBe(200);
  expect(await early).toBe(503);
  expect(breaker.isOpen).toBe(false);
});

test("other errors pass through as they are and leave it closed", async () => {
  const breaker = new OutageBreaker(1000, 60_000);
  const bug = new Error("a bug");
  expect(await breaker.run(async () => { throw bug; }).catch((error: unknown) => error)).toBe(bug);
  expect(breaker.isOpen).toBe(false);
});

test("after the cooldown the next call tries the database again", async () => {
  const breaker = new OutageBreaker(1000, 30);
  expect(await statusOf(breaker.run(async () => { throw refused(); }))).toBe(503);
  await Bun.sleep(60);
  expect(await statusOf(breaker.run(async () => "ok"))).toBe(200);
});
