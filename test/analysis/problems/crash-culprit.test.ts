/** Which crash a log has, and which mod its stack trace points at (or none). */
import { describe, expect, test } from "bun:test";
import { crashOf } from "../../../src/analysis/problems/crash-culprit.ts";
import { isInfrastructure, mixinHandlerMod, parseFrame, sourceOf } from "../../../src/analysis/problems/stack-frames.ts";
import { analyseLog } from "../../../src/analysis/index.ts";
import { analyse, entriesOf, reportEntriesOf } from "./log-builder.ts";

const T = "[10:00:00]";
const culpritOf = (text: string, entries = entriesOf(text)) => crashOf({ text, entries })?.culprit ?? null;

describe("stack frames", () => {
  test("a module prefix names the mod and its version", () => {
    const frame = parseFrame("\tat TRANSFORMER/create@0.5.1.f/com.simibubi.create.content.Foo.bar(Foo.java:12)")!;
    expect(frame).toMatchObject({ className: "com.simibubi.create.content.Foo", method: "bar", module: "create" });
    expect(sourceOf(frame)).toEqual({ id: "create", jar: null });
  });

  test("a jar annotation names the file; a modid:version annotation the mod", () => {
    const jar = parseFrame("\tat com.example.Foo.bar(Foo.java:12) ~[examplemod-1.0.jar%23150!/:1.0] {re:classloading}")!;
    expect(sourceOf(jar)).toEqual({ id: null, jar: "examplemod-1.0.jar" });
    const annotated = parseFrame("\tat com.example.Foo.bar(Foo.java:12) ~[examplemod:1.0] {re:classloading}")!;
    expect(sourceOf(annotated)).toEqual({ id: "examplemod", jar: null });
  });

  test("the game, the loaders, Java and libraries are infrastructure and name nothing", () => {
    for (const line of [
      "\tat TRANSFORMER/minecraft@1.20.1/net.minecraft.client.Minecraft.m_91383_(Minecraft.java:1146)",
      "\tat net.minecraftforge.eventbus.EventBus.post(EventBus.java:315) ~[eventbus-6.0.5.jar%2352!/:?]",
      "\tat java.base/java.lang.Thread.run(Thread.java:833)",
      "\tat com.google.gson.Gson.fromJson(Gson.java:1227) ~[gson-2.10.jar%23110!/:?]",
      "\tat abc.a(SourceFile:123)",
    ]) {
      const frame = parseFrame(line)!;
      expect(isInfrastructure(frame) || sourceOf(frame) === null).toBe(true);
    }
    expect(sourceOf(parseFrame("\tat com.example.Foo.bar(Foo.java:1) ~[forge-1.20.1-47.2.0-universal.jar%23187!/:?]")!)).toBeNull();
  });

  test("a Fabric mixin handler in a game class names its mod", () => {
    const frame = parseFrame("\tat net.minecraft.class_761.handler$zza000$sodium$renderLayer(class_761.java:2211)")!;
    expect(isInfrastructure(frame)).toBe(true);
    expect(mixinHandlerMod(frame)).toBe("sodium");
    expect(mixinHandlerMod(parseFrame("\tat net.minecraft.class_761.method_22710(class_761.java:1330)")!)).toBeNull();
  });
});

