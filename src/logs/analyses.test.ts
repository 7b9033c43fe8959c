import { describe, expect, test } from "bun:test";
import { ContentAnalyses } from "./analyses.ts";
import { SharedByteBudget } from "../edge/body-budget.ts";
import { ApiError } from "../errors.ts";

const LOG = "[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.1\n[12:00:01] [Server thread/ERROR]: boom\n";

/** A text source that counts its reads and can be held until released (`hold`: from the start). */
function source(text = LOG, hold = false) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const counted = { reads: 0, hold };
  const read = async () => {
    counted.reads++;
    if (counted.hold) await held;
    return text;
  };
  return { counted, read, release: () => release() };
}

describe("the shared findings of stored texts", () => {
  test("a text is analysed once, however many readers ask, even at the same time", async () => {
    const analyses = new ContentAnalyses({ maxBytes: 1024 * 1024 });
    const text = source();
    text.counted.hold = true;
    const together = [analyses.of("h", LOG.length, text.read), analyses.of("h", LOG.length, text.read)];
    text.release();
    const [first, second] = await Promise.all(together);
    expect(first).toBe(second);
    expect(await analyses.of("h", LOG.length, text.read)).toBe(first);
    expect(text.counted.reads).toBe(1);
    expect(first.version).toBe("1.20.1");
  });

  test("a forgotten text is read again, even when it was forgotten while being analysed", async () => {
    const analyses = new ContentAnalyses({ maxBytes: 1024 * 1024 });
    const text = source();
    await analyses.of("h", LOG.length, text.read);
    analyses.forget("h");
    await analyses.of("h", LOG.length, text.read);
    expect(text.counted.reads).toBe(2);

    const slow = source();
    slow.counted.hold = true;
    const running = analyses.of("s", LOG.length, slow.read);
    analyses.forget("s");
    slow.release();
    await running;
    await analyses.of("s", LOG.length, slow.read);
    expect(slow.counted.reads).toBe(2);
  });

  test("a failed read is not remembered", async () => {
    const analyses = new ContentAnalyses({ maxBytes: 1024 * 1024 });
    await expect(analyses.of("h", 1, () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    const text = source();
    await analyses.of("h", LOG.length, text.read);
    expect(text.counted.reads).toBe(1);
  });

  test("older logs are analysed up to today's line limit", async () => {
    const analyses = new ContentAnalyses({ maxBytes: 1024 * 1024, maxLines: 3 });
    const many = Array.from({ length: 10 }, (_, i) => `line ${i}`).join("\n");
    const insights = await analyses.of("h", many.length, async () => many);
    expect(insights.entries.length).toBeLessThanOrEqual(3);
  });

  /** Analyses whose first runs are charged to a budget of 1,000 bytes. */
  const budgeted = () => {
    const budget = new SharedByteBudget(1000);
    return { budget, analyses: new ContentAnalyses({ maxBytes: 1024 * 1024, budget }) };
  };

  test("first reads share the byte budget: beyond it a reader gets server_busy, and nothing is remembered", async () => {
    const { budget, analyses } = budgeted();
    const first = source(LOG, true);
    const running = analyses.of("a", 600, first.read);
    expect(budget.heldBytes).toBe(600);

    const second = source();
    const refused = await analyses.of("b", 600, second.read).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: "server_busy", headers: { "retry-after": "2" } });
    expect((refused as ApiError).message).toContain("stored logs");
    expect(second.counted.reads).toBe(0);

    first.release();
    await running;
    expect(budget.heldBytes).toBe(0);
    // Not remembered as failed: the next reader gets the findings.
    expect((await analyses.of("b", 600, second.read)).version).toBe("1.20.1");
    expect(budget.heldBytes).toBe(0);
  });

  test("a text larger than the whole budget takes all of it and runs alone", async () => {
    const { budget, analyses } = budgeted();
    const big = source(LOG, true);
    const running = analyses.of("big", 5000, big.read);
    expect(budget.heldBytes).toBe(1000);
    await expect(analyses.of("small", 10, source().read)).rejects.toMatchObject({ code: "server_busy" });
    big.release();
    expect((await running).version).toBe("1.20.1");
    expect(budget.heldBytes).toBe(0);
  });

  test("the budget is given back when the read or the engine fails", async () => {
    const { budget, analyses } = budgeted();
    const failing = new ContentAnalyses({ maxBytes: 1024 * 1024, budget, engine: () => Promise.reject(new Error("engine broke")) });
    await expect(failing.of("e", 500, source().read)).rejects.toThrow("engine broke");
    expect(budget.heldBytes).toBe(0);
    await expect(analyses.of("gone", 500, () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(budget.heldBytes).toBe(0);
  });
});
