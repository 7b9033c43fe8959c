/**
 * The uploader's address as moderators may see it: an HMAC-SHA-256 of the client's address
 * group (the IPv4 address, or the IPv6 /64 the rate limiter counts), keyed with a secret the
 * instance makes for itself and keeps in its database. Logs from one client share a hash, so a
 * moderator can find the rest of an abuser's uploads; the address itself is never stored, and
 * without the key (which no route shows) the hash cannot be turned back into one by trying all
 * 2^32 IPv4 addresses.
 */
import { createHmac } from "node:crypto";
import { clientGroup, parseIp } from "../edge/ip.ts";

export const UPLOADER_HASH_SECRET = "uploader-hash";

export class UploaderHash {
  private key: Promise<Uint8Array> | null = null;

  /** `loadKey` reads (or makes) the instance secret; it is asked once, on the first upload. */
  constructor(private readonly loadKey: () => Promise<Uint8Array>) {}

  /** The hash of a client address (as the edge resolved it), or null when it is unknown. */
  async of(address: string | undefined): Promise<string | null> {
    if (!address || address === "unknown") return null;
    const parsed = parseIp(address);
    const group = parsed ? clientGroup(parsed) : address;
    this.key ??= this.loadKey().catch((error) => {
      this.key = null; // a database hiccup on the first upload must not stick
      throw error;
    });
    return createHmac("sha256", await this.key).update(group).digest("hex");
  }
}
