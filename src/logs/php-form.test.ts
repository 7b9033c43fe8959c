/**
 * The PHP-style form decoder on its own: the corners the HTTP tests do not reach.
 */
import { describe, expect, test } from "bun:test";
import { decodePhpForm, type PhpFormMap } from "./php-form.ts";

function decoded(query: string): unknown {
  const plain = (map: PhpFormMap): unknown => Object.fromEntries([...map].map(([key, value]) => [key, value instanceof Map ? plain(value) : value]));
  return plain(decodePhpForm(new URLSearchParams(query)));
}

describe("decodePhpForm", () => {
  test("a repeated name keeps its first place and its last value", () => {
    const map = decodePhpForm(new URLSearchParams("a=1&b=2&a=3"));
    expect([...map]).toEqual([["a", "3"], ["b", "2"]]);
  });

  test("[] appends after the largest integer key, as PHP does", () => {
    expect(decoded("x[]=1&x[]=2&x[5]=3&x[]=4")).toEqual({ x: { 0: "1", 1: "2", 5: "3", 6: "4" } });
  });

  test("a later nested name replaces a plain value of the same name", () => {
    expect(decoded("metadata=[]&metadata[0][key]=k")).toEqual({ metadata: { 0: { key: "k" } } });
  });

  test("an unclosed first bracket is part of the name; text after the last bracket is ignored", () => {
    expect(decoded("a[b=1&c[d]e[f]=2")).toEqual({ a_b: "1", c: { d: "2" } });
  });

  test("names without a base, or nested deeper than 16, are dropped", () => {
    expect(decoded(`[x]=1&deep${"[a]".repeat(16)}=2&ok=3`)).toEqual({ ok: "3" });
  });

  test("a name of a million brackets is dropped at once, not read whole (it was a 500 after seconds)", () => {
    const started = performance.now();
    expect(decoded(`content=hello&a${"[]".repeat(2_000_000)}=1`)).toEqual({ content: "hello" });
    expect(decoded(`b${"[x".repeat(1_000_000)}=1`)).toEqual({ [`b_x${"[x".repeat(999_999)}`]: "1" });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test("brackets inside a segment and after the last one read as PHP reads them", () => {
    expect(decoded("a[b[c]=1&d[e]]=2&f[]x[g]=3")).toEqual({ a: { "b[c": "1" }, d: { e: "2" }, f: { 0: "3" } });
  });
});
