/**
 * Whole logs end to end (analyseLog): the causes any Java log can show and the loader forms the
 * older rules missed, each named with its entities and a fix that would work. Wherever the log
 * comes from: a launcher log, a crash report, a server log, an excerpt with no banner.
 */
import { describe, expect, test } from "bun:test";
import { analyseLog } from "../../../src/analysis/index.ts";
import type { Problem } from "../../../src/analysis/model.ts";
import * as logs from "../fixtures/jvm-logs.ts";

const problems = (text: string) => analyseLog(text).analysis.problems;

/** The one problem of this code, checked for its category. */
function only(text: string, code: string, category: Problem["category"]): Problem {
  const found = problems(text).filter((p) => p.code === code);
  expect(found).toHaveLength(1);
  expect(found[0].category).toBe(category);
  return found[0];
}

const fixes = (problem: Problem) => problem.solutions.map((s) => s.message);

describe("memory", () => {
  test("a heap that ran out names the memory given and the next size up", () => {
    const problem = only(logs.PRISM_FORGE_OUT_OF_MEMORY, "out-of-memory", "out-of-memory");
    expect(problem.message).toBe("The game ran out of memory ('Java heap space') with '4096M' given.");
    expect(fixes(problem)[0]).toStartWith("Give the game more memory: -Xmx6G (now 4096M)");
  });

  test("a 32-bit Java that cannot reserve the heap is told to become 64-bit", () => {
    const problem = only(logs.MULTIMC_32_BIT_HEAP, "heap-reservation-failed", "out-of-memory");
    expect(problem.message).toBe("Java could not reserve '3072M' of memory: this is a 32-bit Java, which cannot use more than about 1.5 GB.");
    expect(fixes(problem)[0]).toBe("Install a 64-bit Java and select it in the launcher or the start command.");
  });

  test("a malformed -Xmx is a setting to rewrite, not a machine too small", () => {
    const log = "Invalid maximum heap size: -Xmx4gb\nError: Could not create the Java Virtual Machine.\nError: A fatal exception has occurred. Program will exit.\n";
    const problem = only(log, "heap-reservation-failed", "out-of-memory");
    expect(problem.message).toContain("'-Xmx4gb' is not valid");
    expect(fixes(problem)).toEqual(["Write the memory as a number and one unit letter, for example -Xmx4G (now -Xmx4gb)."]);
  });

  test("metaspace under a hand-set limit points at that limit", () => {
    const log = "[10:00:00] [Server thread/ERROR]: Encountered an unexpected exception\njava.lang.OutOfMemoryError: Metaspace\n\tat java.lang.ClassLoader.defineClass1(Native Method)\n\tJVM Flags: 3 total; -XX:MaxMetaspaceSize=256M -Xmx8G -Xms2G\n";
    const problem = only(log, "out-of-memory", "out-of-memory");
    expect(problem.message).toContain("'-XX:MaxMetaspaceSize=256M'");
    expect(fixes(problem)[0]).toStartWith("Remove -XX:MaxMetaspaceSize=256M from the JVM arguments");
  });

  test("the JVM's own crash file for an exhausted system names the allocation that failed", () => {
    const log = "#\n# There is insufficient memory for the Java Runtime Environment to continue.\n# Native memory allocation (mmap) failed to map 268435456 bytes for G1 virtual space\n#  Out of Memory Error (os_windows.cpp:3613), pid=1234, tid=5678\nCommand Line: -Xmx12G net.minecraft.client.main.Main\n";
    const problem = only(log, "system-out-of-memory", "out-of-memory");
    expect(problem.message).toContain("('Native memory allocation (mmap) failed to map 268435456 bytes')");
    expect(fixes(problem)[0]).toContain("less memory than now (-Xmx12G)");
    expect(problems(log).map((p) => p.code)).not.toContain("out-of-memory");
  });
});

