/**
 * The resolver keeps parsed socket addresses: what it keeps must never stand in for what a
 * request's own headers say when its peer is a trusted proxy.
 */
import { describe, expect, test } from "bun:test";
import { clientIpResolver, rememberSocketAddress } from "./client-ip.ts";
import { parseCidrList } from "./ip.ts";

function requestFrom(socket: string, headers: Record<string, string> = {}): Request {
  const request = new Request("http://service.test/healthz", { headers });
  rememberSocketAddress(request, socket);
  return request;
}

describe("clientIpResolver", () => {
  test("a trusted proxy's requests are each read from their own forwarding headers", () => {
    const resolve = clientIpResolver({ trustedProxies: parseCidrList("10.0.0.0/8") });
    const first = resolve(requestFrom("10.0.0.5", { "x-forwarded-for": "203.0.113.7" }));
    const second = resolve(requestFrom("10.0.0.5", { "x-forwarded-for": "198.51.100.9", "x-forwarded-proto": "https" }));
    const bare = resolve(requestFrom("10.0.0.5"));
    expect(first).toMatchObject({ ip: "203.0.113.7", group: "203.0.113.7", viaTrustedProxy: true, forwardedProto: null });
    expect(second).toMatchObject({ ip: "198.51.100.9", viaTrustedProxy: true, forwardedProto: "https" });
    expect(bare).toMatchObject({ ip: "10.0.0.5", viaTrustedProxy: true });
  });

  test("a peer that is not trusted is itself the client, on its first request and after", () => {
    const resolve = clientIpResolver({ trustedProxies: parseCidrList("10.0.0.0/8") });
    for (let i = 0; i < 3; i++) {
      const client = resolve(requestFrom("::ffff:192.0.2.44", { "x-forwarded-for": `203.0.113.${i}` }));
      expect(client).toEqual({ ip: "192.0.2.44", group: "192.0.2.44", forwardedProto: null, viaTrustedProxy: false });
    }
  });

  test("an IPv6 peer is counted by its /64, and a client shared between requests cannot be changed", () => {
    const resolve = clientIpResolver({ trustedProxies: [] });
    const client = resolve(requestFrom("2001:db8:1:2:3:4:5:6"));
    expect(client.group).toBe("2001:db8:1:2::/64");
    expect(() => {
      (client as { group: string }).group = "someone else";
    }).toThrow();
    expect(resolve(requestFrom("2001:db8:1:2:3:4:5:6")).group).toBe("2001:db8:1:2::/64");
  });

  test("a socket address that is no IP address is kept as it is; none at all is unknown", () => {
    const resolve = clientIpResolver({ trustedProxies: [] });
    expect(resolve(requestFrom("not-an-address"))).toMatchObject({ ip: "not-an-address", group: "not-an-address" });
    expect(resolve(new Request("http://service.test/"))).toMatchObject({ ip: "unknown", group: "unknown" });
  });
});
