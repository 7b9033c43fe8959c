/** Problems reported by Fabric Loader (rule group `fabric`). */
import { defineRule } from "../define-rule.ts";
import { fabricModName } from "../names.ts";
import { requirementKind, versionNeedFixes, versionNeedMessage, type VersionNeed } from "../requirements.ts";
import { fix, quote } from "../wording.ts";
import { displayName, parseConflict, requirementOf, type Requirement } from "./fabric-requirements.ts";

const groups = ["fabric"] as const;

/** The game itself as a dependency: `'Minecraft' (minecraft)`, or bare `minecraft` (0.11). */
const isMinecraft = (requirement: Requirement) => requirement.dependency.name === "Minecraft" || requirement.dependency.id === "minecraft";

/** Applies `pick` to every line of the entry, keeping the non-null results. */
function eachLine<E>(pick: (line: string) => E | null) {
  return (entry: { lines: { content: string }[] }): E[] => {
    const found: E[] = [];
    for (const { content } of entry.lines) {
      const value = pick(content);
      if (value !== null) found.push(value);
    }
    return found;
  };
}

interface Duplicate {
  mod: string;
  /** The copy to delete, when the loader names one. */
  path: string | null;
}

export const fabricRules = [
  defineRule({
    code: "fabric-mod-dependency",
    category: "missing-dependency",
    summary: "A Fabric mod needs another mod (or a version of it) that is not installed.",
    groups,
    // Translated report lines keep only the `'Name' (id)` structure.
    scanHints: [" requires ", "' ("],
    scan: eachLine((line) => {
      const requirement = requirementOf(line);
      // Java is no mod to add: fabric-mod-needs-java reads those lines; the loader is fabric-mod-wrong-minecraft's.
      if (!requirement || isMinecraft(requirement) || requirementKind(requirement.dependency.id) !== "mod") return null;
      return { mod: displayName(requirement.mod), dependency: displayName(requirement.dependency), range: requirement.range };
    }),
    message: ({ mod, dependency }) => `The mod ${quote(mod)} cannot load without ${quote(dependency)} in a suitable version.`,
    solutions: ({ dependency, range }) => [fix.modInstall(dependency, range ?? undefined)],
    key: ({ mod, dependency }) => `${mod}\n${dependency}`,
  }),

  defineRule({
    code: "fabric-mod-wrong-minecraft",
    category: "wrong-game-version",
    summary: "A Fabric mod is made for another Minecraft (or Fabric Loader) version than the one running.",
    groups,
    // Translated report lines keep only the `'Name' (id)` structure.
    scanHints: [" requires ", "' ("],
    scan: eachLine((line): VersionNeed | null => {
      const requirement = requirementOf(line);
      if (!requirement || requirement.present === null) return null;
      const id = isMinecraft(requirement) ? "minecraft" : requirement.dependency.id;
      if (requirementKind(id) !== "game" && requirementKind(id) !== "loader") return null;
      return { mod: displayName(requirement.mod), id, range: requirement.range, present: requirement.present };
    }),
    message: versionNeedMessage,
    solutions: versionNeedFixes,
    key: ({ mod, id, present }) => `${mod}\n${id}\n${present}`,
  }),

  defineRule({
    code: "fabric-incompatible-mods",
    category: "incompatible",
    summary: "Two installed Fabric mods declare that they do not work together.",
    groups,
    scanHints: [" is incompatible with ", " conflicts with "],
    scan: eachLine((line) => {
      const conflict = parseConflict(line);
      return conflict ? { mod: displayName(conflict.mod), other: displayName(conflict.other) } : null;
    }),
    message: ({ mod, other }) => `The mods ${quote(mod)} and ${quote(other)} are declared as not working together.`,
    solutions: ({ mod, other }) => [fix.modRemove(mod), fix.modRemove(other)],
    key: ({ mod, other }) => `${mod}\n${other}`,
  }),

  defineRule({
    code: "fabric-duplicate-mod",
    category: "duplicate",
    summary: "The same Fabric mod is installed more than once.",
    groups,
    shapes: [
      {
        anchor: /A critical error occurred$/,
        next: /^net\.fabricmc\.loader\.discovery\.ModResolutionException: Duplicate versions for mod ID '([^']+)': \[\S+ at ([^\],]+)/,
        extract: ({ follow }): Duplicate => ({ mod: fabricModName(follow![1]), path: follow![2].trim() }),
      },
      {
        // Newer loaders list it with the resolution report: `- Mod 'Sodium' (sodium) duplicated: a.jar (0.5.3) and b.jar (0.5.8)`.
        anchor: /- Mod '([^'\n]{1,200})' \(([\w-]{1,64})\) duplicated: (\S{1,300}\.jar)/,
        hint: " duplicated: ",
        extract: ({ anchor }): Duplicate => ({ mod: anchor[1], path: anchor[3] }),
      },
      {
        anchor: /Mods share ID ([\w-]{1,64}), may have different versions/,
        hint: "Mods share ID",
        extract: ({ anchor }): Duplicate => ({ mod: fabricModName(anchor[1]), path: null }),
      },
    ],
    message: ({ mod }) => `The mod ${quote(mod)} is installed more than once.`,
    solutions: ({ mod, path }) => [path ? fix.deleteFile(path) : `Keep one copy of ${quote(mod)} in the mods folder and delete the others.`],
    key: ({ mod }) => mod,
  }),

  defineRule({
    code: "fabric-entrypoint-error",
    category: "load-failure",
    summary: "A mod failed in one of its Fabric entrypoints during start-up.",
    groups,
    shapes: [{
      // Newer loaders add the entrypoint class: `provided by 'caxton' at 'xyz.Foo'!`.
      anchor: /Could not execute entrypoint stage '([^']{1,200})' due to errors, provided by '([^']{1,300})'(?: at '[^']{1,500}')?!/,
      hint: "Could not execute entrypoint stage",
      extract: ({ anchor }) => ({ stage: anchor[1], mod: anchor[2] }),
    }],
    message: ({ mod, stage }) => `The mod ${quote(mod)} failed while starting (entrypoint ${quote(stage)}).`,
    solutions: ({ mod }) => [fix.modRemove(mod), fix.modOtherVersion(mod)],
    key: ({ mod }) => mod,
  }),
];
