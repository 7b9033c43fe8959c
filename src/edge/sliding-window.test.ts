/**
 * The limiter's math with an injected clock: admission, refusal, Retry-After, window roll-over,
 * the documented error bound against an exact sliding log, and LRU eviction.
 */
import { describe, expect, test } from "bun:test";
import { SlidingWindowLimiter, type LimitRule } from "./sliding-window.ts";

function clockAt(start = 1_000_000) {
  const clock = { now: start, advance: (ms: number) => (clock.now += ms) };
  return clock;
}

describe("sliding window counter", () => {
  test("admits max requests in a window, then refuses with a Retry-After", () => {
    const clock = clockAt(0);
    const limiter = new SlidingWindowLimiter({ maxBuckets: 10, now: () => clock.now });
    const rule = { max: 5, windowMs: 1000 };
    const remaining = Array.from({ length: 5 }, () => limiter.check("a", rule)).map((d) => {
      expect(d.allowed).toBe(true);
      return d.remaining;
    });
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const refused = limiter.check("a", rule);
    expect(refused.allowed).toBe(false);
    // Five in this window alone: wait into the next window until 5 * (1 - f) <= 4, i.e. f = 0.2.
    expect(refused.retryAfterS).toBeCloseTo(1.2, 5);
    expect(limiter.check("b", rule).allowed).toBe(true); // other keys are untouched
  });

  test("the previous window's count decays linearly", () => {
    const clock = clockAt(0);
    const limiter = new SlidingWindowLimiter({ maxBuckets: 10, now: () => clock.now });
    const rule = { max: 10, windowMs: 1000 };
    for (let i = 0; i < 10; i++) expect(limiter.check("a", rule).allowed).toBe(true);
    clock.advance(1000); // start of the next window: the estimate is still 10
    expect(limiter.check("a", rule).allowed).toBe(false);
    clock.advance(300); // 10 * 0.7 = 7: three more fit
    expect(limiter.peek("a", rule)).toBeCloseTo(7, 5);
    const admitted = Array.from({ length: 5 }, () => limiter.check("a", rule).allowed).filter(Boolean).length;
    expect(admitted).toBe(3);
    clock.advance(2000); // two windows later nothing is left
    expect(limiter.peek("a", rule)).toBe(0);
  });

  test("Retry-After is exact: one request fits at that moment and not just before", () => {
    const clock = clockAt(0);
    const limiter = new SlidingWindowLimiter({ maxBuckets: 10, now: () => clock.now });
    const rule = { max: 4, windowMs: 10_000 };
    clock.advance(5_000);
    for (let i = 0; i < 4; i++) limiter.check("k", rule);
    clock.advance(6_000); // next window, 10% in: estimate 4 * 0.9 = 3.6
    const refused = limiter.check("k", rule);
    expect(refused.allowed).toBe(false);
    const waitMs = refused.retryAfterS * 1000; // until 4 * (1 - f) <= 3: f = 0.25, 1.5 s from now
    expect(waitMs).toBeCloseTo(1500, 3);
    clock.advance(waitMs - 50);
    expect(limiter.check("k", rule).allowed).toBe(false);
    clock.advance(50);
    expect(limiter.check("k", rule).allowed).toBe(true);
  });
});

/** Replays arrivals through the limiter and an exact sliding log of admitted requests. */
function replay(arrivals: number[], rule: LimitRule) {
  const clock = clockAt(0);
  const limiter = new SlidingWindowLimiter({ maxBuckets: 10, now: () => clock.now });
  const admitted: number[] = [];
  let violations = 0;
  let maxInAnyWindow = 0;
  let absoluteError = 0;
  let largestError = 0;
  for (const t of arrivals) {
    clock.now = t;
    const estimate = limiter.peek("k", rule);
    // The exact count over (t - W, t], and p, f of the bound.
    const exact = admitted.filter((a) => a > t - rule.windowMs).length;
    const window = Math.floor(t / rule.windowMs);
    const f = (t - window * rule.windowMs) / rule.windowMs;
    const p = admitted.filter((a) => Math.floor(a / rule.windowMs) === window - 1).length;
    if (!(estimate - p * (1 - f) <= exact + 1e-9 && exact <= estimate + p * f + 1e-9)) violations++;
    absoluteError += Math.abs(estimate - exact);
    largestError = Math.max(largestError, Math.abs(estimate - exact));
    const decision = limiter.check("k", rule);
    if (decision.allowed) admitted.push(t);
    maxInAnyWindow = Math.max(maxInAnyWindow, admitted.filter((a) => a > t - rule.windowMs).length);
  }
  return { violations, maxInAnyWindow, meanError: absoluteError / arrivals.length, largestError };
}

