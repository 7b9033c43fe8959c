/**
 * How many decoded request-body bytes the process holds at once. Each request's body is
 * bounded on its own (MAX_BODY_BYTES, MAX_DECODED_BYTES), but a few hundred bytes of stacked
 * gzip decode to tens of MiB, and then pass through text, parsing and filtering: 32 such
 * requests at once once took the process past 5 GiB. So every decoded byte is charged to one
 * budget (BODY_BUDGET_BYTES) for as long as its request runs; a request that would pass it is
 * answered 503 with Retry-After at once, and the others go on.
 */
import { ApiError } from "../errors.ts";

export class BodyBudget {
  private held = 0;
  private readonly leases = new WeakMap<Request, BodyLease>();

  constructor(readonly maxBytes: number) {}

  get heldBytes(): number {
    return this.held;
  }

  /** The lease of the request the body reader holds, if the edge gave it one. */
  leaseOf(request: Request): BodyLease | undefined {
    return this.leases.get(request);
  }

  /** Runs `handle` with a lease for `request`; what the request reserved is given back when it answers. */
  async during(request: Request, handle: () => Response | Promise<Response>): Promise<Response> {
    const lease = new BodyLease(this);
    this.leases.set(request, lease);
    try {
      return await handle();
    } finally {
      lease.release();
    }
  }

  /** @internal BodyLease's side of the accounting. */
  take(bytes: number): void {
    if (this.held + bytes > this.maxBytes) {
      throw new ApiError(
        "server_busy",
        `Too many large request bodies are being decoded at once (BODY_BUDGET_BYTES, ${this.maxBytes} bytes); retry shortly.`,
        { "retry-after": "2" },
      );
    }
    this.held += bytes;
  }

  /** @internal */
  give(bytes: number): void {
    this.held -= bytes;
  }
}

export class BodyLease {
  private reserved = 0;

  constructor(private readonly budget: BodyBudget) {}

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