describe("the Java version", () => {
  test("Fabric Loader on Java 8, pasted without any banner, asks for Java 17", () => {
    const problem = only(logs.FABRIC_ON_JAVA_8, "java-too-old", "java-too-old");
    expect(problem.message).toBe("The class 'net.fabricmc.loader.impl.launch.knot.KnotClient' was compiled for Java '17', but this log runs Java '8'.");
    expect(fixes(problem)).toEqual(["Use Java 17 (this log runs Java 8): install it and select it in the launcher's Java settings or the server's start command."]);
  });

  test("a mod compiled for Java 21 on a Java 17 server names the mod's class and offers its other release", () => {
    const problem = only(logs.NEOFORGE_SERVER_MOD_NEEDS_JAVA_21, "java-too-old", "java-too-old");
    expect(problem.message).toContain("'com.example.tanks.TanksMod' was compiled for Java '21', but this log runs Java '17'");
    expect(fixes(problem)[0]).toStartWith("Use Java 21 (this log runs Java 17)");
    expect(fixes(problem)[1]).toContain("built for Java 17");
  });

  test("Paper's own check reads the Java it found from the class version", () => {
    const log = "Unsupported Java detected (52.0). This version of Minecraft requires at least Java 17. Check your Java version with the command 'java -version'.\n";
    const problem = only(log, "java-too-old", "java-too-old");
    expect(problem.message).toBe("'Minecraft' needs Java '17', but this log runs Java '8'.");
  });

  test("a loader's own words: Mod x requires java 21", () => {
    const log = "[10:00:00] [main/ERROR]: Mod loading failed\n\tMod §eimmersiveboats§r requires §6java§r §o21 or above§r\n";
    expect(only(log, "java-too-old", "java-too-old").message).toContain("'immersiveboats' needs Java '21'");
  });

  test("Fabric's `java` dependency asks for Java, not for a mod called java", () => {
    const log = "[10:00:00] [main/INFO]: Loading Minecraft 1.20.4 with Fabric Loader 0.15.7\n[10:00:01] [main/ERROR]: Incompatible mods found!\n\t - Mod 'Sodium' (sodium) 0.5.8 requires version 17 or later of 'OpenJDK 64-Bit Server VM' (java), but only the wrong version is present: 8!\n";
    const found = problems(log);
    expect(found.map((p) => p.code)).toEqual(["fabric-mod-needs-java"]);
    expect(found[0].message).toBe("The mod 'Sodium' needs Java '17', but this log runs Java '8'.");
  });

  test("Forge 1.12.2 on Java 17 is told to use Java 8", () => {
    const problem = only(logs.PRISM_FORGE_1_12_ON_JAVA_17, "java-too-new", "java-too-new");
    expect(problem.message).toBe("Minecraft '1.12.2' and its loader cannot run on Java '17' (AppClassLoader cannot be cast to URLClassLoader).");
    expect(fixes(problem)[0]).toStartWith("Use Java 8 for Minecraft 1.12.2 (this log runs Java 17)");
  });

  test("an old loader's ASM on a newer Java, and the module walls of Java 9+", () => {
    const asm = "java.lang.IllegalArgumentException: Unsupported class file major version 61\n\tat org.objectweb.asm.ClassReader.<init>(ClassReader.java:196)\n";
    expect(only(asm, "java-too-new", "java-too-new").message).toContain("(Unsupported class file major version 61)");
    const module = 'Caused by: java.lang.reflect.InaccessibleObjectException: Unable to make field private final java.util.Map java.util.Collections$UnmodifiableMap.m accessible: module java.base does not "opens java.util" to unnamed module @3fee733d\n';
    expect(only(module, "java-too-new", "java-too-new").message).toContain("module java.base does not opens java.util");
  });

  test("an OpenJ9 JVM in a crash report is an unsupported runtime, on a healthy log it is nothing", () => {
    const problem = only(logs.OPENJ9_CRASH_REPORT, "java-unsupported-runtime", "java-unsupported-runtime");
    expect(problem.message).toContain("'Eclipse OpenJ9'");
    expect(fixes(problem)[0]).toStartWith("Install a HotSpot-based Java 17");
    expect(problems(logs.HEALTHY_OPENJ9_SERVER)).toEqual([]);
  });
});

