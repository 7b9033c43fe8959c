import { describe, expect, test } from "bun:test";
import { problemCatalog, problemRulesFor } from "../../../src/analysis/problems/index.ts";

const codesFor = (...groups: Parameters<typeof problemRulesFor>[0][number][]) => problemRulesFor(groups).map((r) => r.code);

describe("problem catalog", () => {
  test("lists 105 distinct problems, each with a summary and a group", () => {
    const catalog = problemCatalog();
    expect(catalog).toHaveLength(105);
    expect(new Set(catalog.map((c) => c.code)).size).toBe(105);
    for (const entry of catalog) {
      expect(entry.code).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(entry.summary.length).toBeGreaterThan(20);
      expect(entry.groups.length).toBeGreaterThan(0);
    }
  });

  test("group sizes follow the analyser composition", () => {
    const sizes = Object.fromEntries(
      (["jvm", "vanilla", "bukkit", "paper", "folia", "fabric", "forge", "crash-report", "pocketmine", "bedrock"] as const).map((g) => [g, codesFor(g).length]),
    );
    expect(sizes).toEqual({ jvm: 42, vanilla: 10, bukkit: 16, paper: 2, folia: 1, fabric: 9, forge: 16, "crash-report": 6, pocketmine: 3, bedrock: 3 });
  });
});

describe("rules come in analyser order", () => {
  test("Paper runs vanilla, then Bukkit, then its own rules", () => {
    const codes = codesFor("paper", "bukkit", "vanilla");
    expect(codes.slice(0, 2)).toEqual(["aquatic-world-on-older-version", "auth-servers-unreachable"]);
    expect(codes[10]).toBe("plugin-missing-dependency");
    expect(codes.slice(-2)).toEqual(["chunk-newer-version-downgrade", "plugin-api-version-below-minimum"]);
  });

  test("hybrids (Magma, Mohist, Arclight) run Forge rules before Bukkit rules", () => {
    const codes = codesFor("vanilla", "bukkit", "forge");
    expect(codes.indexOf("forge-missing-datapack-mod")).toBeLessThan(codes.indexOf("plugin-missing-dependency"));
    expect(codes).toHaveLength(10 + 16 + 16);
  });

  test("the order does not depend on how groups are listed", () => {
    expect(codesFor("fabric", "vanilla")).toEqual(codesFor("vanilla", "fabric"));
  });

  test("no groups, no rules", () => {
    expect(problemRulesFor([])).toEqual([]);
  });
});

describe("rules of two groups", () => {
  test("a Forge loading rule listed for Forge logs and crash reports runs once when both groups run", () => {
    const codes = codesFor("forge", "crash-report");
    expect(codes.filter((code) => code === "forge-dependency-missing")).toHaveLength(1);
    expect(codes).toHaveLength(16 + 6 - 3);
  });
});
