/**
 * Huge entries must stay linear: a 30,000-line stack trace with 40 KB lines built to trip
 * backtracking regexes. Only correctness is asserted here; speed belongs in the benchmarks.
 */
import { expect, test } from "bun:test";
import type { LogEntry } from "../../../src/analysis/model.ts";
import { analyse, ALL_GROUPS } from "./log-builder.ts";

const LINES = 30_000;
const FRAME = "\tat net.minecraft.server.level.ServerLevel.tick(ServerLevel.java:123) ~[server.jar:?]";

/** Lines that start like many patterns but never finish them. */
const TRAPS = [
  `Could not load 'plugins/${"a".repeat(40_000)}`,
  `- Mod '${"x' (".repeat(10_000)}`,
  `Mod §a${"§b requires §c".repeat(3_000)}`,
  `Caused by: ${" from mo".repeat(5_000)}`,
  `\tName: ${"a: ".repeat(13_000)}`,
  `java.util.concurrent.ExecutionException: ${"Overworld settings ".repeat(2_000)}`,
  // Repeated prefixes: a pattern with an unbounded run after its prefix would go quadratic here.
  `${"Error occurred while enabling x ".repeat(1_300)}(Is it up to date?`,
  "Found a duplicate mod x at [".repeat(1_500),
  // This one does complete near the line end: one forge-mod-exception is expected.
  "Caught exception from ".repeat(1_800),
  "Could not load 'plugins/".repeat(1_700),
  "Task #Task #".repeat(3_500),
  // The jvm group's shapes, each line carrying its cue word.
  // Any UnsatisfiedLinkError is a native-library problem: this one is expected too.
  `java.lang.UnsatisfiedLinkError: ${"C:\\a b".repeat(8_000)}`,
  `java.lang.UnsupportedClassVersionError: ${"a/".repeat(20_000)}`,
  `Mixin apply failed ${"a.json:b ".repeat(4_000)}`,
  `InvalidMixinException: ${" x.json".repeat(6_000)}`,
  `IllegalAccessError: ${"module m does not ".repeat(2_000)}`,
  `java.io.IOException: ${"/a ".repeat(12_000)}session.lock`,
  `Failure message: ${"Mod a requires ".repeat(2_500)}`,
  `Can't keep up! ${"Running ".repeat(5_000)}`,
  `Mod file ${"x ".repeat(20_000)}is missing mods.toml`,
  `${"a requires {".repeat(3_000)} @ [`,
  `Mod ID: '${"a', Requested by: '".repeat(2_000)}`,
];

function hugeEntry(): LogEntry {
  const lines: string[] = ["[10:00:00] [Server thread/ERROR]: Encountered an unexpected exception"];
  for (let i = 1; i < LINES; i++) {
    if (i === 600) lines.push("\tat net.minecraft.server.v1_8_R3.ChunkRegionLoader.loadEntities(ChunkRegionLoader.java:433)");
    else if (i % 5_000 === 1) lines.push(...TRAPS);
    // Thousands of anchors that all look ahead for the same follow-up line.
    else if (i >= 20_000 && i < 29_000 && i % 2 === 0) lines.push("Caused by: org.spongepowered.asm.mixin.transformer.throwables.MixinTransformerError: An unexpected critical error was encountered");
    else if (i === 29_500) lines.push("Caused by: org.spongepowered.asm.mixin.injection.throwables.InjectionError: failure in x.mixins.json from mod heavymod failed");
    else lines.push(FRAME);
  }
  return { level: 3, time: null, prefix: "[10:00:00] [Server thread/ERROR]:", lines: lines.map((content, i) => ({ number: i + 1, content })) };
}

test("a 30,000-line entry with 40 KB trap lines gives exactly the expected problems", () => {
  const entry = hugeEntry();
  expect(entry.lines.length).toBeGreaterThanOrEqual(LINES);
  const text = entry.lines.map((l) => l.content).join("\n");
  const found = analyse(ALL_GROUPS, text, [entry]);
  const mixin = found.find((p) => p.code === "mixin-failed");
  expect(found.map((p) => p.code).sort()).toEqual(["chunk-load-exception", "forge-mod-exception", "mixin-failed", "native-library-failed"]);
  expect(mixin?.message).toContain("'heavymod'");
  // Only anchors at most 1000 lines before the follow-up line count: lines 28,500..28,998, even ones.
  expect(mixin?.counter).toBe(250);
});
