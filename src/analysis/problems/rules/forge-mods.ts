/** Forge problems about individual mods: dependencies, duplicates, failures (rule group `forge`). */
import { defineRule } from "../define-rule";
import { fix, quote, quoteList } from "../wording";
import { parseForgeDependencies, type ForgeDependency } from "./forge-mod-lists";

const groups = ["forge"] as const;
/** Forge colours its error screens with `§x` codes. */
const COLOURED = "§.([^§]+?)§.";

const dependent = (mod: string, dependencies: ForgeDependency[]) => ({ mod, dependencies });

export const forgeModRules = [
  defineRule({
    code: "forge-mod-dependency",
    category: "missing-dependency",
    summary: "A Forge mod needs other mods that are missing or too old.",
    groups,
    shapes: [
      {
        anchor: /The mod \S{1,300} \((.{1,300})\) requires mods \[([^\]]{0,10000})\] to be available/,
        hint: "requires mods [",
        extract: ({ anchor }) => dependent(anchor[1], parseForgeDependencies(anchor[2])),
      },
      {
        anchor: /net\.minecraftforge\.fml\.common\.MissingModsException: Mod \S{1,300} \((.{1,300})\) requires \[(.{0,10000})\]/,
        hint: "MissingModsException",
        extract: ({ anchor }) => dependent(anchor[1], parseForgeDependencies(anchor[2])),
      },
      {
        // Newer loaders (ModLoadingException / LoadingFailedException lists) colour each part.
        anchor: new RegExp(`Mod ${COLOURED} requires ${COLOURED}(?: ${COLOURED})?`),
        hint: " requires §",
        extract: ({ anchor }) => dependent(anchor[1], [{ id: anchor[2], version: anchor[3]?.trim() || null }]),
      },
    ],
    message: ({ mod, dependencies }) =>
      dependencies.length === 1
        ? `The mod ${quote(mod)} needs ${quote(dependencies[0].id)}, which is missing or outdated.`
        : `The mod ${quote(mod)} needs these mods, which are missing or outdated: ${quoteList(dependencies.map((d) => d.id))}.`,
    solutions: ({ dependencies }) => dependencies.map(({ id, version }) => fix.modInstall(id, version ?? undefined)),
    key: ({ mod, dependencies }) => `${mod}\n${dependencies.map((d) => `${d.id}@${d.version ?? ""}`).join(",")}`,
  }),

  defineRule({
    code: "forge-duplicate-mod",
    category: "duplicate",
    summary: "Two mod files provide the same Forge mod id.",
    groups,
    shapes: [
      {
        anchor: /Found a duplicate mod (\S{1,300}) at \[([^,\]]{1,500}), ([^,\]]{1,500})/,
        hint: "Found a duplicate mod",
        extract: ({ anchor }) => ({ mod: unquote(anchor[1]), first: anchor[2].trim(), second: anchor[3].trim() }),
      },
      {
        // The id is printed quoted (`Mod ID: 'rubidium'`); show it without the quotes.
        anchor: /^\s*Mod ID: ?([^\s,]+) from mod files: ([^,]+), ([^,]+)/,
        hint: "from mod files:",
        extract: ({ anchor }) => ({ mod: unquote(anchor[1]), first: anchor[2].trim(), second: anchor[3].trim() }),
      },
    ],
    message: ({ mod, first, second }) => `The mod ${quote(mod)} is installed twice: ${quote(first)} and ${quote(second)}.`,
    solutions: ({ first, second }) => [fix.deleteFile(first), fix.deleteFile(second)],
    key: ({ mod, first, second }) => `${mod}\n${first}\n${second}`,
  }),

  defineRule({
    code: "forge-mod-fatal",
    category: "load-failure",
    summary: "A Forge mod failed to load and the loader marked it as errored.",
    groups,
    shapes: [
      {
        // Old Forge state table: `UCHIE  modid{1.0} [Mod Name] (file.jar)`, E = errored.
        anchor: /^U[LCHIJAD]*E\s+(\S+?)\{([^}]*)\} \[(.+?)\] \((.+?)\)/,
        extract: ({ anchor }) => ({ mod: anchor[3], file: anchor[4] as string | null }),
      },
      {
        anchor: /^\s*(.+?) \(([^()\s]+)\) has failed to load correctly/,
        hint: "has failed to load correctly",
        extract: ({ anchor }) => ({ mod: anchor[1], file: null as string | null }),
      },
    ],
    message: ({ mod }) => `The mod ${quote(mod)} failed to load and stopped the loading process.`,
    solutions: ({ mod, file }) => [file ? fix.deleteFile(`mods/${file}`) : fix.modRemove(mod), fix.modOtherVersion(mod)],
    key: ({ mod }) => mod,
  }),

  defineRule({
    code: "forge-mod-exception",
    category: "load-failure",
    summary: "A Forge mod threw an exception while the game was loading or running.",
    groups,
    shapes: [
      {
        // The name runs up to the mod id in parentheses, or to the end of the line.
        anchor: /Caught exception from ([^(]{1,300})/,
        hint: "Caught exception from",
        extract: ({ anchor }) => (anchor[1].trim() ? { mod: anchor[1].trim() } : null),
      },
      {
        anchor: /net\.minecraftforge\.fml\.LoadingFailedException: Loading errors encountered: \[$/,
        next: /^\s*(.+?) \([^()\s]+\) encountered an error during/,
        extract: ({ follow }) => ({ mod: follow![1].trim() }),
      },
    ],
    message: ({ mod }) => `An exception escaped from the mod ${quote(mod)}.`,
    solutions: ({ mod }) => [fix.modOtherVersion(mod), fix.modRemove(mod)],
    key: ({ mod }) => mod,
  }),
];

function unquote(name: string): string {
  return name.trim().replace(/^'(.*)'$/, "$1");
}
