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
