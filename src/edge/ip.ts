/**
 * IP addresses and CIDR ranges, parsed to bytes so that matching a trusted proxy or grouping an
 * IPv6 client by its /64 is a byte comparison, not a string guess. IPv4-mapped IPv6 addresses
 * (::ffff:1.2.3.4, what a dual-stack socket reports for IPv4 peers) are treated as IPv4.
 */

export interface IpAddress {
  family: 4 | 6;
  /** 4 or 16 bytes, network order. */
  bytes: Uint8Array;
}

export interface Cidr extends IpAddress {
  prefix: number;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parseIpv4(text: string): Uint8Array | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const value = Number(match[i + 1]);
    if (value > 255) return null;
    bytes[i] = value;
  }
  return bytes;
}

function parseIpv6(text: string): Uint8Array | null {
  const zone = text.indexOf("%");
  if (zone !== -1) text = text.slice(0, zone);
  if (text.length < 2 || text.length > 45) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string): string[] => (half === "" ? [] : half.split(":"));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const words: number[] = [];
  const all = [...head, ...tail];
  // An embedded IPv4 address may end the text (::ffff:1.2.3.4); it takes two groups.
  let v4: Uint8Array | null = null;
  const last = all[all.length - 1];
  if (last?.includes(".")) {
    v4 = parseIpv4(last);
    if (!v4) return null;
    (tail.length > 0 ? tail : head).pop();
  }
  const toWords = (list: string[]): number[] | null => {
    const out: number[] = [];
    for (const group of list) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
      out.push(Number.parseInt(group, 16));
    }
    return out;
  };
  const headWords = toWords(head);
  const tailWords = toWords(tail);
  if (!headWords || !tailWords) return null;
  const total = 8 - (v4 ? 2 : 0);
  const missing = total - headWords.length - tailWords.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  words.push(...headWords, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tailWords);
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[i * 2] = word >> 8;
    bytes[i * 2 + 1] = word & 0xff;
  });
  if (v4) bytes.set(v4, 12);
  return bytes;
}

/** Parses an IPv4 or IPv6 address (no port, no brackets); null when it is not one. */
export function parseIp(text: string): IpAddress | null {
  const v4 = parseIpv4(text);
  if (v4) return { family: 4, bytes: v4 };
  const v6 = parseIpv6(text);
  if (!v6) return null;
  // ::ffff:a.b.c.d is an IPv4 peer seen through a dual-stack socket.
  if (v6.subarray(0, 10).every((b) => b === 0) && v6[10] === 0xff && v6[11] === 0xff) {
    return { family: 4, bytes: v6.slice(12) };
  }
  return { family: 6, bytes: v6 };
}

/**
 * Parses an address as it appears in X-Forwarded-For or Forwarded: optionally quoted, bracketed
 * IPv6 with a port, IPv4 with a port. Null for "unknown", obfuscated names and garbage.
 */
export function parseForwardedAddress(raw: string): IpAddress | null {
  let text = raw.trim();
  if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) text = text.slice(1, -1);
  if (text.startsWith("[")) {
    const end = text.indexOf("]");
    if (end === -1) return null;
    return parseIp(text.slice(1, end));
  }
  // IPv4 with a port has exactly one colon; IPv6 without brackets has several.
  const colon = text.indexOf(":");
  if (colon !== -1 && colon === text.lastIndexOf(":")) text = text.slice(0, colon);
  return parseIp(text);
}

/** Parses "10.0.0.0/8", "2001:db8::/32" or a single address (a /32 or /128). */
export function parseCidr(text: string): Cidr | null {
  const [address, prefixText, ...rest] = text.trim().split("/");
  if (rest.length > 0) return null;
  const ip = parseIp(address);
  if (!ip) return null;
  const maxPrefix = ip.family === 4 ? 32 : 128;
  // A mapped IPv4 range written in IPv6 form keeps its meaning: ::ffff:10.0.0.0/104 is 10.0.0.0/8.
  const mapped = ip.family === 4 && address.includes(":");
  let prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (mapped && prefixText !== undefined) prefix -= 96;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > maxPrefix || (prefixText !== undefined && !/^\d+$/.test(prefixText))) return null;
  return { ...ip, prefix };
}

/** Parses a comma- or space-separated CIDR list; throws naming the first entry that is not one. */
export function parseCidrList(text: string): Cidr[] {
  const entries = text.split(/[\s,]+/).filter((entry) => entry !== "");
  return entries.map((entry) => {
    const cidr = parseCidr(entry);
    if (!cidr) throw new Error(`'${entry.slice(0, 60)}' is not an IP address or CIDR range`);
    return cidr;
  });
}

export function cidrContains(cidr: Cidr, ip: IpAddress): boolean {
  if (cidr.family !== ip.family) return false;
  const fullBytes = cidr.prefix >> 3;
  for (let i = 0; i < fullBytes; i++) if (cidr.bytes[i] !== ip.bytes[i]) return false;
  const bits = cidr.prefix & 7;
  if (bits === 0) return true;
  const mask = (0xff << (8 - bits)) & 0xff;
  return (cidr.bytes[fullBytes] & mask) === (ip.bytes[fullBytes] & mask);
}

/** Text form of an address: dotted IPv4, or IPv6 as eight lower-case hex groups (not compressed). */
export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) return ip.bytes.join(".");
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((ip.bytes[i] << 8) | ip.bytes[i + 1]).toString(16));
  return groups.join(":");
}

/**
 * The unit a client is counted as: an IPv4 address, or an IPv6 /64 (one subscriber usually holds
 * a whole /64, so counting single IPv6 addresses would give each of them 2^64 budgets).
 */
export function clientGroup(ip: IpAddress): string {
  if (ip.family === 4) return ip.bytes.join(".");
  const groups: string[] = [];
  for (let i = 0; i < 8; i += 2) groups.push(((ip.bytes[i] << 8) | ip.bytes[i + 1]).toString(16));
  return `${groups.join(":")}::/64`;
}
