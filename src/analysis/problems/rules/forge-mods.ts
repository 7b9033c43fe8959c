/** Forge problems about individual mods: dependencies, duplicates, failures (rule group `forge`). */
import { culpritAt, culpritName, startsException, type Culprit } from "../crash-culprit.ts";
import { defineRule } from "../define-rule.ts";
import type { LogContext, LogEntry } from "../../model.ts";
import { describeRange, loaderName, requirementKind } from "../requirements.ts";
import { capitalised, culpritFixes, culpritPhrase, fix, quote, quoteList } from "../wording.ts";
import { ofKind, requirementScan, type Requirement } from "./forge-requirements.ts";

const groups = ["forge"] as const;

/** `Forge 14.23.5.2768 or newer`, `Minecraft 1.20.1` (the lowest version when no range is printed). */
const versionWanted = (r: Requirement) => {
  const name = requirementKind(r.id) === "game" ? "Minecraft" : loaderName(r.id);
  const range = r.range ? describeRange(r.range) : r.version ? `${r.version} or newer` : null;
  return range ? `${name} ${range}` : `another ${name} version`;
};

/** Mods a mod needs, and the game or loader versions it needs besides. */
interface ModNeeds {
  mod: string;
  dependencies: Requirement[];
  also: Requirement[];
}

/**
 * The loader's summary of a mod that failed, on a line of its own: `Name (id) has failed to load
 * correctly`. Quoted inside another message (a crash report's `Failure message:`) it is no summary.
 */
export const MOD_FAILED_SUMMARY = /^\s*([^:\n]{1,300}?) \(([^()\s]+)\) has failed to load correctly/;

