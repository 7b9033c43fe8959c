import { culpritName, type Culprit } from "./crash-culprit.ts";

/**
 * Our wording for solutions, shared by the rules so that one kind of fix always reads the same.
 * Entities are put in 'single quotes' exactly as extracted: clients and the scorer look for them.
 */

/** Wraps an extracted name in single quotes. */
export const quote = (name: string): string => `'${name}'`;

/** Joins quoted names: 'a', 'b', 'c'. */
export const quoteList = (names: readonly string[]): string => names.map(quote).join(", ");

export const fix = {
  pluginOtherVersion: (plugin: string) =>
    `Look for a release of ${quote(plugin)} built for your server version and replace the current one.`,
  pluginRemove: (plugin: string) => `Take ${quote(plugin)} out of the plugins folder if you can do without it.`,
  pluginInstall: (plugin: string) => `Add ${quote(plugin)} to the plugins folder and restart the server.`,
  pluginDependencyLoaded: (dependencies: readonly string[]) =>
    `If ${quoteList(dependencies)} ${dependencies.length === 1 ? "is" : "are"} in the plugins folder already, look earlier in the log for why ${dependencies.length === 1 ? "it" : "they"} did not load: a plugin that fails to load counts as missing.`,
  pluginConfigure: (plugin: string, file: string) => `Review the settings of ${quote(plugin)} in ${quote(file)}.`,
  deleteFile: (path: string) => `Delete ${quote(path)} (keep a copy elsewhere if it may be needed again).`,
  deleteFolder: (path: string) => `Remove the folder ${quote(path)} (make a backup first).`,
  createFolder: (path: string) => `Create an empty folder named ${quote(path)} in the server directory.`,
  modInstall: (mod: string, version?: string) =>
    version ? `Add the mod ${quote(mod)} in version ${version} to the mods folder.` : `Add the mod ${quote(mod)} to the mods folder.`,
  modOtherVersion: (mod: string) => `Replace ${quote(mod)} with a release made for this Minecraft and loader version.`,
  modRemove: (mod: string) => `Take ${quote(mod)} out of the mods folder.`,
  forgeOtherVersion: () => "Switch to a Forge build that the installed mods support.",
  javaVersion: (version: number) => `Start the server with Java ${version} or newer.`,
  newWorld: () => "Start over with a freshly generated world (keep a backup of the old one).",
  repairWorld: (world: string) => `Back up ${quote(world)} and repair it with a tool such as Minecraft Region Fixer.`,
  removeChunk: () => "Delete or reset the broken chunk, for example by removing its region file or with an editor like MCEdit.",
  removeBlock: () => "Remove the faulty block with a world editor such as MCEdit.",
  waitItOut: () => "Nothing needs to be done right now; the warning may go away on the next start.",
} as const;

/** What stops when a log's side crashes: the server, the game (a client), or Minecraft when the log does not say. */
export function whatCrashed(side: "client" | "server" | null | undefined): string {
  return side === "server" ? "the server" : side === "client" ? "the game" : "Minecraft";
}

/** For the start of a sentence: `the game` -> `The game`. */
export const capitalised = (text: string): string => text[0].toUpperCase() + text.slice(1);

const PLUGIN_PLATFORMS = new Set(["CraftBukkit", "Spigot", "Paper", "Purpur", "Folia", "Glowstone"]);
const HYBRID_PLATFORMS = new Set(["Mohist", "Arclight", "Magma"]);

export type AddOnKind = "mod" | "plugin" | "mod or plugin";

/** What add-ons are called on the log's software: plugins on Bukkit servers, mods elsewhere. */
export function addOnKind(software: string | null | undefined): AddOnKind {
  if (software && PLUGIN_PLATFORMS.has(software)) return "plugin";
  return software && HYBRID_PLATFORMS.has(software) ? "mod or plugin" : "mod";
}

/** `the mod 'Create' (file 'create-1.20.1-0.5.1.f.jar')`, `the plugin in 'Shop-2.0.jar'`. */
/** Plugins have no mod id: on a hybrid, code named by one is a mod's. */
const culpritKind = (culprit: Culprit, addOn: AddOnKind): AddOnKind => (addOn === "mod or plugin" && culprit.id ? "mod" : addOn);

export function culpritPhrase(culprit: Culprit, onPlatform: AddOnKind): string {
  const addOn = culpritKind(culprit, onPlatform);
  if (!culprit.id && !culprit.name) return `the ${addOn} in ${quote(culprit.jar!)}`;
  const file = culprit.jar ? ` (file ${quote(culprit.jar)})` : "";
  const id = culprit.name && culprit.id ? ` (${culprit.id})` : "";
  return `the ${addOn} ${quote(culpritName(culprit))}${id}${file}`;
}

/** The fixes for a crash in a mod's code: its update, then its removal to confirm. */
export function culpritFixes(culprit: Culprit, onPlatform: AddOnKind): string[] {
  const addOn = culpritKind(culprit, onPlatform);
  const name = quote(culpritName(culprit));
  const folder = addOn === "plugin" ? "plugins" : addOn === "mod" ? "mods" : "mods or plugins";
  return [
    `Update ${name} to its latest release for this Minecraft version, or look for this crash in its issue tracker.`,
    `If it still crashes, remove ${name}${culprit.jar && culpritName(culprit) !== culprit.jar ? ` (${quote(culprit.jar)})` : ""} from the ${folder} folder to confirm it is the cause.`,
  ];
}
