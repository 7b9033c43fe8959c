import { describe, expect, test } from "bun:test";
import { analyseLog } from "../../src/analysis/index.ts";
import { FORMATS } from "../../src/analysis/formats.ts";
import { countEntriesAtLeast, keepGroups, parseEntries } from "../../src/analysis/parse.ts";
import { normaliseLog } from "../../src/analysis/normalise.ts";
import { generatedServerLog } from "./fixtures/generated-logs.ts";
import { LOG_TYPE_FIXTURES } from "./fixtures/log-types.ts";

const utc = (y: number, mo: number, d: number, h: number, mi: number, s: number) => Date.UTC(y, mo - 1, d, h, mi, s) / 1000;
const entriesOf = (text: string) => analyseLog(text).entries;

describe("header formats group continuation lines", () => {
  test("a stack trace belongs to the header line above it", () => {
    const entries = entriesOf(
      [
        "[14:20:41] [ServerMain/ERROR]: Failed to start the minecraft server",
        "java.lang.IllegalArgumentException: nope",
        "\tat net.minecraft.server.Main.main(Main.java:1)",
        "[14:20:42] [Server thread/INFO]: Stopping server",
      ].join("\n"),
    );
    expect(entries.map((e) => [e.level, e.prefix, e.lines.map((l) => l.number)])).toEqual([
      [3, "[14:20:41] [ServerMain/ERROR]:", [1, 2, 3]],
      [6, "[14:20:42] [Server thread/INFO]:", [4]],
    ]);
    expect(entries[0].time).toBeNull();
  });

  test("lines before the first header form a prefix-less info entry", () => {
    const entries = entriesOf(["launcher says hi", "still the launcher", "[12:00:00] [main/WARN]: hello"].join("\n"));
    expect(entries[0]).toMatchObject({ level: 6, prefix: null, time: null });
    expect(entries[0].lines.map((l) => l.number)).toEqual([1, 2]);
    expect(entries[1]).toMatchObject({ level: 4, prefix: "[12:00:00] [main/WARN]:" });
  });

  test("a trailing newline keeps its empty last line in the last entry", () => {
    const entries = entriesOf("[12:00:00] [Server thread/INFO]: Done\n");
    expect(entries).toHaveLength(1);
    expect(entries[0].lines).toEqual([
      { number: 1, content: "[12:00:00] [Server thread/INFO]: Done" },
      { number: 2, content: "" },
    ]);
  });

  test("Paper's console format `[12:00:00 INFO]:` starts entries", () => {
    const entries = entriesOf(
      [
        "[12:00:00 INFO]: This server is running Paper version git-Paper-794 (MC: 1.16.5)",
        "[12:00:01 ERROR]: Could not load plugin",
        "java.lang.RuntimeException: x",
      ].join("\n"),
    );
    expect(entries.map((e) => [e.prefix, e.level, e.lines.length])).toEqual([
      ["[12:00:00 INFO]:", 6, 1],
      ["[12:00:01 ERROR]:", 3, 2],
    ]);
  });
});

describe("levels", () => {
  const levelOf = (word: string): number => parseEntries([`[12:00:00] [main/${word}]: x`], FORMATS.vanilla)[0].level;

  test.each([
    ["FATAL", 2],
    ["SEVERE", 2],
    ["ERROR", 3],
    ["WARN", 4],
    ["WARNING", 4],
    ["INFO", 6],
    ["TRACE", 6],
    ["DEBUG", 7],
    ["debug", 7],
  ])("%s is level %d", (word, level) => {
    expect(levelOf(word)).toBe(level);
  });

  test("Forge's STDERR channel makes an INFO header an error", () => {
    const [entry] = parseEntries(["[10:26:24] [Forge Version Check/INFO] [STDERR/Forge]: oops"], FORMATS.forge);
    expect(entry.level).toBe(3);
    expect(entry.prefix).toBe("[10:26:24] [Forge Version Check/INFO] [STDERR/Forge]:");
  });

  test("Forge thread names may contain a slash and the time a date token", () => {
    const [entry] = parseEntries(["[14Jun2024 10:26:24.157] [Chunk I/O Executor Thread-1/ERROR] [minecraft/RegionFile]: bad chunk"], FORMATS.forge);
    expect(entry).toMatchObject({ level: 3, prefix: "[14Jun2024 10:26:24.157] [Chunk I/O Executor Thread-1/ERROR] [minecraft/RegionFile]:" });
  });
});

