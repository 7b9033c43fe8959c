/** Bukkit-family problems about worlds and their chunks (rule group `bukkit`). */
import { crashOf } from "../crash-culprit.ts";
import { defineRule } from "../define-rule.ts";
import { levelName } from "../log-facts.ts";
import { fix, quote } from "../wording.ts";

const groups = ["bukkit"] as const;

export const bukkitWorldRules = [
  defineRule({
    code: "chunk-load-exception",
    category: "world-corrupt",
    summary: "Chunks of the world could not be loaded or generated (damaged region data).",
    groups,
    shapes: [
      {
        anchor: /Encountered an unexpected exception$/,
        // The chunk loader frame can sit deep in the trace: a bounded look-ahead over the entry.
        later: { pattern: /\bat \S*ChunkRegionLoader\.load(?:Chunk|Entities)\b|Exception generating new chunk/, within: 1000 },
        // A mod or plugin in the trace (a world generator) is the cause, not the world's data: mod-crash names it.
        extract: ({ log }) => (crashOf(log)?.culprit ? null : { world: levelName(log) }),
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
    category: "duplicate",
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
    code: "multiverse-world-corrupt",
    category: "world-corrupt",
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