describe("natives and graphics", () => {
  test("LWJGL's missing library on macOS is named", () => {
    const problem = only(logs.MAC_NATIVES_MISSING, "native-library-failed", "native-library");
    expect(problem.message).toBe("The native library 'liblwjgl.dylib' could not be loaded (Failed to locate library: liblwjgl.dylib).");
    expect(fixes(problem)[1]).toContain("Prism Launcher");
  });

  test("a Linux system library missing below LWJGL is the one to install", () => {
    const log = "java.lang.UnsatisfiedLinkError: /tmp/lwjgl_alex/3.3.1-build-7/x64/liblwjgl.so: libX11.so.6: cannot open shared object file: No such file or directory\n";
    const problem = only(log, "native-library-failed", "native-library");
    expect(problem.message).toContain("'libX11.so.6'");
    expect(fixes(problem)).toEqual(["Install the system package that provides 'libX11.so.6' (for example with your distribution's package manager)."]);
  });

  test("a driver without OpenGL: the banner line and the crash are one problem", () => {
    const problem = only(logs.FABRIC_CLIENT_NO_OPENGL, "opengl-unavailable", "graphics");
    expect(problem.counter).toBe(2);
    expect(problem.message).toBe("The game could not use the graphics card: the graphics driver does not support OpenGL ('WGL: The driver does not appear to support OpenGL.').");
    expect(fixes(problem)[0]).toStartWith("Install the newest graphics driver");
  });

  test("a JVM crash inside the AMD driver names the driver and its maker", () => {
    const problem = only(logs.HS_ERR_AMD_DRIVER, "graphics-driver-crash", "graphics");
    expect(problem.message).toBe("Java crashed inside the AMD graphics driver ('atio6axx.dll').");
    expect(fixes(problem)[0]).toBe("Update the AMD graphics driver (a clean install from amd.com).");
  });
});

describe("the install", () => {
  test("a launch target the install does not have", () => {
    const problem = only(logs.FORGE_LAUNCH_TARGET_MISSING, "launch-target-missing", "broken-install");
    expect(problem.message).toBe("The launch target 'fmlclient' does not exist in this install of Forge.");
  });

  test("a missing main class names what is missing; a stray word in the arguments is said to be one", () => {
    const missing = only("Error: Could not find or load main class net.fabricmc.loader.impl.launch.knot.KnotClient\n", "main-class-missing", "broken-install");
    expect(missing.message).toContain("Fabric Loader is missing");
    const stray = only("Error: Could not find or load main class Files\\Java\\jre1.8.0_51\\bin\\javaw.exe\n", "main-class-missing", "broken-install");
    expect(stray.message).toContain("the launch arguments contain a stray word");
  });

  test("OptiFine installed twice", () => {
    const log = 'Exception in thread "main" java.lang.module.ResolutionException: Module optifine reads another module named optifine\n\tat java.base/java.lang.module.Resolver.fail(Resolver.java:901)\n';
    expect(only(log, "duplicate-module", "duplicate").message).toBe("'OptiFine' is installed twice.");
  });

  test("OptiFine built for another Forge names both versions", () => {
    const problem = only(logs.FORGE_OPTIFINE_WRONG_FORGE, "optifine-incompatible", "wrong-game-version");
    expect(problem.message).toContain("'OptiFine' ('OptiFine_1.16.5_HD_U_G8') does not fit the installed Forge '36.2.39'");
    expect(fixes(problem)[0]).toStartWith("Install the OptiFine release made for Forge 36.2.39");
  });
});

describe("files and configs", () => {
  test("a damaged Forge config names the file and the mod, once", () => {
    const problem = only(logs.FORGE_SERVER_BROKEN_CONFIG, "mod-config-unreadable", "config-error");
    expect(problem.message).toBe("The config file 'waystones-common.toml' of the mod 'waystones' cannot be read.");
    expect(fixes(problem)[0]).toStartWith("Delete config/waystones-common.toml");
  });

  test("a server config lives in the world's serverconfig folder", () => {
    const log = "[08:00:08] [main/ERROR] [net.minecraftforge.fml.config.ConfigTracker/CONFIG]: Failed loading config file sawmill-server.toml of type SERVER for modid sawmill\n";
    expect(fixes(only(log, "mod-config-unreadable", "config-error"))[0]).toStartWith("Delete serverconfig/sawmill-server.toml in the world folder");
  });

  test("a file locked by another process, a full disk, a world open twice", () => {
    const locked = "java.io.FileNotFoundException: C:\\Users\\steve\\AppData\\Roaming\\.minecraft\\logs\\latest.log (The process cannot access the file because it is being used by another process)\n";
    expect(only(locked, "file-access-denied", "file-problem").message).toContain("'C:\\Users\\steve\\AppData\\Roaming\\.minecraft\\logs\\latest.log'");
    expect(only("java.io.IOException: There is not enough space on the disk\n", "disk-full", "file-problem").message).toContain("The disk is full");
    const twice = "net.minecraft.util.DirectoryLock$LockException: C:\\Server\\world\\session.lock: already locked (possibly by other Minecraft instance?)\n";
    expect(only(twice, "world-session-locked", "file-problem").message).toBe("The world 'world' is already in use by another running server or game.");
  });
});