export const forgeModRules = [
  defineRule<ModNeeds>({
    code: "forge-mod-dependency",
    category: "missing-dependency",
    summary: "A Forge mod needs other mods that are missing or too old.",
    groups,
    // Lines that only ask for another game or loader version are forge-mod-wrong-minecraft's.
    scanHints: ["requires"],
    scan: requirementScan((needs) => {
      const mods = ofKind(needs, "mod");
      return mods.length === 0 ? null : { mod: needs.mod, dependencies: mods, also: [...ofKind(needs, "loader"), ...ofKind(needs, "game")] };
    }),
    message: ({ mod, dependencies, also }) => {
      const needs =
        dependencies.length === 1
          ? `The mod ${quote(mod)} needs ${quote(dependencies[0].id)}, which is missing or outdated.`
          : `The mod ${quote(mod)} needs these mods, which are missing or outdated: ${quoteList(dependencies.map((d) => d.id))}.`;
      return also.length === 0 ? needs : `${needs} It also needs ${also.map(versionWanted).join(" and ")}.`;
    },
    solutions: ({ dependencies, also }) => [
      ...dependencies.map(({ id, version }) => fix.modInstall(id, version ?? undefined)),
      ...also.map((r) => `${requirementKind(r.id) === "game" ? "Run" : "Update to"} ${versionWanted(r)}.`),
    ],
    key: ({ mod, dependencies, also }) => `${mod}\n${[...dependencies, ...also].map((d) => `${d.id}@${d.version ?? ""}`).join(",")}`,
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
        // Old Forge state table: `UCHIE  modid{1.0} [Mod Name] (file.jar)`, E = errored; crash
        // reports indent it with a tab.
        anchor: /^\s*U[LCHIJAD]*E\s+(\S+?)\{([^}]*)\} \[(.+?)\] \((.+?)\)/,
        extract: ({ anchor }) => ({ mod: anchor[3], file: anchor[4] as string | null }),
      },
      {
        // 1.12's table: `\t| LCHE | jei | 4.16.1 | jei_1.12.2-4.16.1.jar | None |`.
        anchor: /^\s*\|\s*[LCHIJAD]{0,11}E\s*\|\s*([\w.-]{2,64})\s*\|[^|\n]{0,100}\|\s*([^|\n]{1,300}?\.jar)\s*\|/,
        hint: [".jar", "|"],
        extract: ({ anchor }) => ({ mod: anchor[1], file: anchor[2] as string | null }),
      },
      {
        // The loader's summary line only: crash reports' `Failure message: ...` and `Caused by 0: ...`
        // lines name the same failure and are forge-mod-load-failed's.
        anchor: MOD_FAILED_SUMMARY,
        hint: "has failed to load correctly",
        extract: ({ anchor }) => ({ mod: anchor[1], file: null as string | null }),
      },
    ],
    message: ({ mod, file }) => `The mod ${quote(mod)}${file ? ` (${quote(file)})` : ""} failed to load and stopped the loading process.`,
    solutions: ({ mod, file }) => [file ? fix.deleteFile(`mods/${file}`) : fix.modRemove(mod), fix.modOtherVersion(mod)],
    key: ({ mod }) => mod,
  }),

  defineRule<{ mod: string; id?: string }>({
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
        // 1.17+: `Caught exception during event FMLCommonSetupEvent dispatch for modid createaddition`
        anchor: /Caught exception during event \S{1,200} dispatch for modid ([\w.-]{1,64})/,
        hint: "dispatch for modid",
        extract: ({ anchor }) => ({ mod: anchor[1] }),
      },
      {
        // 1.14-1.16: a mod's lifecycle handler threw; the mod is the one its trace's frames name.
        anchor: /Exception caught during firing event: /,
        hint: "Exception caught during firing event",
        // A handler on the game's own threads is no lifecycle event: forge-event-handler-error's.
        extract: ({ entry, lineIndex, log }) => {
          if (onGameThread(entry)) return null;
          const culprit = handlerCulprit(entry, lineIndex, log);
          return culprit ? { mod: culpritName(culprit) } : null;
        },
      },
      {
        anchor: /net\.minecraftforge\.fml\.LoadingFailedException: Loading errors encountered: \[$/,
        next: /^\s*(.+?) \([^()\s]+\) encountered an error during/,
        extract: ({ follow }) => ({ mod: follow![1].trim() }),
      },
      {
        // NeoForge: `net.neoforged.fml.ModLoadingException: Loading errors encountered:`, then
        // `\t- Ender IO Machines (enderio_machines) encountered an error during the common_setup event phase`.
        anchor: /net\.neoforged\.fml\.ModLoadingException: Loading errors encountered:$/,
        next: /^\s*-\s(.+?) \(([^()\s]+)\) encountered an error during/,
        extract: ({ follow }) => ({ mod: follow![1].trim(), id: follow![2] }),
      },
    ],
    message: ({ mod, id }) => `An exception escaped from the mod ${quote(mod)}${id ? ` (${id})` : ""}.`,
    solutions: ({ mod }) => [fix.modOtherVersion(mod), fix.modRemove(mod)],
    key: ({ mod }) => mod,
  }),

  defineRule<{ culprit: Culprit }>({
    code: "forge-event-handler-error",
    category: "mod-crash",
    summary: "A mod's event handler throws every time its event fires (Forge's EventBus: `Exception caught during firing event`), when nothing else explains the log.",
    groups,
    // Mods' handlers throw harmless errors too: only a lead when no rule names a cause.
    fallback: true,
    shapes: [{
      anchor: /Exception caught during firing event/,
      hint: "Exception caught during firing event",
      extract: ({ entry, lineIndex, log }) => {
        if (!onGameThread(entry)) return null;
        const culprit = handlerCulprit(entry, lineIndex, log);
        return culprit ? { culprit } : null;
      },
    }],
    message: ({ culprit }) => `${capitalised(culpritPhrase(culprit, "mod"))} throws an error every time one of its event handlers runs (Forge's event bus caught it).`,
    solutions: ({ culprit }) => culpritFixes(culprit, "mod"),
    key: ({ culprit }) => culpritName(culprit),
  }),
];

/** Lines read past the anchor for the exception: EventBus lists every listener of the event first. */
const LISTENERS_READ = 64;
/** The threads the running game ticks on: an event there is gameplay, not the mods' loading. */
const GAME_THREAD = /^\[[^\]]{1,40}\] \[(?:Server thread|Render thread|Client thread|Netty [^\]/]{0,60})\//;

/** Read off the header, which starts the entry's first line. */
const onGameThread = (entry: LogEntry) => GAME_THREAD.test(entry.lines[0].content.slice(0, HEADER_READ));
const HEADER_READ = 120;

/**
 * The mod whose event handler threw. Forge's event bus prints the event's listeners first
 * (`Index:`, `Listeners:`, a line each), then the exception and its trace: the culprit is read
 * from the exception's line on, not from the listeners.
 */
function handlerCulprit(entry: LogEntry, lineIndex: number, log: LogContext): Culprit | null {
  const lines = entry.lines;
  for (let i = lineIndex + 1; i < lines.length && i <= lineIndex + LISTENERS_READ; i++) {
    if (startsException(lines[i].content)) return culpritAt(entry, i, log);
  }
  return culpritAt(entry, lineIndex, log);
}

function unquote(name: string): string {
  return name.trim().replace(/^'(.*)'$/, "$1");
}
