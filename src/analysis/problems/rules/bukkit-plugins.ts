/** Bukkit-family problems of well-known plugins with a message of their own (rule group `bukkit`). */
import { defineRule } from "../define-rule.ts";
import { fix, quote } from "../wording.ts";

const groups = ["bukkit"] as const;

export const bukkitPluginRules = [
  defineRule({
    code: "authme-shutdown",
    category: "load-failure",
    summary: "AuthMe failed to start and stopped the server, as its configuration asks.",
    groups,
    shapes: [{ anchor: /\[AuthMe\] THE SERVER IS GOING TO SHUT DOWN AS DEFINED IN THE CONFIGURATION!/, hint: "[AuthMe]", extract: () => ({ plugin: "AuthMe" }) }],
    message: ({ plugin }) => `The plugin ${quote(plugin)} could not start and then stopped the whole server.`,
    solutions: ({ plugin }) => [
      // Matches the automatic edit: stopServer: true -> false.
      `In 'plugins/AuthMe/config.yml' set 'stopServer' to 'false', so a failing ${plugin} no longer stops the server.`,
      fix.pluginConfigure(plugin, "plugins/AuthMe/config.yml"),
      fix.pluginOtherVersion(plugin),
      fix.pluginRemove(plugin),
    ],
    key: () => "",
  }),

  defineRule({
    code: "permissionsex-config-invalid",
    category: "config-error",
    summary: "PermissionsEx refuses to enable because its configuration file is broken.",
    groups,
    shapes: [{ anchor: /Your configuration must be fixed before PEX will enable/, hint: "PEX will enable", extract: () => ({ plugin: "PermissionsEx" }) }],
    message: ({ plugin }) => `The plugin ${quote(plugin)} stays disabled because its permissions file has errors.`,
    solutions: ({ plugin }) => [fix.pluginConfigure(plugin, "plugins/PermissionsEx/permissions.yml"), fix.pluginRemove(plugin)],
    key: () => "",
  }),

];
