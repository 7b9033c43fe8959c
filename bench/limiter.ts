/**
 * The rate limiter alone: checks per second (one hot key, and keys spread over many clients),
 * bytes per bucket (heap growth per bucket, key string included), and behaviour at the LRU bound
 * with 1,000,000 distinct addresses. Run: bun bench/limiter.ts [--json]
 */
import { heapStats } from "bun:jsc";
import { configSpec } from "../src/config.ts";
import { SlidingWindowLimiter } from "../src/edge/sliding-window.ts";

const rule = { max: configSpec.RATE_LIMIT_MAX.default, windowMs: configSpec.RATE_LIMIT_WINDOW_S.default * 1000 };
const maxBuckets = configSpec.RATE_LIMIT_BUCKETS.default;

function heapUsed(): number {
  Bun.gc(true);
  Bun.gc(true);
  return heapStats().heapSize;
}

/** Keys as the edge builds them: "<client group> <METHOD> <route template>". */
function keyOf(i: number): string {
  return `${(i >>> 24) & 255}.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255} GET /v1/raw/{id}`;
}

function checksPerSecond(keys: string[], total: number): number {
  const limiter = new SlidingWindowLimiter({ maxBuckets });
  const bigRule = { max: 1e12, windowMs: rule.windowMs };
  const started = performance.now();
  for (let i = 0; i < total; i++) limiter.check(keys[i % keys.length], bigRule);
  return total / ((performance.now() - started) / 1000);
}

/** Heap growth per bucket when `count` buckets are filled: the LRU's arrays, the bucket and its key. */
function bytesPerBucket(count: number): number {
  const before = heapUsed();
  const limiter = new SlidingWindowLimiter({ maxBuckets: count });
  for (let i = 0; i < count; i++) limiter.check(keyOf(0x0a000000 + i), rule);
  const after = heapUsed();
  if (limiter.size !== count) throw new Error("expected every bucket to be kept");
  return (after - before) / count;
}

function atTheBound(addresses: number) {
  // Baseline before the limiter exists: lru-cache allocates its arrays for the bound up front.
  const baseline = heapUsed();
  const limiter = new SlidingWindowLimiter({ maxBuckets });
  const hammer = "198.51.100.1 POST /v1/log";
  const strict = { max: 100, windowMs: rule.windowMs };
  let hammerAdmitted = 0;
  let peakHeap = 0;
  let gcMs = 0; // the heap samples force full collections; their time is not the limiter's
  const started = performance.now();
  for (let i = 0; i < addresses; i++) {
    limiter.check(keyOf(0x0b000000 + i), rule);
    // The attacker tries once every 10 new addresses: it must stay limited (its bucket is recent).
    if (i % 10 === 0 && limiter.check(hammer, strict).allowed) hammerAdmitted++;
    if (i % 100_000 === 99_999) {
      const gcStarted = performance.now();
      peakHeap = Math.max(peakHeap, heapUsed() - baseline);
      gcMs += performance.now() - gcStarted;
    }
  }
  const seconds = (performance.now() - started - gcMs) / 1000;
  return { seconds, size: limiter.size, growthBytes: heapUsed() - baseline, peakHeap, hammerAdmitted, hammerTries: Math.ceil(addresses / 10) };
}

const hot = checksPerSecond(["203.0.113.1 GET /healthz"], 5_000_000);
const spread = checksPerSecond(Array.from({ length: 100_000 }, (_, i) => keyOf(i)), 5_000_000);
const perBucket = bytesPerBucket(maxBuckets);
const bound = atTheBound(1_000_000);

const results = {
  rule,
  maxBuckets,
  checksPerSecondHotKey: Math.round(hot),
  checksPerSecond100kKeys: Math.round(spread),
  bytesPerBucket: Math.round(perBucket),
  bound: { ...bound, predictedBytes: Math.round(perBucket * maxBuckets) },
};
if (process.argv.includes("--json")) console.log(JSON.stringify(results));
else {
  console.log(`checks/s, one hot key:          ${results.checksPerSecondHotKey.toLocaleString("en")}`);
  console.log(`checks/s, 100,000 keys:         ${results.checksPerSecond100kKeys.toLocaleString("en")}`);
  console.log(`bytes per bucket (with key):    ${results.bytesPerBucket}`);
  console.log(`1,000,000 addresses, bound ${maxBuckets.toLocaleString("en")}: ${bound.seconds.toFixed(2)} s (${Math.round(1_100_000 / bound.seconds).toLocaleString("en")} checks/s, evicting), buckets kept ${bound.size.toLocaleString("en")}, heap growth ${(bound.growthBytes / 2 ** 20).toFixed(1)} MiB (peak ${(bound.peakHeap / 2 ** 20).toFixed(1)} MiB; bound x bytes/bucket = ${(results.bound.predictedBytes / 2 ** 20).toFixed(1)} MiB), hammering client admitted ${bound.hammerAdmitted}/${bound.hammerTries} (limit 100)`);
}
