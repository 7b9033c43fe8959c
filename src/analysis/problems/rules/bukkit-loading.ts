/** Bukkit-family problems raised while plugin jars are loaded (rule group `bukkit`). */
import { defineRule } from "../define-rule.ts";
import { baseName, normalisePluginPath } from "../names.ts";
import { fix, quote, quoteList } from "../wording.ts";
import { bothLoadForms, LOAD_BY_PATH, pluginFromPath } from "./bukkit-load-forms.ts";

const groups = ["bukkit"] as const;

export const bukkitLoadingRules = [
  defineRule({
    code: "plugin-missing-dependency",
    category: "missing-dependency",
    summary: "A plugin cannot load because one plugin it depends on is not installed.",
    groups,
    shapes: [{
      anchor: LOAD_BY_PATH,
      hint: "Could not load '",
      // Old servers print the bare name; newer ones "Unknown dependency X. Please download...".
      next: /^org\.bukkit\.plugin\.UnknownDependencyException: (?:Unknown dependency (\S+?)\.(?:\s|$)|(\S+)$)/,
      extract: ({ anchor, follow }) => ({ ...pluginFromPath(anchor), dependency: follow![1] ?? follow![2] }),
    }],
    message: ({ plugin, dependency }) => `The plugin ${quote(plugin)} needs ${quote(dependency)}, which is not installed.`,
    solutions: ({ path, dependency }) => [fix.pluginInstall(dependency), fix.pluginDependencyLoaded([dependency]), fix.deleteFile(path)],
    key: ({ plugin, dependency }) => `${plugin}\n${dependency}`,
  }),

  defineRule({
    code: "plugin-ambiguous-name",
    category: "duplicate",
    summary: "Two plugin jars declare the same plugin name.",
    groups,
    shapes: [
      { anchor: /Ambiguous plugin name `([^']{1,300})' for files `([^']{1,500})' and `([^']{1,500})' in `/, hint: "Ambiguous plugin name", extract: ({ anchor }) => files(anchor) },
      { anchor: /Ambiguous plugin name '([^']{1,300})' for files '([^']{1,500})' and '([^']{1,500})' in '/, hint: "Ambiguous plugin name", extract: ({ anchor }) => files(anchor) },
    ],
    message: ({ plugin, first, second }) =>
      `Two jars both call themselves ${quote(plugin)}: ${quote(baseName(first))} and ${quote(baseName(second))}; only one can load.`,
    solutions: ({ first, second }) => [fix.deleteFile(first), fix.deleteFile(second)],
    key: ({ plugin, first, second }) => `${plugin}\n${first}\n${second}`,
  }),

  defineRule<{ path: string }>({
    code: "jar-not-a-plugin",
    category: "incompatible",
    summary: "A jar in the plugins folder is not a plugin (no plugin.yml): usually a Fabric, Forge or NeoForge mod put on a plugin server.",
    groups,
    shapes: [{
      // Paper 1.19.4+: `Directory 'plugins/fabric-api-0.100.1+1.20.6.jar' does not contain a paper-plugin.yml or plugin.yml!`
      anchor: /Directory '([^'\n]{1,300}\.jar)' does not contain a paper-plugin\.yml or plugin\.yml/,
      hint: "does not contain a paper-plugin.yml or plugin.yml",
      extract: ({ anchor }) => ({ path: anchor[1] }),
    }],
    message: ({ path }) =>
      `${quote(baseName(path))} in the plugins folder is not a plugin (it has no plugin.yml): mods made for Fabric, Forge or NeoForge do not run on this server.`,
    solutions: ({ path }) => [
      fix.deleteFile(path),
      "Look for a plugin that does the same for this server software, or run the mods on a Fabric, Forge or NeoForge server instead.",
    ],
    key: ({ path }) => path,
  }),

  defineRule({
    code: "plugin-load-error",
    category: "load-failure",
    summary: "A plugin jar could not be loaded (broken jar, bad plugin.yml...).",
    groups,
    shapes: [{
      anchor: LOAD_BY_PATH,
      hint: "Could not load '",
      // These causes have their own, more precise rules.
      notNext: /^org\.bukkit\.plugin\.(?:UnknownDependencyException|InvalidPluginException: (?:Unsupported API version|java\.lang\.UnsupportedClassVersionError))/,
      extract: ({ anchor }) => pluginFromPath(anchor),
    }],
    message: ({ plugin, path }) => `The plugin ${quote(plugin)} failed to load from ${quote(path)}.`,
    solutions: ({ plugin, path }) => [fix.pluginOtherVersion(plugin), fix.deleteFile(path)],
    key: ({ plugin, path }) => `${plugin}\n${path}`,
  }),

  defineRule({
    code: "plugin-missing-dependencies",
    category: "missing-dependency",
    summary: "A plugin cannot load because plugins it depends on are not installed.",
    groups,
    shapes: [{
      anchor: LOAD_BY_PATH,
      hint: "Could not load '",
      next: /^org\.bukkit\.plugin\.UnknownDependencyException: Unknown\/missing dependency plugins: \[([^\]]*)\](?:\. Please download and install these plugins to run '([^']+)')?/,
      extract: ({ anchor, follow }) => {
        const file = pluginFromPath(anchor);
        const dependencies = follow![1].split(",").map((name) => name.trim()).filter(Boolean);
        return { ...file, plugin: follow![2] ?? file.plugin, dependencies };
      },
    }],
    message: ({ plugin, dependencies }) =>
      dependencies.length === 1
        ? `The plugin ${quote(plugin)} needs ${quote(dependencies[0])}, which is not installed.`
        : `The plugin ${quote(plugin)} needs these plugins, which are not installed: ${quoteList(dependencies)}.`,
    solutions: ({ path, dependencies }) => [
      ...dependencies.map((dependency) => fix.pluginInstall(dependency)),
      fix.pluginDependencyLoaded(dependencies),
      fix.deleteFile(path),
    ],
    key: ({ plugin, dependencies }) => `${plugin}\n${[...dependencies].sort().join(",")}`,
  }),

  defineRule({
    code: "plugin-unsupported-api-version",
    category: "wrong-game-version",
    summary: "A plugin targets a newer Bukkit API version than the server provides.",
    groups,
    shapes: bothLoadForms(/^org\.bukkit\.plugin\.InvalidPluginException: Unsupported API version (\S+)/, (file, { follow }) => ({
      ...file,
      api: follow![1],
    })),
    message: ({ plugin, api }) => `The plugin ${quote(plugin)} was made for API version ${quote(api)}, newer than this server supports.`,
    solutions: ({ plugin, path, api }) => [
      fix.pluginOtherVersion(plugin),
      fix.deleteFile(path),
      `Update the server software to version ${quote(api)} or later.`,
    ],
    key: ({ plugin, path }) => `${plugin}\n${path}`,
  }),

  defineRule({
    code: "plugin-java-too-old",
    category: "java-too-old",
    summary: "A plugin was compiled for a newer Java than the server runs on.",
    groups,
    shapes: bothLoadForms(
      /^org\.bukkit\.plugin\.InvalidPluginException: java\.lang\.UnsupportedClassVersionError: .*?\(class file version (\d+)(?:\.\d+)?\)/,
      // Class file version 52 is Java 8, and each Java release adds one.
      (file, { follow }) => ({ ...file, java: Number(follow![1]) - 44 }),
    ),
    message: ({ plugin, java }) => `The plugin ${quote(plugin)} needs Java ${java} or newer, but the server runs an older Java.`,
    solutions: ({ plugin, path, java }) => [fix.javaVersion(java), fix.pluginOtherVersion(plugin), fix.deleteFile(path)],
    key: ({ plugin, path }) => `${plugin}\n${path}`,
  }),
];

function files(anchor: RegExpExecArray) {
  return { plugin: anchor[1], first: normalisePluginPath(anchor[2]), second: normalisePluginPath(anchor[3]) };
}