describe("the crash and its culprit", () => {
  test("the deepest cause speaks first", () => {
    const log = [
      `${T} [Server thread/ERROR]: Encountered an unexpected exception`,
      "java.lang.RuntimeException: wrapped",
      "\tat com.example.outer.Wrapper.run(Wrapper.java:1) ~[outer-1.0.jar%2310!/:?]",
      "Caused by: java.lang.NullPointerException: inner",
      "\tat com.example.inner.Thing.tick(Thing.java:2) ~[inner-2.0.jar%2311!/:?]",
    ].join("\n");
    expect(culpritOf(log)).toEqual({ id: null, name: "inner", jar: "inner-2.0.jar" });
  });

  test("an error the game survives is no crash", () => {
    const log = [
      `${T} [Worker-Main-3/ERROR]: Couldn't parse data file minecraft:recipes/x.json`,
      "java.lang.IllegalStateException: bad recipe",
      "\tat com.example.recipes.Parser.parse(Parser.java:9) ~[recipes-1.0.jar%2320!/:?]",
      `${T} [Server thread/INFO]: Done (3.0s)!`,
    ].join("\n");
    expect(crashOf({ text: log, entries: entriesOf(log) })).toBeNull();
  });

  test("a manually triggered debug crash has no culprit", () => {
    const report = [
      "---- Minecraft Crash Report ----",
      "Description: Manually triggered debug crash",
      "",
      "java.lang.Throwable: Manually triggered debug crash",
      "\tat TRANSFORMER/examplemod@1.0/com.example.Hook.onKey(Hook.java:5)",
    ].join("\n");
    const crash = crashOf({ text: report, entries: reportEntriesOf(report) });
    expect(crash?.description).toBe("Manually triggered debug crash");
    expect(crash?.culprit).toBeNull();
  });

  test("a mod list maps a package to its mod and a jar to its name", () => {
    const report = [
      "---- Minecraft Crash Report ----",
      "Description: Exception in server tick loop",
      "",
      "java.lang.NullPointerException: x",
      "\tat com.example.rails.Track.tick(Track.java:3)",
      "\tat net.minecraft.server.MinecraftServer.tick(MinecraftServer.java:1)",
      "",
      "-- System Details --",
      "\tMod List: ",
      "\t\tRails-1.20.1-3.0.jar                              |Better Rails                  |rails                         |3.0                 |DONE      |Manifest: NOSIGNATURE",
    ].join("\n");
    expect(culpritOf(report, reportEntriesOf(report))).toEqual({ id: "rails", name: "Better Rails", jar: "Rails-1.20.1-3.0.jar" });
  });

  test("mod-crash is the rule's finding, at the crash's entry", () => {
    const log = `${T} [Server thread/INFO]: Starting\n${T} [Server thread/ERROR]: Exception in server tick loop\njava.lang.IllegalStateException: x\n\tat TRANSFORMER/sawmill@1.4.0/com.example.sawmill.Saw.tick(Saw.java:40)`;
    const [problem] = analyse(["jvm"], log);
    expect(problem).toMatchObject({ code: "mod-crash", line: 2 });
    expect(problem.message).toBe("Minecraft crashed in the code of the mod 'sawmill'.");
  });

  test("a symptom (lag, failed logins) does not keep the culprit of a crash unnamed", () => {
    const lag = (i: number) => `${T} [Server thread/WARN] [minecraft/MinecraftServer]: Can't keep up! Is the server overloaded? Running ${2000 + i}ms or ${40 + i} ticks behind`;
    const log = [
      `${T} [main/INFO] [cpw.mods.modlauncher.Launcher/MODLAUNCHER]: ModLauncher running: args [--launchTarget, forgeserver, --fml.forgeVersion, 47.2.0, --fml.mcVersion, 1.20.1]`,
      ...Array.from({ length: 12 }, (_, i) => lag(i)),
      `${T} [Server thread/ERROR] [minecraft/MinecraftServer]: Encountered an unexpected exception`,
      "net.minecraft.ReportedException: Ticking entity",
      "\tat net.minecraft.server.MinecraftServer.m_5703_(MinecraftServer.java:906) ~[server-1.20.1-20230612.114412-srg.jar%23187!/:?]",
      "Caused by: java.lang.NullPointerException: Cannot invoke \"Object.hashCode()\" because \"this.target\" is null",
      "\tat com.example.crows.CrowGoal.tick(CrowGoal.java:88) ~[crows-1.2.0.jar%23150!/:1.2.0]",
    ].join("\n");
    const problems = analyseLog(log).analysis.problems;
    expect(problems.map((problem) => problem.code)).toEqual(["server-lagging", "ticking-entity"]);
    // The ticking crash is the more specific cause; it names the culprit as mod-crash would.
    expect(problems[1].message).toContain("the mod 'crows'");
  });

  test("a 30,000-frame trace with 40 KB frame lines is read in linear time", () => {
    const lines = ["java.lang.StackOverflowError"];
    for (let i = 0; i < 30_000; i++) lines.push(i % 5_000 === 7 ? `\tat ${"a.".repeat(20_000)}b(X.java:1)` : "\tat net.minecraft.world.level.Level.tick(Level.java:1)");
    lines.push("\tat com.example.loop.Recursor.go(Recursor.java:3) ~[loop-1.0.jar%2399!/:?]");
    const text = lines.join("\n");
    const started = performance.now();
    expect(culpritOf(text, reportEntriesOf(text))?.jar ?? null).toBeNull();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
