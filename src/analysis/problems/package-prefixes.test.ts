import { describe, expect, test } from "bun:test";
import { PackagePrefixes } from "./package-prefixes.ts";

describe("PackagePrefixes answers as a walk along the whole list would", () => {
  const prefixes = new PackagePrefixes([
    ["com.example.", "example"],
    ["com.example.lib.", "lib"],
    ["com.other.", "other"],
    ["appeng.", "ae2"],
    ["com.example.lib.", "second lib"],
  ]);

  test("the longest prefix wins, the first listed among equals", () => {
    expect(prefixes.longest("com.example.Foo")).toBe("example");
    expect(prefixes.longest("com.example.lib.Bar")).toBe("lib");
    expect(prefixes.longest("appeng.block.Foo")).toBe("ae2");
  });

  test("no prefix: a class of another package, a class without a package, a first segment alone", () => {
    expect(prefixes.longest("com.examples.Foo")).toBeUndefined();
    expect(prefixes.longest("Foo")).toBeUndefined();
    expect(prefixes.starts("appeng")).toBe(false);
    expect(prefixes.starts("org.example.Foo")).toBe(false);
    expect(prefixes.starts("com.other.Foo")).toBe(true);
  });

  test("a prefix must name a package segment", () => {
    expect(() => new PackagePrefixes([["nodot", 1]])).toThrow();
  });
});
