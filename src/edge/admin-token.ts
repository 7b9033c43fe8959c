/**
 * The operator's token (ADMIN_TOKEN), checked in constant time: both sides are hashed to 32
 * bytes first, so neither a byte's position nor the token's length shows in the timing.
 */
import { timingSafeEqual } from "node:crypto";

export class AdminToken {
  private readonly digest: Buffer;

  constructor(token: string) {
    this.digest = sha256(token);
  }

  /** Whether an Authorization header is `Bearer <the admin token>`. */
  authorizes(authorization: string | null | undefined): boolean {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
    return timingSafeEqual(sha256(match?.[1] ?? ""), this.digest) && match !== null;
  }
}

function sha256(text: string): Buffer {
  return Buffer.from(new Bun.CryptoHasher("sha256").update(text).digest());
}
