/** Problems only Paper and its forks report (rule groups `paper` and `folia`). */
import { defineRule } from "../define-rule.ts";
import { fix, quote } from "../wording.ts";
import { LOAD_BY_FILE, pluginFromFile } from "./bukkit-load-forms.ts";

export const paperRules = [
  defineRule({
    code: "chunk-newer-version-downgrade",
    category: "wrong-game-version",
    summary: "The world was saved by a newer Minecraft version than the server runs.",
    groups: ["paper"],
    shapes: [{
      anchor: /java\.lang\.RuntimeException: Server attempted to load chunk saved with newer version of minecraft! (\d+) > (\d+)/,
      hint: "newer version of minecraft",
      extract: () => ({}),
    }],
    message: () => "The world contains chunks written by a newer Minecraft version; downgrading a world is not supported.",
    solutions: () => ["Go back to the Minecraft version the world was last played on, or a newer one.", fix.newWorld()],
    key: () => "",
  }),

  defineRule({
    code: "plugin-api-version-below-minimum",
    category: "wrong-game-version",
    summary: "A plugin declares an API version older than the server accepts.",
    groups: ["paper"],
    shapes: [{
      anchor: LOAD_BY_FILE,
      hint: "Could not load plugin '",
      next: /^org\.bukkit\.plugin\.InvalidPluginException: Plugin API version (\S+) is lower than the minimum allowed version/,
      extract: ({ anchor, follow }) => ({ ...pluginFromFile(anchor), api: follow![1] }),
    }],
    message: ({ plugin, api }) => `The plugin ${quote(plugin)} declares API version ${quote(api)}, older than the minimum this server allows.`,
    solutions: ({ plugin, path, api }) => [
      fix.pluginOtherVersion(plugin),
      fix.deleteFile(path),
      `Lower 'minimum-api' in bukkit.yml to ${api} (or set it to 'none') to allow older plugins.`,
    ],
    key: ({ plugin, path }) => `${plugin}\n${path}`,
  }),

  defineRule({
    code: "folia-plugin-not-regionised",
    category: "incompatible",
    summary: "Folia refuses a plugin that does not declare support for regionised ticking.",
    groups: ["folia"],
    shapes: [{
      anchor: LOAD_BY_FILE,
      hint: "Could not load plugin '",
      next: /^org\.bukkit\.plugin\.InvalidPluginException: Plugin (.+?) v\S* is not marked as supporting regionised multithreading/,
      extract: ({ anchor, follow }) => ({ ...pluginFromFile(anchor), plugin: follow![1] }),
    }],
    message: ({ plugin }) => `Folia will not run the plugin ${quote(plugin)}: it is not made for regionised multithreading.`,
    solutions: ({ plugin, path }) => [
      fix.pluginOtherVersion(plugin),
      fix.deleteFile(path),
      "Use server software without regionised ticking, such as Paper, if you need this plugin.",
    ],
    key: ({ plugin, path }) => `${plugin}\n${path}`,
  }),
];
