/**
 * The "Could not load" header lines Bukkit-family servers print when a plugin jar fails to load,
 * shared by the loading rules. Paths are normalised and the plugin is named after its file.
 */
import type { Shape, ShapeMatch } from "../define-rule.ts";
import { normalisePluginPath, pluginNameFromFile } from "../names.ts";

export interface PluginFile {
  plugin: string;
  path: string;
}

/** Before Paper 1.20: `Could not load 'plugins/X.jar' in folder 'plugins'` (or `in 'plugins'`). */
export const LOAD_BY_PATH = /Could not load '(plugins[/\\][^']{1,500})' in (?:folder )?'[^']{0,500}'/;
/** Paper 1.20+: `Could not load plugin 'X.jar' in folder 'plugins'`. */
export const LOAD_BY_FILE = /Could not load plugin '([^']{1,500}\.jar)' in folder '([^']{0,500})'/;

export function pluginFromPath(anchor: RegExpExecArray): PluginFile {
  const path = normalisePluginPath(anchor[1]);
  return { plugin: pluginNameFromFile(path), path };
}

export function pluginFromFile(anchor: RegExpExecArray): PluginFile {
  const folder = normalisePluginPath(anchor[2]).replace(/\/+$/, "");
  return { plugin: pluginNameFromFile(anchor[1]), path: `${folder}/${anchor[1]}` };
}

/** Both header forms followed by the same exception line, extracting with `extract`. */
export function bothLoadForms<E>(next: RegExp, extract: (file: PluginFile, m: ShapeMatch) => E | null): Shape<E>[] {
  return [
    { anchor: LOAD_BY_PATH, hint: "Could not load '", next, extract: (m) => extract(pluginFromPath(m.anchor), m) },
    { anchor: LOAD_BY_FILE, hint: "Could not load plugin '", next, extract: (m) => extract(pluginFromFile(m.anchor), m) },
  ];
}
