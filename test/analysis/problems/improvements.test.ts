/** Where our rules deliberately do better than the reference engine (its known defects: wrong entities, missed forms). */
import { describe, expect, test } from "bun:test";
import { parseTranslatedRequirement } from "../../../src/analysis/problems/rules/fabric-requirements.ts";
import { analyse, entriesOf, reportEntriesOf } from "./log-builder.ts";

const T = "[10:00:00]";
const only = (groups: Parameters<typeof analyse>[0], log: string, code: string) => analyse(groups, log).filter((p) => p.code === code);

describe("entity-keyed deduplication", () => {
  test("two corrupt Multiverse worlds are two problems, a repeated one is counted", () => {
    const corrupt = (world: string) =>
      `${T} [Server thread/ERROR]: [Multiverse-Core] The world '${world}' could NOT be loaded because it contains errors and is probably corrupt!`;
    const found = only(["bukkit"], [corrupt("New_world"), corrupt("New_World"), corrupt("New_world")].join("\n"), "multiverse-world-corrupt");
    expect(found.map((p) => [p.counter, p.message.includes("'New_world'") ? "New_world" : "New_World"])).toEqual([
      [2, "New_world"],
      [1, "New_World"],
    ]);
  });

  test("two broken data packs are two problems", () => {
    const pack = (name: string) =>
      `${T} [Worker/ERROR]: Failed\njava.lang.IllegalStateException: Failed to parse a.json from pack file/${name}`;
    const found = only(["vanilla"], [pack("one.zip"), pack("two.zip"), pack("one.zip")].join("\n"), "datapack-parse-failed");
    expect(found.map((p) => p.counter)).toEqual([2, 1]);
    expect(found[1].message).toContain("'two.zip'");
  });

  test("two duplicate worlds are two problems", () => {
    const duplicate = (world: string) =>
      `${T} [Server thread/ERROR]: World ${world} is a duplicate of another world and has been prevented from loading. Please delete the uid.dat file.`;
    expect(only(["bukkit"], [duplicate("alpha"), duplicate("beta")].join("\n"), "world-duplicate-uid")).toHaveLength(2);
  });
});

describe("Fabric wrong-Minecraft forms the reference missed or garbled", () => {
  const report = (requirement: string) =>
    `${T} [main/ERROR]: Incompatible mods found!\n\t - Mod 'Some Mod' (somemod) 2.0 requires ${requirement} of 'Minecraft' (minecraft), but only the wrong version is present: 1.16.5!`;

  test("the minimum form `requires version X or later of 'Minecraft'` is detected", () => {
    const [problem] = only(["fabric"], report("version 1.18.2 or later"), "fabric-mod-wrong-minecraft");
    expect(problem.message).toBe("The mod 'Some Mod' needs Minecraft 1.18.2 or newer; this is Minecraft 1.16.5.");
    expect(problem.solutions).toEqual([
      "Use the build of 'Some Mod' made for Minecraft 1.16.5, or remove 'Some Mod'.",
      "Or switch to Minecraft 1.18.2 or newer, with a loader and mods made for it.",
    ]);
  });

  test("the any form names the Minecraft version that is present", () => {
    const [problem] = only(["fabric"], report("any version"), "fabric-mod-wrong-minecraft");
    expect(problem.message).toContain("1.16.5");
    expect(problem.message).not.toMatch(/version \.$/);
  });
});

test("plugin names with dashes are read when a plugin fails to disable", () => {
  const log = `${T} [Server thread/ERROR]: Error occurred while disabling Multiverse-Core v4.3.1 (Is it up to date?)`;
  expect(only(["bukkit"], log, "plugin-disable-error")[0].message).toContain("'Multiverse-Core'");
});

test("the AuthMe fix says to set stopServer to false, as the edit does", () => {
  const log = `${T} [Server thread/WARN]: [AuthMe] THE SERVER IS GOING TO SHUT DOWN AS DEFINED IN THE CONFIGURATION!`;
  const [fix] = only(["bukkit"], log, "authme-shutdown")[0].solutions;
  expect(fix).toContain("'stopServer' to 'false'");
  expect(fix).not.toContain("'true'");
});

describe("chunk-load suggestions name the real world", () => {
  const failure = `${T} [Server thread/ERROR]: Couldn't load chunk\nnet.minecraft.server.ReportedException: Loading NBT data`;

  test("the world from `Preparing level` is suggested", () => {
    const [problem] = only(["bukkit"], `${T} [Server thread/INFO]: Preparing level "survival_2"\n${failure}`, "chunk-load-exception");
    expect(problem.message).toContain("'survival_2'");
    expect(problem.solutions.join(" ")).toContain("'survival_2'");
    expect(problem.solutions.join(" ")).not.toContain("'world'");
  });

  test("without it the wording stays generic", () => {
    const [problem] = only(["bukkit"], failure, "chunk-load-exception");
    expect(problem.solutions.join(" ")).not.toContain("'world'");
    expect(problem.solutions.length).toBeGreaterThan(0);
  });
});

