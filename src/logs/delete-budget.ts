/**
 * How many ids one client may test for deletion per minute, whatever the number of requests:
 * bulk delete takes 256 ids a request, and answers by id, so a budget per request let one
 * client probe thousands of ids a second. A single DELETE costs one id, a bulk delete one per id.
 */
import { ApiError } from "../errors.ts";
import { clientOf } from "../edge/app-request.ts";
import { SlidingWindowLimiter, type LimitRule } from "../edge/sliding-window.ts";

export class DeleteBudget {
  private readonly limiter = new SlidingWindowLimiter({ maxBuckets: 100_000 });
  private readonly rule: LimitRule;

  constructor(readonly idsPerMinute: number) {
    this.rule = { max: idsPerMinute, windowMs: 60_000 };
  }

  /** Charges `ids` to the request's client, or throws a 429 naming the limit. */
  charge(request: Request, ids: number): void {
    const client = clientOf(request);
    if (!client) return; // not through the edge: tools and benchmarks
    const decision = this.limiter.check(`delete ${client.group}`, this.rule, ids);
    if (!decision.allowed) {
      throw new ApiError(
        "rate_limited",
        `Too many log ids tested for deletion: at most ${this.idsPerMinute} a minute per client (DELETE_IDS_PER_MINUTE).`,
        { "retry-after": String(Math.max(1, Math.ceil(decision.retryAfterS || 60))) },
      );
    }
  }
}
