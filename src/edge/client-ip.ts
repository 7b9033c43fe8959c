/**
 * Who is asking: the socket's peer address, or, only when that peer is a trusted proxy, the
 * client it forwards for (Forwarded, else X-Forwarded-For) and the scheme the client used.
 *
 * The socket address never travels in a header (a client could forge it): the listener records
 * it in a WeakMap keyed by the Request before handing the request to the app (src/server.ts),
 * and the edge reads it here. Requests handed to the app without a listener (unit tests calling
 * `fetch` directly) have no socket address and count as "unknown".
 */
import { LRUCache } from "lru-cache";
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

/**
 * A socket address as the resolver needs it: parsed (null: not an IP address), and the client it
 * is when its forwarding headers are not believed (null: a trusted proxy, whose headers are read).
 */
interface SocketPeer {
  address: IpAddress | null;
  direct: Client | null;
}

/**
 * How many socket addresses stay parsed. A client sends many requests from one address; parsing
 * it every time (typed arrays for the bytes, the IPv4-mapped IPv6 form a dual-stack socket
 * reports) cost about 7 µs a request under load, a fifth of serving /healthz.
 */
const PEERS_KEPT = 4096;

export function clientIpResolver(options: ClientIpOptions) {
  const { trustedProxies } = options;
  const maxHops = options.maxHops ?? 20;
  const isTrusted = (ip: IpAddress) => trustedProxies.some((cidr) => cidrContains(cidr, ip));
  const peers = new LRUCache<string, SocketPeer>({ max: PEERS_KEPT });

  function peerOf(raw: string): SocketPeer {
    let peer = peers.get(raw);
    if (peer === undefined) {
      const address = parseIp(raw);
      const direct: Client | null = !address
        ? { ...UNKNOWN, ip: raw, group: raw }
        : trustedProxies.length === 0 || !isTrusted(address)
          ? { ip: formatIp(address), group: clientGroup(address), forwardedProto: null, viaTrustedProxy: false }
          : null;
      // Shared by every request from this address: nothing may change it.
      peer = { address, direct: direct && Object.freeze(direct) };
      peers.set(raw, peer);
    }
    return peer;
  }

  return function resolveClient(request: Request): Client {
    const raw = socketAddresses.get(request);
    if (!raw) return UNKNOWN;
    const peer = peerOf(raw);
    if (peer.direct) return peer.direct;
    const forwarded = forwardedChain(request.headers, maxHops);
    // Walk from the nearest hop outwards: every hop we trust appended the address left of it
    // honestly; the first one we do not trust is the client. Anything further left is its claim.
    let client = peer.address!;
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
