import { describe, expect, test } from "bun:test";
import { analyse, reportEntriesOf } from "./log-builder.ts";

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

describe("lines that look like the jvm group's causes but are not", () => {
  const jvm = (log: string) => codes(["jvm"], log);

  test("JVM options naming OutOfMemoryError and a crash file's own headline are no OutOfMemoryError", () => {
    expect(jvm("JVM Flags: 3 total; -XX:+HeapDumpOnOutOfMemoryError -XX:OnOutOfMemoryError=kill -Xmx4G")).toEqual([]);
    expect(jvm("#  Out of Memory Error (os_windows.cpp:3613), pid=1234, tid=5678")).toEqual([]);
  });

  test("a plugin compiled for a newer Java stays the Bukkit rule's, in both header forms", () => {
    for (const header of ["Could not load 'plugins/Shop.jar' in folder 'plugins'", "[ModernPluginLoadingStrategy] Could not load plugin 'Shop.jar' in folder 'plugins'"]) {
      const log = `${T} [Server thread/ERROR]: ${header}\norg.bukkit.plugin.InvalidPluginException: java.lang.UnsupportedClassVersionError: shop/Main has been compiled by a more recent version of the Java Runtime (class file version 65.0), this version of the Java Runtime only recognizes class file versions up to 61.0\nCaused by: java.lang.UnsupportedClassVersionError: shop/Main has been compiled by a more recent version of the Java Runtime (class file version 65.0), this version of the Java Runtime only recognizes class file versions up to 61.0`;
      expect(codes(["jvm", "bukkit"], log)).toEqual(["plugin-java-too-old"]);
    }
  });

  test("OptiFine, library and Fabric jars without mods.toml are no unpacked mods", () => {
    expect(jvm(`${T} [main/WARN] [ModFileParser/LOADING]: Mod file /home/a/.minecraft/mods/OptiFine_1.20.1_HD_U_I6.jar is missing mods.toml file`)).toEqual([]);
  });

  test("mixin warnings and a MixinTransformerError that names no mod are no mixin failure", () => {
    expect(jvm(`${T} [main/WARN] [mixin/]: Reference map 'a.refmap.json' for a.mixins.json could not be read. If this is a development environment you can ignore this message`)).toEqual([]);
    expect(jvm(`${T} [main/WARN] [mixin/]: Error loading class: net/minecraft/X (java.lang.ClassNotFoundException: net/minecraft/X)`)).toEqual([]);
  });

  test("a NoSuchMethodError outside OptiFine is not OptiFine's", () => {
    const log = `${T} [Render thread/ERROR]: x\njava.lang.NoSuchMethodError: 'void net.minecraft.world.level.Level.m_46597_()'\n\tat com.example.sawmill.Saw.tick(Saw.java:12)`;
    expect(jvm(log)).toEqual([]);
  });

  test("one `Can't keep up!`, or a few short ones, is no overloaded server", () => {
    const lag = (ms: number) => `${T} [Server thread/WARN]: Can't keep up! Is the server overloaded? Running ${ms}ms or ${ms / 50} ticks behind`;
    expect(jvm([lag(2000), lag(3500), lag(2500)].join("\n"))).toEqual([]);
  });

  test("a GL error banner without a GLFW code, and the macOS display warning, are no OpenGL failure", () => {
    const log = [`${T} [Render thread/ERROR]: ########## GL ERROR ##########`, `${T} [Render thread/ERROR]: @ Post render`, `${T} [Render thread/ERROR]: 1282: Invalid operation`].join("\n");
    expect(jvm(log)).toEqual([]);
    expect(jvm("[LWJGL] GLFW_PLATFORM_ERROR error\n\tDescription : Cocoa: Failed to find service port for display")).toEqual([]);
  });

  test("a frame of an ordinary system library in a JVM crash is no graphics driver", () => {
    expect(jvm("# Problematic frame:\n# C  [ntdll.dll+0x9e0a3]")).toEqual([]);
  });

  test("Forge's dependency on Java goes to java-too-old, not to the mod rules", () => {
    const log = `${T} [main/ERROR] [ModSorter/LOADING]: Missing or unsupported mandatory dependencies:\n\tMod ID: 'java', Requested by: 'tanks', Expected range: '[21,)', Actual version: '17.0.9'`;
    expect(codes(["jvm", "forge"], log)).toEqual(["java-too-old"]);
  });

  test("Mixin's warning about a class it cannot read is no Java too new", () => {
    const log = `${T} [main/WARN] [mixin/]: Error loading class: com/example/Optional (java.lang.IllegalArgumentException: Unsupported class file major version 65)`;
    expect(jvm(log)).toEqual([]);
  });

  test("Fabric 0.11 naming Minecraft is a version problem, never a missing mod", () => {
    const log = `${T} [main/ERROR]: x\n\t - Mod skyboxes requires version 1.17.x of mod minecraft, but only the wrong version is present: 1.16.5!`;
    expect(codes(["fabric"], log)).toEqual(["fabric-mod-wrong-minecraft"]);
  });
});
