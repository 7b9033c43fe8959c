/**
 * Log ids and delete tokens (docs/API.md, Conventions: Ids and tokens): ids are random base62
 * from a CSPRNG; tokens are 32 random bytes as 64 hex characters, shown once, stored only as a
 * SHA-256 hash and compared in constant time. A fast hash is right here: the token has 256 bits
 * of entropy, so there is nothing to slow down a guesser with.
 */
import { timingSafeEqual } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 62 * 4 = 248: bytes at or above it are rejected so that every character is equally likely. */
const UNBIASED_LIMIT = 248;

export function newLogId(length: number): string {
  let id = "";
  while (id.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < UNBIASED_LIMIT) id += BASE62[byte % 62];
      if (id.length === length) break;
    }
  }
  return id;
}

/** Ids we could have issued: base62, bounded length. Anything else is unknown without a query. */
export function isPlausibleLogId(id: string): boolean {
  return /^[0-9A-Za-z]{1,64}$/.test(id);
}

export function newToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
}

export function hashToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

/** Constant-time comparison of a presented token with the stored hash. */
export function tokenMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(presented), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
