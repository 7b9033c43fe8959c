/** Bukkit-family problems raised by plugins that are already loaded (rule group `bukkit`). */
import { defineRule } from "../define-rule.ts";
import { fix, quote } from "../wording.ts";

const groups = ["bukkit"] as const;
const plugin = (name: string) => ({ plugin: name });

export const bukkitRuntimeRules = [
  defineRule({
    code: "plugin-enable-error",
    category: "load-failure",
    summary: "A plugin threw an error while it was being enabled.",
    groups,
    shapes: [{ anchor: /Error occurred while enabling (\S{1,300}) /, hint: ["while enabling", "(Is it up to date?)"], extract: ({ anchor }) => plugin(anchor[1]) }],
    message: ({ plugin }) => `The plugin ${quote(plugin)} crashed while starting up and is not active.`,
    solutions: ({ plugin }) => [fix.pluginOtherVersion(plugin), fix.pluginRemove(plugin)],
    key: ({ plugin }) => plugin,
  }),

  defineRule({
    code: "plugin-runtime-error",
    category: "mod-crash",
    summary: "A plugin threw an error while handling an event or running a scheduled task.",
    groups,
    shapes: [
      { anchor: /Could not pass event \S{1,300} to (\S{1,300})/, hint: "Could not pass event", extract: ({ anchor }) => plugin(anchor[1]) },
      { anchor: /Task #?\S{1,50} for (\S{1,300}) \S{1,100} generated an exception/, hint: "generated an exception", extract: ({ anchor }) => plugin(anchor[1]) },
    ],
    message: ({ plugin }) => `The plugin ${quote(plugin)} ran into an error while the server was running.`,
    solutions: ({ plugin }) => [fix.pluginOtherVersion(plugin), fix.pluginRemove(plugin)],
    key: ({ plugin }) => plugin,
  }),

  defineRule({
    code: "plugin-disable-error",
    category: "mod-crash",
    summary: "A plugin threw an error while it was being disabled.",
    groups,
    // \S+ rather than \w+: names such as Multiverse-Core must match too.
    shapes: [{ anchor: /Error occurred while disabling (\S{1,300}) /, hint: ["while disabling", "(Is it up to date?)"], extract: ({ anchor }) => plugin(anchor[1]) }],
    message: ({ plugin }) => `The plugin ${quote(plugin)} crashed while shutting down; its data may not have been saved.`,
    solutions: ({ plugin }) => [fix.pluginOtherVersion(plugin), fix.pluginRemove(plugin)],
    key: ({ plugin }) => plugin,
  }),

  defineRule({
    code: "plugin-command-exception",
    category: "mod-crash",
    summary: "A plugin command failed with an exception.",
    groups,
    shapes: [{
      anchor: /org\.bukkit\.command\.CommandException: Cannot execute command '([^']{0,300})' in plugin (\S{1,300})/,
      hint: "CommandException",
      extract: ({ anchor }) => ({ command: anchor[1], plugin: anchor[2] }),
    }],
    message: ({ plugin, command }) => `The command ${quote(command)} of the plugin ${quote(plugin)} failed with an error.`,
    solutions: ({ plugin }) => [fix.pluginOtherVersion(plugin), fix.pluginRemove(plugin)],
    key: ({ plugin, command }) => `${plugin}\n${command}`,
  }),
];