test("the Forge duplicate mod id is shown without its quotes and leading space", () => {
  const log = `${T} [main/ERROR]: Found duplicate mods:\n\tMod ID: 'rubidium' from mod files: rubidium-0.7.jar, embeddium-0.3.jar`;
  const [problem] = only(["forge"], log, "forge-duplicate-mod");
  expect(problem.message).toContain("'rubidium'");
  expect(problem.message).not.toContain("' 'rubidium''");
  expect(problem.message).toContain("'rubidium-0.7.jar'");
});

describe("crash-report ticking details come from the matched section", () => {
  const report = (description: string, section: string[]) => ["---- Minecraft Crash Report ----", `Description: ${description}`, "", ...section];
  const entitySection = (name: string, location: string) => [
    "-- Entity being ticked --",
    "Details:",
    "\tEntity Type: minecraft:cow (Cow)",
    `\tEntity Name: ${name}`,
    `\tEntity's Exact location: ${location}`,
    "-- Affected level --",
    "Details:",
    "\tLevel name: world",
  ];

  test("two reports in one log give each its own entity", () => {
    const text = [...report("Ticking entity", entitySection("First Cow", "1.00, 2.00, 3.00")), ...report("Ticking entity", entitySection("Second Cow", "4.50, 5.00, 6.00"))].join("\n");
    const found = analyse(["crash-report"], text, reportEntriesOf(text));
    expect(found.map((p) => [p.counter, p.message])).toEqual([
      [2, expect.stringContaining("'First Cow' (minecraft:cow) at 1, 2, 3")],
      [2, expect.stringContaining("'Second Cow' (minecraft:cow) at 4.5, 5, 6")],
    ]);
  });

  test("the block location is the one under the named block entity, not a later one", () => {
    const text = report("Ticking block entity", [
      "-- Block entity being ticked --",
      "Details:",
      "\tName: mymod:pipe // a.b.Pipe",
      "\tBlock: Block{mymod:pipe}",
      "\tBlock location: World: (10,20,30), Chunk: (x)",
      "\tBlock: Block{other:thing}",
      "\tBlock location: World: (-1,-2,-3), Chunk: (x)",
    ]).join("\n");
    const [problem] = analyse(["crash-report"], text, reportEntriesOf(text));
    expect(problem.message).toContain("'mymod:pipe' at 10, 20, 30");
  });

  test("a report glued into one multi-line entry is read the same way", () => {
    const text = [`${T} [Server thread/ERROR]: crash`, ...report("Ticking entity", entitySection("Glued", "7.00, 8.00, 9.00"))].join("\n");
    const [problem] = analyse(["crash-report"], text, entriesOf(text));
    expect(problem.message).toContain("'Glued' (minecraft:cow) at 7, 8, 9");
    expect(problem.counter).toBe(2);
  });
});

test("a broken data pack is deleted from the world's datapacks folder, not the server root", () => {
  const log = `${T} [Server thread/INFO]: Preparing level "adventure"\n${T} [Worker/ERROR]: Failed\njava.lang.IllegalStateException: Failed to parse a.json from pack file/far-end-1.2.zip`;
  const [problem] = only(["vanilla"], log, "datapack-parse-failed");
  expect(problem.solutions[0]).toContain("'adventure/datapacks/far-end-1.2.zip'");
});

describe("Fabric resolution messages in a translated loader", () => {
  test("a missing dependency and a wrong version, in Chinese", () => {
    expect(parseTranslatedRequirement("\t - 模组 'Iris' (iris) 1.6.4 需要 任意版本 的 fabric-api，但它缺失了！")).toEqual({
      mod: { name: "Iris", id: "iris" },
      dependency: { name: null, id: "fabric-api" },
      range: null,
      present: null,
    });
    expect(parseTranslatedRequirement("\t - 模组 'Iris' (iris) 1.6.4 需要 0.4.9 或更高版本 的 sodium，但只有错误的版本：0.4.8！")).toMatchObject({
      dependency: { id: "sodium" },
      range: "0.4.9",
      present: "0.4.8",
    });
  });

  test("a quoted dependency in Russian; conflicts and English lines are not read this way", () => {
    expect(parseTranslatedRequirement("\t - Мод 'Iris' (iris) 1.6.4 требует любую версию 'Fabric API' (fabric-api), которая отсутствует!")).toMatchObject({
      dependency: { name: "Fabric API", id: "fabric-api" },
    });
    expect(parseTranslatedRequirement("\t - 模组 'Sodium' (sodium) 0.5.3 与 任意版本 的 optifabric 不兼容！")).toBeNull();
    expect(parseTranslatedRequirement("\t - Mod 'Iris' (iris) 1.6.4 requires any version of fabric-api, which is missing!")).toBeNull();
  });
});
