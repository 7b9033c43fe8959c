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
});
