/**
 * Tells a database outage from a bug: connection refused or reset, timeouts, a server shutting
 * down or not accepting connections, a database or its tables dropped. Those become 503 with Retry-After (the client should come
 * back), everything else stays a 500.
 */
import { ApiError } from "../errors.ts";
import { errorCodes, isSqlState } from "./driver-errors.ts";

/** Node/Bun socket errors and postgres.js's own connection error codes. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN",
  "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT",
]);

/**
 * SQLSTATE: class 08 (connection exception), 57P01-03 (shutting down, cannot connect now), 53300
 * (too many connections), and a database that lost its content under us: 3D000 (the database
 * was dropped), 3F000 and 42P01 (its schema or our tables are gone; migrations made them at
 * start, so this is an operator's reset, not a query of ours gone wrong).
 */
const OUTAGE_STATES = new Set(["57P01", "57P02", "57P03", "53300", "3D000", "3F000", "42P01"]);
function isOutageState(code: string): boolean {
  return code.startsWith("08") || OUTAGE_STATES.has(code);
}

export const RETRY_AFTER_OUTAGE_S = 5;

export function isDatabaseOutage(error: unknown): boolean {
  return errorCodes(error).some((code) => CONNECTION_CODES.has(code) || (isSqlState(code) && isOutageState(code)));
}

export function databaseUnavailable(): ApiError {
  return new ApiError("database_unavailable", "The database is unavailable right now; try again shortly.", {
    "retry-after": String(RETRY_AFTER_OUTAGE_S),
  });
}

/**
 * Fail fast while the database is down: after an outage error, calls fail at once with 503 for
 * `cooldownMs`; the first call after that tries the database again (and closes the breaker if it
 * works). Without it every request would wait out the driver's connect timeout, once per query.
 *
 * Only news opens it: a call that fails or times out after some call that started later has
 * succeeded says nothing about the database now (a query sent as the database came back can
 * time out seconds after everything else works again), so it gets its 503 alone.
 */
export class OutageBreaker {
  private openUntil = 0;
  /** Calls are numbered as they start; the highest number that has succeeded so far. */
  private calls = 0;
  private lastSucceeded = 0;

  /**
   * @param timeoutMs a call that takes longer is answered 503 and opens the breaker: while the
   *   database restarts, the driver queues queries and retries connecting instead of failing.
   *   (The call itself is not cancelled; an upload that lands late was never acknowledged.)
   */
  constructor(
    private readonly timeoutMs: number,
    private readonly cooldownMs = 1000,
  ) {}

  get isOpen(): boolean {
    return Date.now() < this.openUntil;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.isOpen) throw databaseUnavailable();
    const call = ++this.calls;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DatabaseTimeout()), this.timeoutMs);
    });
    const result = work();
    result.catch(() => {}); // a late failure after the deadline has nobody to tell
    try {
      const value = await Promise.race([result, deadline]);
      this.lastSucceeded = Math.max(this.lastSucceeded, call);
      return value;
    } catch (error) {
      if (!(error instanceof DatabaseTimeout) && !isDatabaseOutage(error)) throw error;
      if (this.lastSucceeded < call) this.openUntil = Date.now() + this.cooldownMs;
      throw databaseUnavailable();
    } finally {
      clearTimeout(timer);
    }
  }
}

class DatabaseTimeout extends Error {}

/**
 * The same object, every method run through the breaker (so every method becomes async: meant
 * for stores whose methods all are). While the breaker is open a method is not even called.
 */
export function guardedByBreaker<T extends object>(target: T, breaker: OutageBreaker): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => breaker.run(async () => value.apply(object, args));
    },
  });
}
