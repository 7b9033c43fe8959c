/** Bukkit-family world problems and plugin-specific ones (ENGINE.md 3.1, group BUK). */
import { defineRule } from "../define-rule";
import { levelName } from "../log-facts";
import { fix, quote } from "../wording";

const groups = ["bukkit"] as const;

export const bukkitWorldRules = [
  defineRule({
    code: "chunk-load-exception",
    summary: "Chunks of the world could not be loaded or generated (damaged region data).",
    groups,
    shapes: [
      {
        anchor: /Encountered an unexpected exception$/,
        // The chunk loader frame can sit deep in the trace: a bounded look-ahead over the entry.
        later: { pattern: /\bat \S*ChunkRegionLoader\.load(?:Chunk|Entities)\b|Exception generating new chunk/, within: 1000 },
        extract: ({ log }) => ({ world: levelName(log) }),
      },
      { anchor: /Couldn't load chunk$/, next: /^/, extract: ({ log }) => ({ world: levelName(log) }) },
    ],
    message: ({ world }) =>
      world
        ? `Chunks of the world ${quote(world)} could not be loaded; the region files are probably damaged.`
        : "Chunks of the world could not be loaded; the region files are probably damaged.",
    solutions: ({ world }) => [
      world ? fix.repairWorld(world) : "Back up the world folder and repair it with a tool such as Minecraft Region Fixer.",
      fix.removeChunk(),
      world ? fix.deleteFolder(world) : "As a last resort, delete the world folder so a new one is generated.",
    ],
    key: ({ world }) => world ?? "",
  }),

  defineRule({
    code: "world-duplicate-uid",
    summary: "A world folder has the same uid.dat as another world and was skipped.",
    groups,
    shapes: [{
      anchor: /World (.{1,300}?) is a duplicate of another world and has been prevented from loading/,
      hint: "is a duplicate of another world",
      extract: ({ anchor }) => ({ world: anchor[1] }),
    }],
    message: ({ world }) => `The world ${quote(world)} was not loaded because its uid.dat is shared with another world (copied folder?).`,
    solutions: ({ world }) => [fix.deleteFile(`${world}/uid.dat`), fix.deleteFolder(world)],
    key: ({ world }) => world,
  }),

  defineRule({
    code: "authme-shutdown",
    summary: "AuthMe failed to start and stopped the server, as its configuration asks.",
    groups,
    shapes: [{ anchor: /\[AuthMe\] THE SERVER IS GOING TO SHUT DOWN AS DEFINED IN THE CONFIGURATION!/, hint: "[AuthMe]", extract: () => ({ plugin: "AuthMe" }) }],
    message: ({ plugin }) => `The plugin ${quote(plugin)} could not start and then stopped the whole server.`,
    solutions: ({ plugin }) => [
      // Matches the automatic edit: stopServer: true -> false.
      `In 'plugins/AuthMe/config.yml' set 'stopServer' to 'false', so a failing ${plugin} no longer stops the server.`,
      fix.pluginConfigure(plugin, "plugins/AuthMe/config.yml"),
      fix.pluginOtherVersion(plugin),
      fix.pluginRemove(plugin),
    ],
    key: () => "",
  }),

  defineRule({
    code: "permissionsex-config-invalid",
    summary: "PermissionsEx refuses to enable because its configuration file is broken.",
    groups,
    shapes: [{ anchor: /Your configuration must be fixed before PEX will enable/, hint: "PEX will enable", extract: () => ({ plugin: "PermissionsEx" }) }],
    message: ({ plugin }) => `The plugin ${quote(plugin)} stays disabled because its permissions file has errors.`,
    solutions: ({ plugin }) => [fix.pluginConfigure(plugin, "plugins/PermissionsEx/permissions.yml"), fix.pluginRemove(plugin)],
    key: () => "",
  }),

  defineRule({
    code: "multiverse-world-corrupt",
    summary: "Multiverse could not load a world because its files are damaged.",
    groups,
    shapes: [{
      anchor: /The world '(.{1,300}?)' could NOT be loaded because it contains errors and is probably corrupt!/,
      hint: "could NOT be loaded",
      extract: ({ anchor }) => ({ world: anchor[1] }),
    }],
    message: ({ world }) => `Multiverse skipped the world ${quote(world)} because its files look damaged.`,
    solutions: ({ world }) => [fix.repairWorld(world), fix.deleteFolder(world)],
    // One problem per world: two corrupt worlds are two problems.
    key: ({ world }) => world,
  }),
];
