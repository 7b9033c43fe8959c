import { describe, expect, test } from "bun:test";
import { analyseLog } from "../../src/analysis/index.ts";
import { detectLog } from "../../src/analysis/analyse-log.ts";
import { MINECRAFT_LOG_TYPES, logTypeId } from "../../src/analysis/log-types.ts";
import { LOG_TYPE_FIXTURES } from "./fixtures/log-types.ts";

describe("detectLogType over one fixture per log type", () => {
  test.each(LOG_TYPE_FIXTURES.map((f) => [f.id, f.version ?? "no version", f] as const))("%s (%s)", (_id, _v, fixture) => {
    const result = analyseLog(fixture.text);
    expect({ id: result.id, name: result.name, version: result.version }).toEqual({
      id: fixture.id,
      name: fixture.name,
      version: fixture.version,
    });
  });

  test("every Minecraft log type id has a fixture", () => {
    const covered = new Set(LOG_TYPE_FIXTURES.map((f) => f.id));
    const missing = [...new Set(MINECRAFT_LOG_TYPES.map(logTypeId))].filter((id) => !covered.has(id));
    expect(missing).toEqual([]);
  });
});

describe("detection order and scores", () => {
  test("a plain Vanilla-format log is Vanilla although Bukkit-family formats tie", () => {
    expect(analyseLog("[12:00:00] [Server thread/INFO]: Done (1.0s)!\n").id).toBe("vanilla/server");
  });

  test("a server marker beats an embedded crash report", () => {
    const log = [
      "[12:00:01] [Server thread/INFO]: This server is running Paper version git-Paper-794 (MC: 1.16.5)",
      "[12:00:02] [Server thread/ERROR]: Encountered an unexpected exception",
      "---- Minecraft Crash Report ----",
      "Description: Exception in server tick loop",
    ].join("\n");
    expect(analyseLog(log).id).toBe("paper/server");
  });

  test("a ratio-only Vanilla log with an embedded crash report is a crash report", () => {
    const log = [
      "[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4",
      "[12:00:02] [Server thread/ERROR]: Encountered an unexpected exception",
      "---- Minecraft Crash Report ----",
      "Description: Exception in server tick loop",
      "\tMinecraft Version: 1.20.4",
    ].join("\n");
    const result = analyseLog(log);
    expect(result.id).toBe("vanilla/crash-report");
    expect(result.version).toBe("1.20.4");
  });

  test("the Forge weight marker decides between equal Forge-format ratios", () => {
    const log = "[12:00:05] [Server thread/INFO] [FML]: MinecraftForge v14.23.5.2860 Initialized\n";
    expect(analyseLog(log).id).toBe("forge/server");
  });

  test("console-format server output (`[12:00:00 INFO]: `) is recognised like latest.log", () => {
    const spigot = [
      "[12:00:00 INFO]: Starting minecraft server version 1.16.5",
      "[12:00:01 INFO]: This server is running CraftBukkit version 3284-Spigot-3892929-0ab1d0c (MC: 1.16.5)",
    ].join("\n");
    expect(analyseLog(spigot)).toMatchObject({ id: "spigot/server", version: "1.16.5" });
    expect(analyseLog("[12:00:00 INFO]: Done (3.2s)! For help, type \"help\"\n").id).toBe("vanilla/server");
  });

  test("Paper's banner since 1.20.5 (no `(MC: ...)`) still states the Minecraft version", () => {
    const paper = [
      "[10:00:00 INFO]: [bootstrap] Running Java 21 (OpenJDK 64-Bit Server VM 21.0.4+7-LTS) on Linux 6.1.0 (amd64)",
      "[10:00:05 INFO]: This server is running Paper version 1.21.1-119-master@7a9a4ab (2024-10-03T08:34:56Z) (Implementing API version 1.21.1-R0.1-SNAPSHOT)",
    ].join("\n");
    expect(analyseLog(paper)).toMatchObject({ id: "paper/server", version: "1.21.1" });
  });

  test("a Fabric log without a user line is a server log", () => {
    expect(analyseLog("[12:00:00] [main/INFO]: Loading Minecraft 1.20.1 with Fabric Loader 0.15.0\n").id).toBe("fabric/server");
  });

  test("a Hytale log is only tried when no Minecraft type claims the text", () => {
    const result = analyseLog("[2026/01/21 12:47:11   INFO]                   [World] Loading chunks\n");
    expect(result.id).toBe("hytale/server");
    expect(result.title).toBe("Hytale Server Log");
  });

  test("the title joins name, version and type label", () => {
    expect(analyseLog("[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.21.4\n").title).toBe("Vanilla 1.21.4 Server Log");
    expect(analyseLog("nothing to see").title).toBe("Unknown Log");
  });
});

describe("what a log states about itself reads the same from the analysis's literal scan as from searches of its own", () => {
  // Analyses find the facts' hints in the log's one literal scan and search a gate word only
  // where a fact holds without containing one; upload statistics search gates, then facts.
  const texts = [
    "[12:00:00] [main/INFO]: ModLauncher running: args [--launchTarget, fmlclient, --fml.forgeVersion, 47.2.0, --fml.mcVersion, 1.20.1]",
    // A fact without a gate word: the Forge gate (`orge`, `FML`...) is absent, so Forge is not stated.
    "[12:00:00] [main/INFO]: args [--launchTarget, fmlclient]",
    // The same fact with a gate word elsewhere in the log.
    "[12:00:00] [main/INFO]: args [--launchTarget, fmlclient]\n[12:00:01] [main/INFO]: FML: 8.0",
    "[12:00:00] [main/INFO]: args [--launchTarget, fmlserver]",
    "[12:00:00] [Render thread/INFO]: Setting user: Steve\n[12:00:01] [Render thread/INFO]: Loading Minecraft 1.20.1 with Fabric Loader 0.15.0",
    "[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.21.4\n[12:00:01] [Server thread/INFO]: This server is running Paper version git-Paper-196 (MC: 1.21.4)",
    "[12:00:00] [main/INFO]: Launched Version: 1.20.1-forge-47.2.0",
    "nothing to see",
  ];

  test.each(texts.map((text, i) => [i, text] as const))("text %i", (_i, text) => {
    const scanned = detectLog(text).evidence;
    const searched = detectLog(text, "own searches").evidence;
    expect({ software: scanned.software, side: scanned.side, version: scanned.minecraftVersion?.value ?? null }).toEqual({
      software: searched.software,
      side: searched.side,
      version: searched.minecraftVersion?.value ?? null,
    });
  });

  test("a fact without a gate word counts only with the gate", () => {
    expect(detectLog(texts[1]).evidence.software).toBeNull();
    expect(detectLog(texts[2]).evidence.software).toBe("Forge");
    expect(detectLog(texts[3]).evidence.side).toBe("server");
  });
});
