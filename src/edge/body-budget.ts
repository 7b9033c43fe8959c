/**
 * How many decoded request-body bytes the process holds at once. Each request's body is
 * bounded on its own (MAX_BODY_BYTES, MAX_DECODED_BYTES), but a few hundred bytes of stacked
 * gzip decode to tens of MiB, and then pass through text, parsing and filtering: 32 such
 * requests at once once took the process past 5 GiB. So every decoded byte is charged to one
 * budget (BODY_BUDGET_BYTES) for as long as its request runs; a request that would pass it is
 * answered 503 with Retry-After at once, and the others go on.
 */
import { ApiError } from "../errors.ts";

/**
 * The budget's counter, in memory shared with the intake's workers: they decode compressed
 * bodies (src/logs/preparation.ts) and charge what they produce to the same budget as the
 * request thread does. Worker and request thread each build one over the same buffer.
 */
export class SharedByteBudget {
  private readonly counter: BigInt64Array;

  constructor(
    readonly maxBytes: number,
    readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(8),
  ) {
    this.counter = new BigInt64Array(buffer);
  }

  get heldBytes(): number {
    return Number(Atomics.load(this.counter, 0));
  }

  /**
   * Charges `bytes`, or throws the 503 when the budget is spent (nothing is then charged).
   * `what` names the texts in the answer: request bodies, or stored logs read for their analysis.
   */
  take(bytes: number, what = "request bodies"): void {
    const held = Atomics.add(this.counter, 0, BigInt(bytes)) + BigInt(bytes);
    if (held > BigInt(this.maxBytes)) {
      Atomics.sub(this.counter, 0, BigInt(bytes));
      throw new ApiError(
        "server_busy",
        `Too many large ${what} are being decoded at once (BODY_BUDGET_BYTES, ${this.maxBytes} bytes); retry shortly.`,
        { "retry-after": "2" },
      );
    }
  }

  give(bytes: number): void {
    Atomics.sub(this.counter, 0, BigInt(bytes));
  }
}

export class BodyBudget {
  /** What the intake's workers need to charge the same budget (see SharedByteBudget). */
  readonly shared: SharedByteBudget;
  private readonly leases = new WeakMap<Request, BodyLease>();

  constructor(readonly maxBytes: number) {
    this.shared = new SharedByteBudget(maxBytes);
  }

  get heldBytes(): number {
    return this.shared.heldBytes;
  }

  /** The lease of the request the body reader holds, if the edge gave it one. */
  leaseOf(request: Request): BodyLease | undefined {
    return this.leases.get(request);
  }

  /** Runs `handle` with a lease for `request`; what the request reserved is given back when it answers. */
  async during(request: Request, handle: () => Response | Promise<Response>): Promise<Response> {
    const lease = new BodyLease(this.shared);
    this.leases.set(request, lease);
    try {
      return await handle();
    } finally {
      lease.release();
    }
  }
}

export class BodyLease {
  private reserved = 0;

  constructor(private readonly budget: SharedByteBudget) {}

  /** Charges `bytes` more to the budget, or throws the 503 when it is spent. */
  reserve(bytes: number): void {
    this.budget.take(bytes);
    this.reserved += bytes;
  }

  release(): void {
    this.budget.give(this.reserved);
    this.reserved = 0;
  }
}