describe("times (UTC, whole-second)", () => {
  test("old server logs carry a full date", () => {
    const [entry] = parseEntries(["2019-02-16 00:25:12 [INFO] Starting minecraft server version 1.5.2"], FORMATS.oldVanilla);
    expect(entry.time).toBe(utc(2019, 2, 16, 0, 25, 12));
    expect(entry.prefix).toBe("2019-02-16 00:25:12 [INFO]");
  });

  test("Pocketmine's captured time includes the bracket and milliseconds are dropped", () => {
    const [entry] = parseEntries(["2022-03-29 [00:38:19.573] [Server thread/INFO]: Loading"], FORMATS.pocketmine);
    expect(entry.time).toBe(utc(2022, 3, 29, 0, 38, 19));
  });

  test("Bedrock times with `:mmm` milliseconds stay null, as in the reference", () => {
    expect(parseEntries(["[2021-10-22 15:14:07:643 INFO] Starting"], FORMATS.bedrockServer)[0].time).toBeNull();
    expect(parseEntries(["[2021-10-22 15:14:07 INFO] Starting"], FORMATS.bedrockServer)[0].time).toBe(utc(2021, 10, 22, 15, 14, 7));
  });

  test("Glowstone lines without a date have no time", () => {
    const entries = parseEntries(["2019/02/16 00:12:45 [INFO] a", "00:12:46 [INFO] b"], FORMATS.glowstone);
    expect(entries.map((e) => e.time)).toEqual([utc(2019, 2, 16, 0, 12, 45), null]);
  });

  test("Hytale server and client headers", () => {
    expect(parseEntries(["[2026/01/21 12:47:11   INFO]  [World] x"], FORMATS.hytaleServer)[0]).toMatchObject({
      time: utc(2026, 1, 21, 12, 47, 11),
      prefix: "[2026/01/21 12:47:11   INFO]",
      level: 6,
    });
    expect(parseEntries(["2026-01-23 12:13:52.1840|SEVERE|Program|x"], FORMATS.hytaleClient)[0]).toMatchObject({
      time: utc(2026, 1, 23, 12, 13, 52),
      level: 2,
    });
  });
});

describe("crash reports: one entry per line, level from the line's shape", () => {
  const report = [
    "---- Minecraft Crash Report ----",
    "// This doesn't make any sense!",
    "Description: Ticking entity",
    "java.lang.NullPointerException: Cannot read field",
    "\tat net.minecraft.world.entity.Entity.tick(Entity.java:1)",
    "WARNING: coremods are present:",
    "Details:",
    "\tJava Version: 17.0.1, Oracle Corporation",
    "-- Entity being ticked --",
    "plain text",
  ];

  test("levels and prefixes", () => {
    const entries = parseEntries(report, FORMATS.report);
    expect(entries.map((e) => [e.level, e.prefix])).toEqual([
      [8, null],
      [9, null],
      [6, "Description:"],
      [10, null],
      [10, null],
      [4, null],
      [6, "Details:"],
      [6, "\tJava Version:"],
      [8, null],
      [6, null],
    ]);
    expect(entries.every((e) => e.time === null && e.lines.length === 1)).toBe(true);
  });

  // The reference's `(\w+\.?)+` backtracks exponentially here; this must simply finish.
  test("a long dotless word is checked as a stack-trace shape without stalling", () => {
    const [entry] = parseEntries(["net." + "a".repeat(50_000) + "!"], FORMATS.report);
    expect(entry.level).toBe(6);
  });
});

describe("counting entries at a level without parsing", () => {
  /** Level words in every casing the parser accepts, and Forge's STDERR channel in several. */
  const oddLevels = [
    "[12:00:00] [main/eRRoR]: a",
    "[12:00:00 Fatal]: b",
    "[12:00:00] [main/INFO] [stderr/]: c",
    "[12:00:00] [main/INFO] [STDERR/Forge]: d",
    "[12:00:00] [main/INFO] [stderrish]: e",
    "2024-01-01 12:00:00 [SEVERE] f",
    "12:00:00 [CRITICAL] g",
    "[12:00:00] [main/constructor]: h",
  ].join("\n");
  const samples = [...LOG_TYPE_FIXTURES.map((fixture) => fixture.text), oddLevels, generatedServerLog(100_000)];

  test("every header format counts what parsing and filtering the entries counts, at every level up to notice", () => {
    const differences: string[] = [];
    let counted = 0;
    for (const [name, format] of Object.entries(FORMATS)) {
      if (format.kind !== "header") continue;
      for (const text of samples) {
        const { lines } = normaliseLog(text);
        const entries = parseEntries(lines, format);
        for (let level = 0; level <= 5; level++) {
          const expected = entries.filter((entry) => entry.level <= level).length;
          const count = countEntriesAtLeast(lines, format, level as 0);
          counted += count;
          if (count !== expected) differences.push(`${name}, level ${level}: ${count} instead of ${expected} in ${text.slice(0, 80)}`);
        }
      }
    }
    expect(differences).toEqual([]);
    // Not vacuous: plenty of entries were at those levels.
    expect(counted).toBeGreaterThan(100);
  });
});

describe("keepGroups", () => {
  test("renumbers the kept groups and leaves what matches unchanged", () => {
    const pattern = /^(a)(?:b)(\(c\))[(d)](?<name>e)(?<=e)(?<!x)(f)/;
    const { pattern: kept, numbers } = keepGroups(pattern, [2, 4]);
    expect(kept.source).toBe(String.raw`^(?:a)(?:b)(\(c\))[(d)](?:e)(?<=e)(?<!x)(f)`);
    expect([...numbers]).toEqual([
      [2, 1],
      [4, 2],
    ]);
    const match = kept.exec("ab(c)(ef")!;
    expect([match[1], match[2]]).toEqual(["(c)", "f"]);
  });

  test("refuses backreferences, whose numbers it would break", () => {
    expect(() => keepGroups(/(a)\1/, [1])).toThrow(/backreferences/);
  });
});
