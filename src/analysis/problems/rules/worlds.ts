/**
 * World data the game cannot read, in any Java game log: a chunk, a region file, level.dat.
 * Deferred, so that the Bukkit rule (bukkit-worlds.ts), which knows its servers' forms, speaks
 * first where it applies.
 */
import { defineRule } from "../define-rule.ts";
import { levelName } from "../log-facts.ts";
import { fix, quote } from "../wording.ts";
import { jvm } from "./cue.ts";

interface DamagedWorld {
  /** What cannot be read: `the chunk [12, -7]`, `level.dat`. */
  part: string;
  world: string | null;
}

export const worldRules = [
  defineRule<DamagedWorld>({
    ...jvm,
    code: "world-data-unreadable",
    category: "world-corrupt",
    deferred: true,
    summary: "Part of a world (a chunk, a region file, level.dat) cannot be read: the world data is damaged.",
    shapes: [
      {
        // 1.17+: `Couldn't load chunk [12, -7]`; the cause (a ZipException, an NBT error) follows.
        anchor: /Couldn't load chunk \[(-?\d{1,9}), ?(-?\d{1,9})\]/,
        hint: "Couldn't load chunk",
        extract: ({ anchor, log }) => ({ part: `the chunk [${anchor[1]}, ${anchor[2]}]`, world: levelName(log) }),
      },
      {
        anchor: /Region file (\S{1,300}) has truncated header/,
        hint: "Region file",
        extract: ({ anchor, log }) => ({ part: `the region file ${quote(anchor[1])}`, world: levelName(log) }),
      },
      {
        anchor: /(?:Exception reading|Failed to (?:load|read)|Error loading|Could not (?:load|read))\b[^\n]{0,200}?level\.dat/,
        hint: "level.dat",
        extract: ({ log }) => ({ part: "level.dat", world: levelName(log) }),
      },
    ],
    message: ({ part, world }) => `${part[0].toUpperCase()}${part.slice(1)} of the world${world ? ` ${quote(world)}` : ""} cannot be read: the world data is damaged.`,
    solutions: ({ part, world }) => [
      part === "level.dat"
        ? `Back up the world folder, then replace level.dat with level.dat_old from the same folder (the copy from the last save).`
        : world
          ? fix.repairWorld(world)
          : "Back up the world folder and repair it with a tool such as Minecraft Region Fixer.",
      part === "level.dat" ? "Or restore the world from a backup." : "Delete or regenerate the damaged chunk with a chunk editor such as MCA Selector, or restore the world from a backup.",
    ],
    key: ({ part }) => part,
  }),
];
