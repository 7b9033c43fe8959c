/** Turning raw log text into the names shown to users (plugins, paths, Fabric mods). */

/** Paper loads remapped copies from plugins/.paper-remapped; users know the plain plugins folder. */
export function normalisePluginPath(path: string): string {
  return path.replace(/\\/g, "/").replace(/(^|\/)plugins\/\.paper-remapped(?=\/|$)/, "$1plugins");
}

/** 'plugins/Foo-1.2.jar' -> 'Foo-1.2' (dots inside the name are kept). */
export function pluginNameFromFile(path: string): string {
  const base = path.replace(/\\/g, "/").split("/").pop() ?? path;
  return base.endsWith(".jar") ? base.slice(0, -4) : base;
}

/** The file name part of a path. */
export function baseName(path: string): string {
  return path.replace(/\\/g, "/").split("/").pop() ?? path;
}

/** Fabric calls its API mod `fabric`; users search for it as Fabric API. */
export function fabricModName(id: string): string {
  return id === "fabric" ? "FabricAPI" : id;
}

/**
 * The mod a jar file is named after: its name up to the first part that is a version, a
 * Minecraft tag or a loader (`sodium-fabric-mc1.19.2-0.4.4+build.18.jar` -> `sodium`,
 * `Xaeros_Minimap_23.6_Forge_1.20.jar` -> `Xaeros_Minimap`); null when nothing precedes them.
 */
export function modNameOfJar(jar: string): string | null {
  const stem = baseName(jar).replace(/\.jar$/i, "");
  const name = /^(.+?)(?:[-_ +](?:v?\d|mc\d|fabric|forge|neoforge|quilt|universal)|$)/i.exec(stem)?.[1] ?? null;
  return name && /[a-z]/i.test(name) ? name : null;
}
