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
  pluginConfigure: (plugin: string, file: string) => `Review the settings of ${quote(plugin)} in ${quote(file)}.`,
  deleteFile: (path: string) => `Remove ${quote(path)} from the server files.`,
  deleteFolder: (path: string) => `Remove the folder ${quote(path)} (make a backup first).`,
  createFolder: (path: string) => `Create an empty folder named ${quote(path)} in the server directory.`,
  modInstall: (mod: string, version?: string) =>
    version ? `Add the mod ${quote(mod)} in version ${version} to the mods folder.` : `Add the mod ${quote(mod)} to the mods folder.`,
  modOtherVersion: (mod: string) => `Replace ${quote(mod)} with a release made for this Minecraft and loader version.`,
  modRemove: (mod: string) => `Take ${quote(mod)} out of the mods folder.`,
  forgeOtherVersion: () => "Switch to a Forge build that the installed mods support.",
  serverVersion: (version: string) => `Run the server on a Minecraft version matching ${quote(version)}.`,
  javaVersion: (version: number) => `Start the server with Java ${version} or newer.`,
  newWorld: () => "Start over with a freshly generated world (keep a backup of the old one).",
  repairWorld: (world: string) => `Back up ${quote(world)} and repair it with a tool such as Minecraft Region Fixer.`,
  removeChunk: () => "Delete or reset the broken chunk, for example by removing its region file or with an editor like MCEdit.",
  removeBlock: () => "Remove the faulty block with a world editor such as MCEdit.",
  waitItOut: () => "Nothing needs to be done right now; the warning may go away on the next start.",
} as const;
