import { describe, expect, test } from "bun:test";
import { toolCallBudget } from "../../src/ai/tool-budget.ts";
import { createLogTools } from "../../src/ai/tools.ts";
import { paperLogWithBrokenPlugin } from "./fixtures.ts";

const tools = createLogTools(
  {
    hash: "h",
    files: [
      { name: "latest.log", content: paperLogWithBrokenPlugin },
      { name: "plugins/FancyShop/config.yml", content: "economy: vault\nlanguage: en\n" },
    ],
  },
  toolCallBudget({ perStep: 100, perRun: 100 }),
);
const options = { toolCallId: "test", messages: [] } as any;
const run = async (name: keyof typeof tools, input: unknown) => (tools[name].execute as (i: unknown, o: unknown) => Promise<string>)(input, options);

describe("the agent's log tools", () => {
  test("list_files names every file with its size", async () => {
    expect(await run("list_files", {})).toBe(
      "latest.log: 9 lines, 808 bytes (main log)\nplugins/FancyShop/config.yml: 2 lines, 28 bytes",
    );
  });

  test("read_file reads the main log by default and other files by name", async () => {
    expect(await run("read_file", { startLine: 2, endLine: 2 })).toStartWith("2| [12:00:02] [Server thread/INFO]: Starting minecraft server version 1.20.4");
    expect(await run("read_file", { file: "plugins/FancyShop/config.yml" })).toStartWith("1| economy: vault\n2| language: en");
  });

  test("search_log searches all files unless one is named", async () => {
    expect(await run("search_log", { query: "vault", context: 0 })).toBe(
      [
        "2 matches:",
        "latest.log:5: org.bukkit.plugin.UnknownDependencyException: Unknown/missing dependency plugins: [Vault]. Please download and install these plugins to run 'FancyShop'.",
        "plugins/FancyShop/config.yml:1: economy: vault",
      ].join("\n"),
    );
  });

  test("lookup_problem searches the engine's catalog", async () => {
    const found = await run("lookup_problem", { query: "authentication servers" });
    expect(found).toContain("auth-servers-unreachable");
    expect(await run("lookup_problem", { query: "zzzz qqqq" })).toStartWith("No catalog entry matches");
  });

  test("a bad call throws a message meant for the model", async () => {
    await expect(run("read_file", { file: "../../etc/passwd" })).rejects.toThrow('no file named "../../etc/passwd"; the files are: latest.log, plugins/FancyShop/config.yml');
    await expect(run("lookup_problem", { query: "a b" })).rejects.toThrow("at least one word");
  });
});
