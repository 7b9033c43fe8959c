/** Forge problems about the loader, the world and the environment (rule group `forge`). */
import { defineRule, matchShapes, type Shape } from "../define-rule.ts";
import { versionNeedFixes, versionNeedMessage, type VersionNeed } from "../requirements.ts";
import { fix, quote } from "../wording.ts";
import { ofKind, requirementScan, type ForgeNeeds } from "./forge-requirements.ts";

const groups = ["forge"] as const;

const DOES_NOT_WISH: Shape<VersionNeed> = {
  anchor: /The mod (\S+) does not wish to run in Minecraft version Minecraft (\S+?)\. You will have to remove it to play\./,
  hint: "does not wish to run",
  extract: ({ anchor }) => ({ mod: anchor[1], id: "minecraft", range: null, present: anchor[2] }),
};

/** A line whose only unmet requirements are the game or the loader: the game's, else the loader's. */
function versionNeedOf(needs: ForgeNeeds): VersionNeed | null {
  if (ofKind(needs, "mod").length > 0) return null;
  const [first] = [...ofKind(needs, "game"), ...ofKind(needs, "loader")];
  if (!first) return null;
  return { mod: needs.mod, id: first.id, range: first.range ?? (first.version ? `[${first.version},)` : null), present: first.present };
}

const needsOfVersions = requirementScan(versionNeedOf);

export const forgeRules = [
  defineRule({
    code: "forge-fml-confirm",
    category: "other",
    summary: "Forge waits for /fml confirm before loading a world with missing or changed mods.",
    groups,
    shapes: [{ anchor: /Run the command \/fml confirm (?:or )+\/fml cancel to proceed/, hint: "/fml confirm", extract: () => ({}) }],
    message: () => "Forge paused the world load and is waiting for the command /fml confirm.",
    solutions: () => ["Type /fml confirm in the server console to continue loading the world (back it up first)."],
    key: () => "",
  }),

  defineRule({
    code: "forge-world-missing-mod",
    category: "missing-dependency",
    summary: "The world was saved with a mod that is no longer installed.",
    groups,
    shapes: [{
      anchor: /This world was saved with mod (\S+) which appears to be missing, things may not work well/,
      hint: "appears to be missing",
      // The game and the loader themselves are reported like mods; they are never really missing.
      extract: ({ anchor }) => (/^(?:forge|minecraft)/.test(anchor[1]) ? null : { mod: anchor[1] }),
    }],
    message: ({ mod }) => `The mod ${quote(mod)} was used in this world but is no longer installed.`,
    solutions: ({ mod }) => [fix.modInstall(mod), fix.waitItOut()],
    key: ({ mod }) => mod,
  }),

  defineRule({
    code: "forge-world-mod-version",
    category: "other",
    summary: "The world was saved with another version of an installed mod.",
    groups,
    shapes: [{
      anchor: /This world was saved with mod (\S+) version (\S+) and it is now at version (\S+), things may not work well/,
      hint: "This world was saved with mod",
      extract: ({ anchor }) => ({ mod: anchor[1], saved: anchor[2], current: anchor[3].replace(/,$/, "") }),
    }],
    message: ({ mod, saved, current }) =>
      `The world was last played with ${quote(mod)} ${saved}; the installed ${quote(mod)} is ${current}.`,
    solutions: ({ mod, saved }) => [fix.modInstall(mod, saved), fix.waitItOut()],
    key: ({ mod }) => mod,
  }),

  defineRule({
    code: "forge-mod-wrong-minecraft",
    category: "wrong-game-version",
    summary: "A Forge mod is made for another Minecraft or Forge version than the one installed.",
    groups,
    // `requires [forge@[14.23.5,)]`, `requires §6minecraft§r`: no mod to add, a mod made for another version.
    scanHints: ["requires", DOES_NOT_WISH.hint as string],
    scan: (entry, log) => {
      const needs = needsOfVersions(entry, log);
      const refusals = matchShapes([DOES_NOT_WISH], entry, log);
      return refusals.length === 0 ? needs : [...refusals, ...needs];
    },
    message: versionNeedMessage,
    solutions: versionNeedFixes,
    key: ({ mod, id }) => `${mod}\n${id}`,
  }),

  defineRule({
    code: "forge-ptrlib-missing",
    category: "missing-dependency",
    summary: "A CraftStudio-based mod needs the PTRLib library mod.",
    groups,
    shapes: [{
      anchor: /Encountered an unexpected exception$/,
      next: /^java\.lang\.NoClassDefFoundError: com\/mia\/craftstudio\/IPackReaderCallback/,
      extract: () => ({ mod: "PTRLib" }),
    }],
    message: ({ mod }) => `A mod depends on the library ${quote(mod)}, which is not installed.`,
    solutions: ({ mod }) => [fix.modInstall(mod)],
    key: () => "",
  }),

  defineRule({
    code: "forge-module-package-conflict",
    category: "duplicate",
    summary: "Two mods ship the same Java package, which the module system forbids.",
    groups,
    shapes: [{
      anchor: /Exception in thread "main" java\.lang\.module\.ResolutionException: (?:Modules (\S+) and (\S+) export package|Module (\S+) contains package \S+, module (\S+) exports package)/,
      hint: "ResolutionException",
      extract: ({ anchor }) => ({ first: anchor[1] ?? anchor[3], second: anchor[2] ?? anchor[4] }),
    }],
    message: ({ first, second }) => `The mods ${quote(first)} and ${quote(second)} both contain the same Java package and cannot be loaded together.`,
    solutions: ({ first, second }) => [fix.modRemove(first), fix.modRemove(second)],
    key: ({ first, second }) => `${first}\n${second}`,
  }),

  defineRule({
    code: "forge-language-provider-version",
    category: "wrong-game-version",
    summary: "A mod file needs a newer or older Forge language provider than installed.",
    groups,
    shapes: [{
      anchor: /Mod File (\S{1,300}) needs language provider (\w{1,100}):(.{1,200}?) to load/,
      hint: "needs language provider",
      // The "We have found" line follows, possibly after colour codes and blank lines.
      later: { pattern: /^(?:§.|\s)*We have found (\S+)/, within: 3 },
      extract: ({ anchor, follow }) => ({
        file: anchor[1],
        required: `${anchor[2] === "javafml" ? "Forge" : anchor[2]} ${anchor[3].trim()}`,
        found: follow![1],
      }),
    }],
    message: ({ file, required, found }) => `The mod file ${quote(file)} needs ${quote(required)}, but ${quote(found)} is installed.`,
    solutions: ({ file }) => [fix.modRemove(file), fix.forgeOtherVersion()],
    key: ({ file }) => file,
  }),

  defineRule({
    code: "forge-missing-datapack-mod",
    category: "missing-dependency",
    summary: "The world's data packs reference a mod that is not installed.",
    groups,
    shapes: [{ anchor: /Missing data pack mod:(\S+)/, hint: "Missing data pack mod:", extract: ({ anchor }) => ({ mod: anchor[1] }) }],
    message: ({ mod }) => `The world uses data from the mod ${quote(mod)}, which is not installed.`,
    solutions: ({ mod }) => [fix.modInstall(mod), fix.waitItOut()],
    key: ({ mod }) => mod,
  }),
];
