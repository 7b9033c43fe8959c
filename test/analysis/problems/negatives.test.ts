import { describe, expect, test } from "bun:test";
import { analyse, reportEntriesOf } from "./log-builder";

const T = "[10:00:00]";
const codes = (groups: Parameters<typeof analyse>[0], log: string) => analyse(groups, log).map((p) => p.code);

describe("similar lines that must not raise a problem", () => {
  test("a plugin load failure caused by a missing dependency is not also a generic load error", () => {
    const log = `${T} [Server thread/ERROR]: Could not load 'plugins/Shop.jar' in folder 'plugins'\norg.bukkit.plugin.UnknownDependencyException: Vault`;
    expect(codes(["bukkit"], log)).toEqual(["plugin-missing-dependency"]);
  });

  test("unsupported API and class version failures only raise their own rule", () => {
    const api = `${T} [Server thread/ERROR]: Could not load 'plugins/A.jar' in folder 'plugins'\norg.bukkit.plugin.InvalidPluginException: Unsupported API version 1.30`;
    const java = `${T} [Server thread/ERROR]: Could not load 'plugins/A.jar' in folder 'plugins'\norg.bukkit.plugin.InvalidPluginException: java.lang.UnsupportedClassVersionError: A (class file version 61.0)`;
    expect(codes(["bukkit"], api)).toEqual(["plugin-unsupported-api-version"]);
    expect(codes(["bukkit"], java)).toEqual(["plugin-java-too-old"]);
  });

  test("the game and the loader are never reported as missing world mods", () => {
    const log = [
      `${T} [Server thread/ERROR] [FML]: This world was saved with mod minecraft which appears to be missing, things may not work well`,
      `${T} [Server thread/ERROR] [FML]: This world was saved with mod forge which appears to be missing, things may not work well`,
    ].join("\n");
    expect(codes(["forge"], log)).toEqual([]);
  });

  test("an unexpected exception that is not about chunks is not a chunk problem", () => {
    const log = `${T} [Server thread/ERROR]: Encountered an unexpected exception\njava.lang.NullPointerException\n\tat net.minecraft.server.World.tick(World.java:1)`;
    expect(codes(["vanilla", "bukkit"], log)).toEqual([]);
  });

  test("the start-failure exception must be on the line right after the header", () => {
    const log = `${T} [ServerMain/ERROR]: Failed to start the minecraft server\n${T} [ServerMain/INFO]: Stopping\njava.lang.IllegalArgumentException: Code of Conduct folder does not exist: codeofconduct`;
    expect(codes(["vanilla"], log)).toEqual([]);
  });

  test("a Forge ReportedException of another package is not the vanilla ticking block entity", () => {
    const log = `${T} [Server thread/ERROR]: Encountered an unexpected exception\nnet.minecraft.ReportedException: Ticking block entity`;
    expect(codes(["vanilla"], log)).toEqual([]);
  });

  test("Minecraft itself is not listed as a missing Fabric mod, and advice lines are not conflicts", () => {
    const log = [
      `${T} [main/ERROR]: Incompatible mods found!`,
      "\t - Mod 'Cool Mod' (coolmod) 1.0 requires version 1.21 of 'Minecraft' (minecraft), but only the wrong version is present: 1.20.1!",
      "\t - While this won't prevent you from starting the game, the developer(s) of mod 'Mod A' (mod-a) have found that this combination may cause issues.",
    ].join("\n");
    expect(codes(["fabric"], log)).toEqual(["fabric-mod-wrong-minecraft"]);
  });

  test("crash-report descriptions must match exactly", () => {
    const log = "Description: Ticking entity list\nDescription: Ticking block entity update";
    expect(analyse(["crash-report"], log, reportEntriesOf(log))).toEqual([]);
  });

  test("a Forge translation placeholder is not a wrong-Minecraft mod", () => {
    const log = `${T} [Server thread/TRACE] [FML]: The mod {0} does not wish to run in Minecraft version {1}`;
    expect(codes(["forge"], log)).toEqual([]);
  });

  test("rules of other groups stay silent", () => {
    const log = `${T} [Server thread/ERROR]: Error occurred while enabling Essentials v2 (Is it up to date?)`;
    expect(codes(["vanilla", "fabric", "forge"], log)).toEqual([]);
    expect(codes(["vanilla", "bukkit"], log)).toEqual(["plugin-enable-error"]);
  });

  test("an entrypoint error without the closing quote and bang is not matched", () => {
    const log = `${T} [main/ERROR]: x\njava.lang.RuntimeException: Could not execute entrypoint stage 'main' due to errors, provided by 'half`;
    expect(codes(["fabric"], log)).toEqual([]);
  });
});
