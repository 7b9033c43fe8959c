import { describe, expect, test } from "bun:test";
import { analyseLog } from "../../src/analysis/index.ts";

const infoOf = (text: string) => analyseLog(text).analysis.information.map((i) => [i.label, i.value, i.counter]);

describe("information", () => {
  test("message is `label: value`; the entry is the one the fact was read from", () => {
    const result = analyseLog("[12:00:00] [Server thread/INFO]: Loading\n[12:00:01] [Server thread/INFO]: Starting minecraft server version 1.20.4");
    const [info] = result.analysis.information;
    expect(Object.keys(info)).toEqual(["message", "counter", "entry", "label", "value"]);
    expect(info).toMatchObject({ message: "Minecraft version: 1.20.4", counter: 1, label: "Minecraft version", value: "1.20.4" });
    expect(info.entry.lines[0].number).toBe(2);
  });

  test("the same fact twice is one information with counter 2; another value is a new one", () => {
    const log = [
      "[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4",
      "[13:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4",
      "[14:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.5",
    ].join("\n");
    expect(infoOf(log)).toEqual([
      ["Minecraft version", "1.20.4", 2],
      ["Minecraft version", "1.20.5", 1],
    ]);
    expect(analyseLog(log).version).toBe("1.20.4");
  });

  test.each([
    ["1.21.10 Release Candidate 1"],
    ["1.14 Pre-Release 3"],
    ["1.18.2-pre3"],
    ["19w34a"],
    ["26.1 Snapshot 1"],
    ["1.20-rc-1"],
  ])("Minecraft version shape %s", (version) => {
    expect(analyseLog(`[12:00:00] [Server thread/INFO]: Starting minecraft server version ${version}\n`).version).toBe(version);
  });

  test("Fabric: Minecraft, loader and Java from the flat mod list", () => {
    const log = [
      "[12:00:00] [main/INFO]: Loading Minecraft 1.19.2 with Fabric Loader 0.14.9",
      "[12:00:00] [main/INFO]: Loading 3 mods:",
      "\t- fabricloader 0.14.9",
      "\t- java 17",
      "\t- minecraft 1.19.2",
    ].join("\n");
    expect(infoOf(log)).toEqual([
      ["Minecraft version", "1.19.2", 1],
      ["Fabric loader version", "0.14.9", 1],
      ["Java version", "17", 1],
    ]);
  });

  test("Fabric: Java is found below nested bundled-mod lines (the reference missed it)", () => {
    const log = [
      "[16:36:03] [main/INFO]: Loading Minecraft 1.21 with Fabric Loader 0.16.0",
      "[16:36:03] [main/INFO]: Loading 4 mods:",
      "\t- fabric-api 0.100.0",
      "\t   |-- fabric-api-base 0.4.0",
      "\t   \\-- fabric-networking-api-v1 4.0.0",
      "\t- fabricloader 0.16.0",
      "\t- java 21",
      "\t- minecraft 1.21",
    ].join("\n");
    expect(infoOf(log)).toContainEqual(["Java version", "21", 1]);
  });

  test("Fabric: the one-line mod list of old loaders", () => {
    const log = "[13:31:49] [main/INFO]: [FabricLoader] Loading 3 mods: minecraft@1.16.5, java@8, fabricloader@0.11.1\n";
    expect(infoOf(log)).toEqual([
      ["Minecraft version", "1.16.5", 1],
      ["Fabric loader version", "0.11.1", 1],
      ["Java version", "8", 1],
    ]);
  });

  test("Forge: Minecraft, Forge and Java versions", () => {
    const log = [
      "[10:00:00] [main/INFO] [cpw.mods.modlauncher.Launcher/MODLAUNCHER]: ModLauncher 10.0.9+10.0.9+main.dcd20f30 starting: java version 17.0.10 by Eclipse Adoptium",
      "[10:00:00] [main/INFO] [cpw.mods.modlauncher.Launcher/MODLAUNCHER]: ModLauncher running: args [--launchTarget, forgeserver, --fml.forgeVersion, 47.2.0, --fml.mcVersion, 1.20.1]",
    ].join("\n");
    const result = analyseLog(log);
    expect(result.id).toBe("forge/server");
    expect(infoOf(log)).toEqual([
      ["Java version", "17.0.10", 1],
      ["Minecraft version", "1.20.1", 1],
      ["Forge version", "47.2.0", 1],
    ]);
    expect(result.version).toBe("1.20.1");
  });

  test("crash reports: Minecraft and Java version lines", () => {
    const log = ["---- Minecraft Crash Report ----", "Details:", "\tMinecraft Version: 1.20.4", "\tJava Version: 1.8.0_292, Oracle"].join("\n");
    expect(infoOf(log)).toEqual([
      ["Minecraft version", "1.20.4", 1],
      ["Java version", "1.8.0_292", 1],
    ]);
  });

  test("Bedrock: a masked version gives none", () => {
    expect(analyseLog("[2019-02-16 01:16:14 INFO] Version **.**.**.**\n").version).toBeNull();
    expect(analyseLog("[2019-02-16 01:16:14 INFO] Version 1.12.0.28\n").version).toBe("1.12.0.28");
  });

  test("hybrids report their own build next to Forge and Minecraft", () => {
    const log = [
      "[12:00:00] [Server thread/INFO] [minecraft/DedicatedServer]: Starting minecraft server version 1.12.2",
      "[12:00:01] [Server thread/INFO] [FML]: MinecraftForge v14.23.5.2860 `Initialized",
      "[12:00:02] [Server thread/INFO] [Mohist]: This server is runningMohistversion git-Mohist-1.12.2-304 (MC: 1.12.2)",
    ].join("\n");
    const result = analyseLog(log);
    expect(result.id).toBe("mohist/server");
    expect(infoOf(log)).toEqual([
      ["Minecraft version", "1.12.2", 1],
      ["Forge version", "14.23.5.2860", 1],
      ["Mohist version", "304", 1],
    ]);
  });

  test("CustomSkinLoader: version, Java and Minecraft lines", () => {
    const log = [
      "[2023-01-17 20:24:14] [Render thread INFO] CustomSkinLoader 14.15-SNAPSHOT-353",
      "[2023-01-17 20:24:14] [Render thread INFO] Java Version: 17.0.4.1, Flathub",
      "[2023-01-17 20:24:14] [Render thread INFO] Minecraft: 1.19.3",
    ].join("\n");
    expect(infoOf(log)).toEqual([
      ["CustomSkinLoader version", "14.15-SNAPSHOT-353", 1],
      ["Java version", "17.0.4.1", 1],
      ["Minecraft version", "1.19.3", 1],
    ]);
  });

  test("types without an analyser report no information", () => {
    expect(analyseLog("Prism Launcher version: 8.4 (official)\nStarting minecraft server version 1.20.4").analysis.information).toEqual([]);
  });
});