function seeded(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe("error bound against an exact sliding log (documented in sliding-window.ts)", () => {
  const rule = { max: 50, windowMs: 1000 };

  test("E - p(1-f) <= L <= E + p*f holds on bursty random traffic", () => {
    const random = seeded(42);
    const arrivals: number[] = [];
    let t = 0;
    for (let i = 0; i < 4000; i++) {
      // Bursts: mostly close together, sometimes a long pause.
      t += random() < 0.05 ? random() * 2000 : random() * 5;
      arrivals.push(Math.round(t * 1000) / 1000);
    }
    const result = replay(arrivals, rule);
    expect(result.violations).toBe(0);
    expect(result.maxInAnyWindow).toBeLessThan(2 * rule.max);
  });

  test("worst case: a burst at the end of one window lets fewer than 2*max through in one window length", () => {
    const arrivals: number[] = [];
    for (let i = 0; i < 200; i++) arrivals.push(999 + i * 0.001); // max+ at the end of window 0
    for (let t = 1000; t < 2000; t += 1) arrivals.push(t); // then steady pressure through window 1
    const result = replay(arrivals, rule);
    expect(result.violations).toBe(0);
    expect(result.maxInAnyWindow).toBeGreaterThan(rule.max); // the approximation does over-admit here
    expect(result.maxInAnyWindow).toBeLessThan(2 * rule.max);
  });

  test("evenly spread traffic: the estimate is within a few percent of the exact count", () => {
    const random = seeded(7);
    const arrivals: number[] = [];
    let t = 0;
    // Poisson arrivals at 1.5x the limit's rate, over 20 windows.
    while (t < 20_000) {
      t += -Math.log(1 - random()) * (rule.windowMs / (rule.max * 1.5));
      arrivals.push(t);
    }
    const result = replay(arrivals, rule);
    console.log(
      `poisson at 1.5x the limit: mean |E-L| ${((100 * result.meanError) / rule.max).toFixed(2)}% of max, ` +
        `largest ${((100 * result.largestError) / rule.max).toFixed(1)}%, most admitted in one window length ${result.maxInAnyWindow}/${rule.max}`,
    );
    expect(result.violations).toBe(0);
    expect(result.meanError / rule.max).toBeLessThan(0.05);
    expect(result.largestError / rule.max).toBeLessThan(0.3);
    expect(result.maxInAnyWindow).toBeLessThanOrEqual(rule.max * 1.2);
  });
});

describe("bounded memory", () => {
  test("the LRU keeps at most maxBuckets and evicts the least recently used", () => {
    const clock = clockAt(0);
    const limiter = new SlidingWindowLimiter({ maxBuckets: 100, now: () => clock.now });
    const rule = { max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) limiter.check("attacker", rule);
    expect(limiter.check("attacker", rule).allowed).toBe(false);
    // 99 other clients do not push out the attacker, who keeps trying (and so stays recent).
    for (let i = 0; i < 99; i++) {
      limiter.check(`client-${i}`, rule);
      expect(limiter.check("attacker", rule).allowed).toBe(false);
    }
    for (let i = 99; i < 10_000; i++) limiter.check(`client-${i}`, rule);
    expect(limiter.size).toBe(100);
    // Only after maxBuckets fresh keys without a single attempt is the bucket gone.
    expect(limiter.check("attacker", rule).allowed).toBe(true);
  });
});