describe("mixins", () => {
  test("a Forge mixin failure behind a log4j prefix and after Caused by: names its config and mod once", () => {
    const problem = only(logs.FORGE_MIXIN_APPLY_FAILED, "mixin-failed", "mixin-failure");
    expect(problem.message).toBe(
      "The mixin 'client.LevelRendererMixin' of 'sawmill.mixins.json' (mod 'sawmill') could not be applied to 'net.minecraft.client.renderer.LevelRenderer', which stopped the game.",
    );
    expect(fixes(problem)[0]).toBe("Update 'sawmill' to its newest release for this Minecraft and loader version.");
  });

  test("Fabric's form names the mod it states", () => {
    const log = "[10:00:00] [main/ERROR]: Mixin apply for mod iris failed mixins.iris.json:MixinLevelRenderer from mod iris -> net.minecraft.class_761: org.spongepowered.asm.mixin.injection.throwables.InvalidInjectionException Critical injection failure\n";
    expect(only(log, "mixin-failed", "mixin-failure").message).toContain("(mod 'iris')");
  });
});

describe("the server's own stops", () => {
  test("a second copy of a server cannot bind its port", () => {
    const problem = only(logs.SERVER_STARTED_TWICE, "port-in-use", "port-in-use");
    expect(problem.message).toBe("The server cannot use port '25565': another program already uses it.");
    expect(fixes(problem)[0]).toContain("usually another copy of this server still running");
  });

  test("the EULA", () => {
    expect(fixes(only(logs.SERVER_FIRST_START, "eula-not-accepted", "eula"))[0]).toContain("set eula=true in eula.txt");
  });

  test("a server that cannot keep up again and again, then freezes", () => {
    const lag = only(logs.PAPER_SERVER_LAGGING, "server-lagging", "server-overloaded");
    expect(lag.message).toBe("The server cannot keep up with its tick rate: '11' warnings, up to '8 s' behind.");
    expect(lag.counter).toBe(11);
    expect(only(logs.PAPER_SERVER_LAGGING, "server-watchdog", "server-overloaded").message).toBe("The server froze and the watchdog stopped it.");
  });

  test("one `Can't keep up!` while generating terrain is no problem", () => {
    expect(problems(logs.HEALTHY_FORGE_CLIENT)).toEqual([]);
  });
});

describe("Forge and NeoForge loading", () => {
  test("mandatory dependencies: a missing library is a missing dependency, Minecraft itself a wrong version", () => {
    const missing = only(logs.FORGE_MANDATORY_DEPENDENCIES, "forge-dependency-missing", "missing-dependency");
    expect(missing.message).toBe("The mod 'mowziesmobs' needs 'geckolib3' 3.1.5 or newer, but 'geckolib3' is not installed.");
    expect(fixes(missing)[0]).toBe("Add the mod 'geckolib3' in version 3.1.5 or newer to the mods folder.");
    const version = only(logs.FORGE_MANDATORY_DEPENDENCIES, "forge-dependency-game-version", "wrong-game-version");
    expect(version.message).toBe("The mod 'sawmill' needs Minecraft 1.18.2 to 1.19 (excluded); this is Minecraft 1.19.2.");
    expect(fixes(version)[0]).toBe("Use the build of 'sawmill' made for Minecraft 1.19.2, or remove 'sawmill'.");
  });

  test("a crash report's mod section names the mod, its file, version and what failed", () => {
    const problem = only(logs.FORGE_CRASH_REPORT_MOD_SECTION, "forge-mod-load-failed", "load-failure");
    expect(problem.message).toBe(
      "The mod 'Lanterns' ('lanterns', 2.3.0, file 'lanterns-1.18.2-2.3.0.jar') failed in the common_setup phase: java.lang.NullPointerException: Registry Object not present: lanterns:paper_lantern.",
    );
    expect(fixes(problem)[1]).toContain("'lanterns-1.18.2-2.3.0.jar'");
  });

  test("a Forge mod on NeoForge needs a loader this one is not", () => {
    const log = "\tMod ID: 'forge', Requested by: 'oldlib', Expected range: '[47,)', Actual version: '[MISSING]'\n";
    expect(only(log, "forge-dependency-game-version", "wrong-game-version").message).toBe(
      "The mod 'oldlib' needs Forge 47 or newer, which this loader is not: the mod is made for the other loader.",
    );
  });
});

