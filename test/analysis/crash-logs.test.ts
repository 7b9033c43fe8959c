/**
 * Whole crash logs end to end: the software, client or server, and version they state; the
 * rules of the loader they show, whatever their type; the mod their stack trace points at.
 */
import { describe, expect, test } from "bun:test";
import { detectLogType } from "../../src/analysis/detect.ts";
import { analyseLog } from "../../src/analysis/index.ts";
import { logTypeId } from "../../src/analysis/log-types.ts";
import { normaliseLog } from "../../src/analysis/normalise.ts";
import * as logs from "./fixtures/crash-logs.ts";

const detected = (text: string) => {
  const { id, name, type, version } = analyseLog(text);
  return { id, name, type, version };
};
const problems = (text: string) => analyseLog(text).analysis.problems;
const only = (text: string, code: string) => {
  const found = problems(text).filter((p) => p.code === code);
  expect(found).toHaveLength(1);
  return found[0];
};
const referenceType = (text: string) => logTypeId(detectLogType(normaliseLog(text)));

describe("detection: what the log states", () => {
  test.each([
    ["a Forge 1.20.1 client latest.log", logs.FORGE_CLIENT_LOG, "forge/client", "Client Log", "1.20.1"],
    ["a Forge client log in the launcher's plain layout", logs.FORGE_CLIENT_LOG_PLAIN_LAYOUT, "forge/client", "Client Log", "1.20.1"],
    ["an early Forge 1.12.2 crash report without a brand line", logs.FORGE_1_12_CRASH_REPORT, "forge/crash-report", "Crash Report", "1.12.2"],
    ["a Fabric 0.11 log with `Loading for game Minecraft`", logs.OLD_FABRIC_CLIENT_LOG, "fabric/client", "Client Log", "1.16.5"],
    ["a Quilt server log", logs.QUILT_SERVER_LOG, "quilt/server", "Server Log", "1.20.1"],
    ["a NeoForge client crash report", logs.NEOFORGE_CLIENT_CRASH_REPORT, "neoforge/crash-report", "Crash Report", "1.20.4"],
    ["a Mohist crash report with Forge's brand line", logs.MOHIST_CRASH_REPORT, "mohist/crash-report", "Crash Report", "1.20.1"],
    ["a Magma crash report", logs.MAGMA_CRASH_REPORT, "magma/crash-report", "Crash Report", "1.16.5"],
    ["a Fabric crash report", logs.FABRIC_CRASH_REPORT_WITH_SUSPECTS, "fabric/crash-report", "Crash Report", "1.20.1"],
    ["an old Forge client log without its launch line", logs.FORGE_1_12_NEEDS_NEWER_FORGE, "forge/client", "Client Log", "1.12.2"],
    ["a Forge server log", logs.FORGE_1_16_NEEDS_OTHER_MINECRAFT, "forge/server", "Server Log", "1.16.5"],
    ["a Vanilla server log that printed a crash report", logs.VANILLA_SERVER_LOG_WITH_REPORT, "vanilla/server", "Server Log", "1.20.4"],
  ])("%s", (_what, text, id, type, version) => {
    expect(detected(text)).toMatchObject({ id, type, version });
  });

  test("logs the reference typed as Vanilla now name their loader and side", () => {
    expect(referenceType(logs.FORGE_CLIENT_LOG_PLAIN_LAYOUT)).toBe("vanilla/client");
    expect(referenceType(logs.FORGE_1_12_CRASH_REPORT)).toBe("vanilla/crash-report");
    expect(referenceType(logs.OLD_FABRIC_CLIENT_LOG)).toBe("vanilla/client");
    expect(referenceType(logs.VANILLA_SERVER_LOG_WITH_REPORT)).toBe("vanilla/crash-report");
  });

  test("a Forge 1.12 client log without logger channels was a Vanilla server, and is a Forge client", () => {
    const log = [
      "[15:20:01] [main/INFO]: Loading tweak class name net.minecraftforge.fml.common.launcher.FMLTweaker",
      "[15:20:01] [main/INFO]: Forge Mod Loader version 14.23.5.2859 for Minecraft 1.12.2 loading",
      "[15:20:02] [main/INFO]: Java is Java HotSpot(TM) 64-Bit Server VM, version 1.8.0_51, running on Windows 10:amd64:10.0",
      "[15:20:09] [Client thread/INFO]: Setting user: Kai",
      "[15:20:15] [Client thread/INFO]: LWJGL Version: 2.9.4",
    ].join("\n");
    expect(referenceType(log)).toBe("vanilla/server");
    expect(detected(log)).toEqual({ id: "forge/client", name: "Forge", type: "Client Log", version: "1.12.2" });
  });

  test("reading what a log states stays linear on 40 KB lines of near-misses", () => {
    const traps = [
      `[10:00:00] [main/INFO]: ModLauncher running: args [${"--version, x, ".repeat(3_000)}]`,
      `\tIs Modded: Definitely; Client brand changed to '${"a,".repeat(20_000)}`,
      `\tLaunched Version: ${"1.".repeat(20_000)}`,
      `[10:00:01] [main/INFO]: ${"Loading for game Minecraft ".repeat(1_500)}`,
    ];
    const log = Array.from({ length: 200 }, (_, i) => traps[i % traps.length]).join("\n");
    const started = performance.now();
    // ModLauncher's banner states the Forge family first; the brand line that the game is a client.
    expect(detected(log).id).toBe("forge/client");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test("an excerpt without a banner stays an unknown log", () => {
    expect(detected(logs.STACK_TRACE_EXCERPT)).toMatchObject({ id: "unknown/unknown", version: null });
  });

  test("a version stated outside the type's usual line becomes the version and its information", () => {
    const log = [
      "[10:00:00] [Server thread/INFO]: Loading properties",
      "[10:00:01] [Server thread/INFO]: Preparing level \"world\"",
      "[10:00:02] [Server thread/ERROR]: Encountered an unexpected exception",
      "---- Minecraft Crash Report ----",
      "Description: Exception in server tick loop",
      "\tMinecraft Version: 1.19.4",
    ].join("\n");
    const result = analyseLog(log);
    expect(result).toMatchObject({ id: "vanilla/server", version: "1.19.4" });
    expect(result.analysis.information.map((i) => i.message)).toContain("Minecraft version: 1.19.4");
  });
});

describe("loader rules run where the content shows the loader", () => {
  test("a Forge crash report gets the Forge rules", () => {
    const problem = only(logs.FORGE_1_12_CRASH_REPORT, "forge-mod-exception");
    expect(problem.category).toBe("load-failure");
    expect(problem.message).toContain("'Deep Caverns'");
  });

  test("a Vanilla-typed excerpt with Forge's dependency line gets the Forge rule", () => {
    const log = "[10:00:00] [Server thread/FATAL]: net.minecraftforge.fml.common.MissingModsException: Mod thaumcraft (Thaumcraft) requires [baubles@[1.5.2,)]\n";
    expect(referenceType(log)).toBe("vanilla/server");
    const problem = only(log, "forge-mod-dependency");
    expect(problem.message).toContain("'baubles'");
  });

  test("a Bukkit plugin failure without the server's banner runs the Bukkit rules", () => {
    const log = [
      "[10:00:00] [Server thread/ERROR]: Could not load 'plugins/Warps-2.0.jar' in folder 'plugins'",
      "org.bukkit.plugin.UnknownDependencyException: Unknown dependency Vault. Please download and install Vault to run this plugin.",
    ].join("\n");
    expect(referenceType(log)).toBe("vanilla/server");
    expect(only(log, "plugin-missing-dependency").message).toContain("'Vault'");
  });

  test("a bare Fabric resolution message runs the Fabric rules", () => {
    const problem = only(logs.FABRIC_NEEDS_NEWER_LOADER.split("\n").slice(6).join("\n"), "fabric-mod-wrong-minecraft");
    expect(problem.message).toContain("'Trail Marks'");
  });
});

describe("the culprit of a crash", () => {
  test.each([
    ["a Forge client log: the mod's jar", logs.FORGE_CLIENT_LOG, "'lanterns-1.20.1-2.3.0.jar'", "The game crashed"],
    ["the launcher layout: the module of the frame", logs.FORGE_CLIENT_LOG_PLAIN_LAYOUT, "'backpacks'", "The game crashed"],
    ["an old Fabric client: the package of a listed mod", logs.OLD_FABRIC_CLIENT_LOG, "'hudplus'", "The game crashed"],
    ["a Mohist server: a mod, not a plugin", logs.MOHIST_CRASH_REPORT, "the mod 'claimflags'", "The server crashed"],
    ["a Fabric report: its suspected mod, by name and id", logs.FABRIC_CRASH_REPORT_WITH_SUSPECTS, "'Glow Lights' (glowlights)", "The game crashed"],
    ["an excerpt of a stack trace (its server jar tells the side)", logs.STACK_TRACE_EXCERPT, "'pipes-1.20.1-0.9.2.jar'", "The server crashed"],
  ])("%s", (_what, text, culprit, opening) => {
    const problem = only(text, "mod-crash");
    expect(problem.category).toBe("mod-crash");
    expect(problem.message).toContain(culprit);
    expect(problem.message.startsWith(opening)).toBe(true);
    expect(problem.solutions.length).toBe(2);
  });

  test("on a Paper server the culprit is a plugin", () => {
    const log = [
      "[20:00:00] [Server thread/INFO]: This server is running Paper version git-Paper-496 (MC: 1.20.4) (Implementing API version 1.20.4-R0.1-SNAPSHOT)",
      "[20:14:02] [Server thread/ERROR]: Encountered an unexpected exception",
      "java.lang.IllegalStateException: Asynchronous chunk load!",
      "\tat org.spigotmc.AsyncCatcher.catchOp(AsyncCatcher.java:15) ~[paper-1.20.4.jar:git-Paper-496]",
      "\tat com.example.shops.ShopTicker.run(ShopTicker.java:77) ~[Shops-2.0.jar:?]",
      "\tat net.minecraft.server.MinecraftServer.tickChildren(MinecraftServer.java:1712) ~[paper-1.20.4.jar:git-Paper-496]",
    ].join("\n");
    const problem = only(log, "mod-crash");
    expect(problem.message).toBe("The server crashed in the code of the plugin 'Shops' (file 'Shops-2.0.jar').");
    expect(problem.solutions[1].message).toContain("plugins folder");
  });

  test("a trace of game, loader and library frames names no mod", () => {
    expect(problems(logs.GAME_ONLY_EXCERPT)).toEqual([]);
    expect(problems(logs.VANILLA_SERVER_LOG_WITH_REPORT)).toEqual([]);
  });

  test("a more specific rule explains the crash: no mod-crash, the culprit is in its message", () => {
    const found = problems(logs.QUILT_SERVER_LOG);
    expect(found.map((p) => p.code)).toEqual(["ticking-block-entity"]);
    expect(found[0].message).toContain("'windmills'");
    expect(found[0].solutions[0].message).toContain("'windmills'");
  });

  test("Forge's `Suspected Mods: NONE` is trusted", () => {
    const report = logs.NEOFORGE_CLIENT_CRASH_REPORT.replace(/Suspected Mod: \n\tFamiliars[^\n]*/, "Suspected Mods: NONE");
    expect(only(report, "crash-ticking-entity").message).not.toContain("points at");
  });
});

describe("crash-report wording", () => {
  test("a client's ticking entity crashes the game, keeps its full name and blames the suspected mod", () => {
    const problem = only(logs.NEOFORGE_CLIENT_CRASH_REPORT, "crash-ticking-entity");
    expect(problem.category).toBe("entity-crash");
    expect(problem.message).toContain("'Spark Familiar' (familiars:spark_familiar) at 12.5, 70, -40.25 crashes the game");
    expect(problem.message).toContain("the mod 'Familiars' (familiars)");
    expect(problem.solutions[0].message).toContain("'Familiars'");
    expect(problem.solutions.at(-1)!.message).toContain("ask its admins");
  });

  test("a ticking player is never deleted: the mod, what they carry, their data only as a last resort", () => {
    const problem = only(logs.PLAYER_TICKING_REPORT, "crash-ticking-entity");
    expect(problem.message).toContain("The player 'Notch_Fan'");
    expect(problem.message).toContain("crashes the server");
    expect(problem.message).toContain("'manabars'");
    const fixes = problem.solutions.map((s) => s.message).join("\n");
    expect(fixes).not.toContain("NBT");
    expect(fixes).toContain("'playerdata'");
    expect(problem.solutions.at(-1)!.message).toContain("last resort");
  });

  test("a block entity's name may hold spaces", () => {
    const problem = only(logs.NAMED_BLOCK_ENTITY_REPORT, "crash-ticking-block-entity");
    expect(problem.category).toBe("block-crash");
    expect(problem.message).toContain("'Ore Washing Plant' (ic2:te) at -302, 71, 1188 crashes the server");
  });
});

describe("the game and the loader are no mods to add", () => {
  test("a 1.12 mod needing a newer Forge", () => {
    const problem = only(logs.FORGE_1_12_NEEDS_NEWER_FORGE, "forge-mod-wrong-minecraft");
    expect(problem.category).toBe("wrong-game-version");
    expect(problem.message).toBe("The mod 'Astral Sorcery' needs Forge 14.23.5.2855 or newer.");
    expect(problem.solutions[0].message).toBe("Update Forge to 14.23.5.2855 or newer.");
    expect(problems(logs.FORGE_1_12_NEEDS_NEWER_FORGE).map((p) => p.code)).not.toContain("forge-mod-dependency");
  });

  test("a 1.16 mod made for another Minecraft: the installed version from the `Currently` line", () => {
    const problem = only(logs.FORGE_1_16_NEEDS_OTHER_MINECRAFT, "forge-mod-wrong-minecraft");
    expect(problem.message).toBe("The mod 'Sky Villages' needs Minecraft 1.17.1 or above; this is Minecraft 1.16.5.");
    expect(problem.solutions[0].message).toContain("made for Minecraft 1.16.5");
    expect(problem.solutions.map((s) => s.message).join(" ")).not.toContain("mods folder");
  });

  test("a Fabric mod needing a newer Fabric Loader", () => {
    const problem = only(logs.FABRIC_NEEDS_NEWER_LOADER, "fabric-mod-wrong-minecraft");
    expect(problem.message).toBe("The mod 'Trail Marks' needs Fabric Loader 0.15.0 or newer; this is Fabric Loader 0.14.21.");
    expect(problems(logs.FABRIC_NEEDS_NEWER_LOADER).map((p) => p.code)).not.toContain("fabric-mod-dependency");
  });

  test("a list of mods and the loader: the mods to add, and the loader to update", () => {
    const log = "[10:00:00] [Client thread/FATAL] [FML]: net.minecraftforge.fml.common.MissingModsException: Mod forgemultipart (Forge Multipart CBE) requires [codechickenlib@[3.2.2,), forge@[14.23.5.2768,)]\n";
    const problem = only(log, "forge-mod-dependency");
    expect(problem.message).toContain("'codechickenlib'");
    expect(problem.message).toContain("Forge 14.23.5.2768 or newer");
    expect(problem.solutions.map((s) => s.message)).toEqual([
      "Add the mod 'codechickenlib' in version 3.2.2 to the mods folder.",
      "Update to Forge 14.23.5.2768 or newer.",
    ]);
  });
});
