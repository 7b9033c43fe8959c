/**
 * The rate limiter's answer, in one place: the limiter sends it, and GET /errors/rate sends the
 * same body so clients can test their handling of it.
 */
import { ApiError } from "../errors.ts";

export function rateLimitError(retryAfterS: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterS));
  return new ApiError(
    "rate_limited",
    `Too many requests. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
    { "retry-after": String(seconds) },
  );
}
