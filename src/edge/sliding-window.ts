/**
 * slidingWindowLimiter: the sliding-window counter (two fixed windows, the previous one weighted
 * by how much of it still overlaps the sliding window), in buckets held by an LRU.
 *
 * Why a counter and not an exact sliding log: a log keeps one timestamp per request (36,000 per
 * bucket at the default limit); the counter keeps three numbers, whatever the limit.
 *
 * Error bound against an exact sliding log. At time t, in fixed window k (of length W) with a
 * fraction f of it elapsed, let p be the requests admitted in window k-1 and c those admitted in
 * window k. The estimate is E = p*(1-f) + c. The exact count over (t-W, t] is L = c + p_tail, where
 * p_tail (0..p) is how many of window k-1's requests fall after t-W. Hence
 *
 *     E - p*(1-f)  <=  L  <=  E + p*f
 *
 * The estimate is exact when window k-1's requests were spread evenly; the error only comes from
 * how they were bunched. Consequences for a limit `max` (a request is admitted while E + 1 <= max):
 *  - the limiter never refuses while L <= max - 1 - p*(1-f) (it is at most p*(1-f) too strict);
 *  - over any interval of length W it admits fewer than 2*max requests (worst case: max requests
 *    at the very end of window k-1, then admissions in window k as the weight of k-1 decays).
 * test/edge/sliding-window.test.ts checks both inequalities against an exact log on random and
 * adversarial traffic, and measures the typical error: with Poisson arrivals at 1.5x the limit
 * (max 50), the mean |E - L| was 2.3% of max and the most admitted in any window length 54 of 50.
 *
 * Memory: a bucket is a small object of three numbers plus its key in the LRU; the LRU holds at
 * most `maxBuckets` and evicts the least recently used. Refusals do not count (so L counts
 * admitted requests, as the bound above assumes) but do refresh the bucket's recency: a client
 * that keeps hammering stays the most recent entry and is the last one evicted.
 */
import { LRUCache } from "lru-cache";

export interface SlidingWindowOptions {
  /** Most buckets kept; the least recently used is evicted beyond. */
  maxBuckets: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
}

export interface LimitRule {
  /** Requests admitted per window. */
  max: number;
  windowMs: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** Requests still admitted now (rounded down). */
  remaining: number;
  /** Seconds until the current fixed window ends (the next point the count drops in steps). */
  resetS: number;
  /** When refused: seconds until a request would be admitted if none were sent meanwhile. */
  retryAfterS: number;
}

interface Bucket {
  /** Index of the current fixed window: floor(time / windowMs). */
  window: number;
  previous: number;
  current: number;
}

export class SlidingWindowLimiter {
  private readonly buckets: LRUCache<string, Bucket>;
  private readonly now: () => number;

  constructor(options: SlidingWindowOptions) {
    this.buckets = new LRUCache<string, Bucket>({ max: options.maxBuckets });
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.buckets.size;
  }

  get maxBuckets(): number {
    return this.buckets.max;
  }

  /** Counts `weight` requests (one by default) against `key` if the rule admits them all. */
  check(key: string, rule: LimitRule, weight = 1): LimitDecision {
    const now = this.now();
    const { max, windowMs } = rule;
    const window = Math.floor(now / windowMs);
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      bucket = { window, previous: 0, current: 0 };
      this.buckets.set(key, bucket);
    } else if (bucket.window !== window) {
      bucket.previous = bucket.window === window - 1 ? bucket.current : 0;
      bucket.current = 0;
      bucket.window = window;
    }
    const intoWindow = now - window * windowMs;
    const elapsed = intoWindow / windowMs;
    const estimate = bucket.previous * (1 - elapsed) + bucket.current;
    const resetS = (windowMs - intoWindow) / 1000;
    if (estimate + weight <= max) {
      bucket.current += weight;
      return { allowed: true, remaining: Math.max(0, Math.floor(max - estimate - weight)), resetS, retryAfterS: 0 };
    }
    return { allowed: false, remaining: 0, resetS, retryAfterS: retryAfterMs(bucket, elapsed, rule) / 1000 };
  }

  /** The current estimate for a key without counting (for tests and benchmarks). */
  peek(key: string, rule: LimitRule): number {
    const bucket = this.buckets.peek(key);
    if (!bucket) return 0;
    const now = this.now();
    const window = Math.floor(now / rule.windowMs);
    const elapsed = (now - window * rule.windowMs) / rule.windowMs;
    if (bucket.window === window) return bucket.previous * (1 - elapsed) + bucket.current;
    if (bucket.window === window - 1) return bucket.current * (1 - elapsed);
    return 0;
  }
}

/** Time until estimate + 1 <= max with no new requests: the previous window's weight decays. */
function retryAfterMs(bucket: Bucket, elapsed: number, { max, windowMs }: LimitRule): number {
  const room = max - 1;
  if (bucket.current <= room) {
    // Still in this window: need previous * (1 - f) <= room - current.
    const f = bucket.previous > 0 ? 1 - (room - bucket.current) / bucket.previous : elapsed;
    return Math.max(0, (f - elapsed) * windowMs);
  }
  // This window is over its limit by itself: wait into the next one until current * (1 - f) <= room.
  const f = 1 - room / bucket.current;
  return (1 - elapsed + f) * windowMs;
}
