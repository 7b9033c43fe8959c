/**
 * Who is asking: the socket's peer address, or, only when that peer is a trusted proxy, the
 * client it forwards for (Forwarded, else X-Forwarded-For) and the scheme the client used.
 *
 * The socket address never travels in a header (a client could forge it): the listener records
 * it in a WeakMap keyed by the Request before handing the request to the app (src/server.ts),
 * and the edge reads it here. Requests handed to the app without a listener (unit tests calling
 * `fetch` directly) have no socket address and count as "unknown".
 */
import { cidrContains, clientGroup, formatIp, parseForwardedAddress, parseIp, type Cidr, type IpAddress } from "./ip.ts";

const socketAddresses = new WeakMap<Request, string>();

/** Called by the listener for every request, before the app sees it. */
export function rememberSocketAddress(request: Request, address: string | undefined | null): void {
  if (address) socketAddresses.set(request, address);
}

export function socketAddressOf(request: Request): string | undefined {
  return socketAddresses.get(request);
}

export interface Client {
  /** The client's address as text ("unknown" when there is no socket address). */
  ip: string;
  /** What the rate limiter counts: the IPv4 address or the IPv6 /64. */
  group: string;
  /** The scheme the client used, when a trusted proxy said so ("http" or "https"); else null. */
  forwardedProto: "http" | "https" | null;
  /** True when the request arrived through a trusted proxy. */
  viaTrustedProxy: boolean;
}

export interface ClientIpOptions {
  /** Peers whose forwarding headers are believed. Empty: headers are ignored. */
  trustedProxies: readonly Cidr[];
  /** How many forwarded addresses are examined at most (a long header is a forged one). */
  maxHops?: number;
}

const UNKNOWN: Client = { ip: "unknown", group: "unknown", forwardedProto: null, viaTrustedProxy: false };

export function clientIpResolver(options: ClientIpOptions) {
  const { trustedProxies } = options;
  const maxHops = options.maxHops ?? 20;
  const isTrusted = (ip: IpAddress) => trustedProxies.some((cidr) => cidrContains(cidr, ip));

  return function resolveClient(request: Request): Client {
    const raw = socketAddresses.get(request);
    const socket = raw ? parseIp(raw) : null;
    if (!socket) return raw ? { ...UNKNOWN, ip: raw, group: raw } : UNKNOWN;
    if (trustedProxies.length === 0 || !isTrusted(socket)) {
      return { ip: formatIp(socket), group: clientGroup(socket), forwardedProto: null, viaTrustedProxy: false };
    }
    const forwarded = forwardedChain(request.headers, maxHops);
    // Walk from the nearest hop outwards: every hop we trust appended the address left of it
    // honestly; the first one we do not trust is the client. Anything further left is its claim.
    let client = socket;
    for (let i = forwarded.addresses.length - 1; i >= 0; i--) {
      const hop = forwarded.addresses[i];
      if (!hop) break; // "unknown" or garbage: the last trusted hop is all we know
      client = hop;
      if (!isTrusted(hop)) break;
    }
    return { ip: formatIp(client), group: clientGroup(client), forwardedProto: forwarded.proto, viaTrustedProxy: true };
  };
}

function forwardedChain(headers: Headers, maxHops: number): { addresses: (IpAddress | null)[]; proto: "http" | "https" | null } {
  const standard = headers.get("forwarded");
  if (standard) {
    const elements = standard.split(",").slice(-maxHops);
    const addresses: (IpAddress | null)[] = [];
    let proto: string | null = null;
    for (const element of elements) {
      let address: IpAddress | null = null;
      for (const pair of element.split(";")) {
        const eq = pair.indexOf("=");
        if (eq === -1) continue;
        const key = pair.slice(0, eq).trim().toLowerCase();
        const value = pair.slice(eq + 1).trim().replace(/^"|"$/g, "");
        if (key === "for") address = parseForwardedAddress(value);
        // The scheme the client used is what the outermost proxy saw: the first element's.
        else if (key === "proto" && proto === null) proto = value.toLowerCase();
      }
      addresses.push(address);
    }
    return { addresses, proto: asProto(proto) };
  }
  const xff = headers.get("x-forwarded-for");
  const addresses = xff ? xff.split(",").slice(-maxHops).map(parseForwardedAddress) : [];
  const xfp = headers.get("x-forwarded-proto");
  return { addresses, proto: asProto(xfp ? xfp.split(",")[0].trim().toLowerCase() : null) };
}

function asProto(value: string | null): "http" | "https" | null {
  return value === "http" || value === "https" ? value : null;
}
