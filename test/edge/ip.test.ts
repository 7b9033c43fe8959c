/** Address parsing, CIDR matching and client grouping, as tables. */
import { describe, expect, test } from "bun:test";
import { cidrContains, clientGroup, formatIp, parseCidr, parseCidrList, parseForwardedAddress, parseIp } from "../../src/edge/ip.ts";
import { RouteCatalogue } from "../../src/edge/route-catalogue.ts";

describe("parseIp", () => {
  const cases: [string, string | null][] = [
    ["192.0.2.1", "192.0.2.1"],
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["::ffff:c000:0201", "192.0.2.1"],
    ["2001:db8::1", "2001:db8:0:0:0:0:0:1"],
    ["2001:DB8:0:0:1::", "2001:db8:0:0:1:0:0:0"],
    ["::1", "0:0:0:0:0:0:0:1"],
    ["::", "0:0:0:0:0:0:0:0"],
    ["fe80::1%eth0", "fe80:0:0:0:0:0:0:1"],
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0:0:0:c000:201"],
    ["256.0.0.1", null],
    ["1.2.3", null],
    ["2001:db8::1::2", null],
    ["1:2:3:4:5:6:7:8:9", null],
    ["12345::", null],
    ["unknown", null],
    ["", null],
  ];
  for (const [input, expected] of cases) {
    test(`'${input}' -> ${expected}`, () => {
      const ip = parseIp(input);
      expect(ip ? formatIp(ip) : null).toBe(expected);
    });
  }
});

describe("parseForwardedAddress", () => {
  const cases: [string, string | null][] = [
    ["203.0.113.7", "203.0.113.7"],
    ["203.0.113.7:4711", "203.0.113.7"],
    ['"[2001:db8:cafe::17]:4711"', "2001:db8:cafe:0:0:0:0:17"],
    ["[2001:db8::1]", "2001:db8:0:0:0:0:0:1"],
    ["2001:db8::1", "2001:db8:0:0:0:0:0:1"],
    ["unknown", null],
    ["_hidden", null],
  ];
  for (const [input, expected] of cases) {
    test(`'${input}' -> ${expected}`, () => {
      const ip = parseForwardedAddress(input);
      expect(ip ? formatIp(ip) : null).toBe(expected);
    });
  }
});

describe("CIDR ranges", () => {
  const cases: [string, string, boolean][] = [
    ["10.0.0.0/8", "10.255.1.2", true],
    ["10.0.0.0/8", "11.0.0.1", false],
    ["192.168.1.0/25", "192.168.1.127", true],
    ["192.168.1.0/25", "192.168.1.128", false],
    ["127.0.0.1", "127.0.0.1", true],
    ["127.0.0.1", "::ffff:127.0.0.1", true],
    ["::ffff:10.0.0.0/104", "10.9.9.9", true],
    ["2001:db8::/32", "2001:db8:ffff::1", true],
    ["2001:db8::/32", "2001:db9::1", false],
    ["::1", "::1", true],
    ["0.0.0.0/0", "8.8.8.8", true],
    ["::/0", "8.8.8.8", false],
  ];
  for (const [range, address, inside] of cases) {
    test(`${address} ${inside ? "is" : "is not"} in ${range}`, () => {
      expect(cidrContains(parseCidr(range)!, parseIp(address)!)).toBe(inside);
    });
  }

  test("a list with a bad entry names it", () => {
    expect(parseCidrList("10.0.0.0/8, 172.16.0.0/12 ::1").length).toBe(3);
    expect(() => parseCidrList("10.0.0.0/8, 10.0.0.0/33")).toThrow("10.0.0.0/33");
    expect(() => parseCidrList("proxy.example")).toThrow("proxy.example");
  });
});

test("IPv6 clients are grouped by /64, IPv4 by address", () => {
  expect(clientGroup(parseIp("2001:db8:1:2:3:4:5:6")!)).toBe("2001:db8:1:2::/64");
  expect(clientGroup(parseIp("2001:db8:1:2::ffff")!)).toBe("2001:db8:1:2::/64");
  expect(clientGroup(parseIp("::ffff:198.51.100.4")!)).toBe("198.51.100.4");
});

describe("route keys", () => {
  const keys = new RouteCatalogue(
    [
      { method: "GET", path: "/v1/raw/:id" },
      { method: "GET", path: "/v1/raw/:id/*" },
      { method: "GET", path: "/1/raw/:id" },
      { method: "GET", path: "/v1/log/:id" },
      { method: "GET", path: "/v1/limits" },
      { method: "GET", path: "/:id" },
      { method: "GET", path: "/" },
    ],
    { aliases: { "/1": "/v1" } },
  );
  const cases: [string, string, string][] = [
    ["GET", "/v1/raw/abc", "GET /v1/raw/{id}"],
    ["GET", "/1/raw/abc", "GET /v1/raw/{id}"],
    ["GET", "/1/raw/abc/logs/x.log", "GET /v1/raw/{id}/{filename}"],
    ["GET", "/v1/limits", "GET /v1/limits"],
    ["GET", "/v1/limits/", "GET /v1/limits"],
    ["GET", "/abcdefgh", "GET /{id}"],
    ["GET", "/", "GET /"],
    ["GET", "/v1/unknown/deep/path", "GET (unmatched)"],
    ["BREW", "/v1/limits", "OTHER /v1/limits"],
    ["GET", `/${"a/".repeat(100)}`, "GET (unmatched)"],
  ];
  for (const [method, path, key] of cases) {
    test(`${method} ${path.slice(0, 40)} counts as ${key}`, () => expect(keys.key(method, path)).toBe(key));
  }
});
