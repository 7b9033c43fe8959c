/** Problems reported by PocketMine-MP (rule group `pocketmine`). */
import { defineRule } from "../define-rule.ts";
import { quote } from "../wording.ts";

const groups = ["pocketmine"] as const;

const pluginFix = {
  otherVersion: (plugin: string) => `Get a release of ${quote(plugin)} that supports this PocketMine-MP version.`,
  remove: (plugin: string) => `Take ${quote(plugin)} out of the plugins folder.`,
  install: (plugin: string) => `Add the plugin ${quote(plugin)} to the plugins folder.`,
};

export const pocketmineRules = [
  defineRule({
    code: "pocketmine-plugin-incompatible",
    category: "wrong-game-version",
    summary: "A PocketMine plugin was built for another API or network protocol version.",
    groups,
    shapes: [{
      anchor: /Could not load plugin '([^']{1,300})': Incompatible (?:API version|network protocol version)/,
      hint: "Could not load plugin '",
      extract: ({ anchor }) => ({ plugin: anchor[1] }),
    }],
    message: ({ plugin }) => `The plugin ${quote(plugin)} is not made for this PocketMine-MP version.`,
    solutions: ({ plugin }) => [pluginFix.otherVersion(plugin), pluginFix.remove(plugin)],
    key: ({ plugin }) => plugin,
  }),

  defineRule({
    code: "pocketmine-plugin-dependency",
    category: "missing-dependency",
    summary: "A PocketMine plugin needs another plugin that is not installed.",
    groups,
    shapes: [{
      anchor: /Could not load plugin '([^']{1,300})': Unknown dependency: (\S{1,300})/,
      hint: "Unknown dependency:",
      extract: ({ anchor }) => ({ plugin: anchor[1], dependency: anchor[2] }),
    }],
    message: ({ plugin, dependency }) => `The plugin ${quote(plugin)} needs ${quote(dependency)}, which is not installed.`,
    solutions: ({ plugin, dependency }) => [pluginFix.install(dependency), pluginFix.remove(plugin)],
    key: ({ plugin }) => plugin,
  }),

  defineRule({
    code: "pocketmine-plugin-runtime",
    category: "mod-crash",
    summary: "A PocketMine plugin threw an error while the server was running.",
    groups,
    shapes: [{
      anchor: /\(EXCEPTION\) in "plugins\/([^"/]{1,300})\.phar\//,
      hint: "(EXCEPTION) in \"plugins/",
      extract: ({ anchor }) => ({ plugin: anchor[1] }),
    }],
    message: ({ plugin }) => `The plugin ${quote(plugin)} caused an error while the server was running.`,
    solutions: ({ plugin }) => [`Remove ${quote(`plugins/${plugin}.phar`)} from the server files.`, pluginFix.otherVersion(plugin)],
    key: ({ plugin }) => plugin,
  }),
];
