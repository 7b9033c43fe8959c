/** Small hand-written logs for the AI tests. */

export const paperLogWithBrokenPlugin = [
  "[12:00:01] [ServerMain/INFO]: Environment: Environment[sessionHost=https://sessionserver.mojang.com]",
  "[12:00:02] [Server thread/INFO]: Starting minecraft server version 1.20.4",
  "[12:00:02] [Server thread/INFO]: This server is running Paper version git-Paper-496 (MC: 1.20.4)",
  "[12:00:03] [Server thread/ERROR]: Could not load 'plugins/FancyShop-2.1.jar' in folder 'plugins'",
  "org.bukkit.plugin.UnknownDependencyException: Unknown/missing dependency plugins: [Vault]. Please download and install these plugins to run 'FancyShop'.",
  "\tat org.bukkit.plugin.SimplePluginManager.loadPlugins(SimplePluginManager.java:301) ~[paper-api-1.20.4.jar:?]",
  "\tat java.lang.Thread.run(Thread.java:1583) ~[?:?]",
  "[12:00:04] [Server thread/INFO]: Preparing level \"world\"",
  "[12:00:05] [Server thread/INFO]: Done (3.204s)! For help, type \"help\"",
].join("\n");

export const shortLog = "[12:00:00] [Server thread/INFO]: Done (1.0s)! For help, type \"help\"\n";