describe("Fabric Loader 0.11 and older", () => {
  test("a missing mod, another Minecraft and a conflict, each its own problem", () => {
    const found = problems(logs.OLD_FABRIC_RESOLUTION).map((p) => [p.code, p.category, p.message]);
    expect(found).toEqual([
      ["fabric-legacy-dependency", "missing-dependency", "The mod 'betterbeds' needs 'cloth-config2' 4.11.0 or newer, which is missing."],
      ["fabric-legacy-wrong-version", "wrong-game-version", "The mod 'skyboxes' needs Minecraft 1.17.x; this is Minecraft 1.16.5."],
      ["fabric-legacy-conflict", "incompatible", "The mods 'optifabric' and 'sodium' are declared as not working together."],
    ]);
  });

  test("a translated launcher build keeps the structure, and so the finding", () => {
    expect(only(logs.OLD_FABRIC_TRANSLATED, "fabric-legacy-dependency", "missing-dependency").message).toContain("'cloth-config2'");
  });
});

describe("crash reports", () => {
  test("a block failing while drawn names the block, its place and its mod", () => {
    const problem = only(logs.TESSELATING_CRASH_REPORT, "crash-tesselating-block", "block-crash");
    expect(problem.message).toBe("The game crashes while drawing the block 'lanterns:paper_lantern' at 120, 64, -35.");
    expect(fixes(problem)[0]).toStartWith("The block comes from the mod 'lanterns'");
  });
});

describe("a library in the wrong version", () => {
  const crash = (error: string, frame: string) =>
    [
      "[12:00:00] [main/INFO]: Loading Minecraft 1.20.1 with Fabric Loader 0.15.11",
      "[12:00:05] [Render thread/ERROR]: Unreported exception thrown!",
      error,
      frame,
      "\tat net.minecraft.client.MinecraftClient.<init>(MinecraftClient.java:100) ~[client-intermediary.jar:?]",
    ].join("\n");

  test("a mod calling a method the installed library lacks needs another version of it", () => {
    const log = crash("java.lang.NoSuchMethodError: 'void dev.architectury.event.Event.register(java.lang.Object)'", "\tat com.example.towns.TownsClient.init(TownsClient.java:25) ~[towns-1.2.0.jar:?]");
    const problem = only(log, "library-missing", "missing-dependency");
    expect(problem.message).toBe(
      "The mod 'towns' (file 'towns-1.2.0.jar') needs another version of 'Architectury API': it calls 'dev.architectury.event.Event.register', which the installed one does not have.",
    );
  });

  test("the library failing inside its own code blames no version", () => {
    const log = crash("java.lang.NoSuchMethodError: 'void dev.architectury.event.Event.register(java.lang.Object)'", "\tat dev.architectury.event.EventFactory.of(EventFactory.java:25) ~[architectury-9.2.14-fabric.jar:?]");
    expect(problems(log).filter((p) => p.code === "library-missing")).toEqual([]);
  });
});

describe("a connection the server refuses", () => {
  test("a client's refused connection is named, in a client's words", () => {
    const log = [
      "[20:15:31] [Render thread/INFO]: Connecting to mc.example.net, 25565",
      "[20:15:33] [Server Connector #1/ERROR]: Couldn't connect to server",
      "io.netty.channel.AbstractChannel$AnnotatedConnectException: Connection refused: getsockopt: mc.example.net/203.0.113.10:25565",
      "Caused by: java.net.ConnectException: Connection refused: getsockopt",
    ].join("\n");
    const problem = only(log, "login-failed", "network-auth");
    expect(problem.message).toBe("The game's connection was refused: nothing answers at the address and port it was given.");
    expect(fixes(problem)[0]).toStartWith("Check that the server is running");
  });

  test("a refused connection that is not the game's (a plugin's database) is not this", () => {
    const log = [
      "[12:00:00] [Server thread/ERROR]: [Shop] Couldn't connect to the database",
      "com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure",
      "Caused by: java.net.ConnectException: Connection refused",
    ].join("\n");
    expect(problems(log).filter((p) => p.code === "login-failed")).toEqual([]);
  });
});
