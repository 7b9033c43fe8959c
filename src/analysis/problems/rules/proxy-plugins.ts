/**
 * Plugins of proxies (BungeeCord, Waterfall, Velocity), whose logs run only the `jvm` rules, and
 * a plugin's database login, which fails the same way on proxies and servers alike.
 */
import { defineRule } from "../define-rule.ts";
import { quote } from "../wording.ts";
import { jvm } from "./cue.ts";

interface ProxyPlugin {
  plugin: string;
  /** What failed: BungeeCord's loading and enabling, or Velocity's initialisation. */
  stage: "loading" | "starting";
}

interface DatabaseLogin {
  user: string;
  host: string;
  /** The plugin whose connection pool failed (HikariCP pools are named after it), when the text says. */
  plugin: string | null;
}

/** `LibertyBans-HikariCP - Exception during pool initialization`: HikariCP pools carry their plugin's name. */
const POOL_NAME = /\b([A-Za-z][\w.]{1,63})-HikariCP\b/;
/** Entry lines read around the denial for the pool's name. */
const POOL_SEARCH = 4;

export const proxyPluginRules = [
  defineRule<ProxyPlugin>({
    ...jvm,
    code: "proxy-plugin-failed",
    category: "load-failure",
    summary: "A proxy plugin threw while it was loaded, enabled or initialised (BungeeCord, Waterfall, Velocity).",
    shapes: [
      {
        // BungeeCord, Waterfall: `Exception encountered when loading plugin: BungeeTabListPlus`
        anchor: /Exception encountered when loading plugin: (\S{1,100})/,
        hint: "Exception encountered when loading plugin",
        extract: ({ anchor }) => ({ plugin: anchor[1], stage: "loading" }),
      },
      {
        // Velocity: `Couldn't pass ProxyInitializeEvent to libertybans 1.1.0`
        anchor: /Couldn't pass ProxyInitializeEvent to (\S{1,100})/,
        hint: "Couldn't pass ProxyInitializeEvent",
        extract: ({ anchor }) => ({ plugin: anchor[1], stage: "starting" }),
      },
      {
        // Velocity, when the plugin's main class cannot be built: `Can't create plugin luckperms`
        anchor: /Can't create plugin (\S{1,100})/,
        hint: "Can't create plugin",
        extract: ({ anchor }) => ({ plugin: anchor[1], stage: "starting" }),
      },
    ],
    message: ({ plugin, stage }) =>
      stage === "loading"
        ? `The proxy plugin ${quote(plugin)} failed while it was being loaded.`
        : `The proxy plugin ${quote(plugin)} failed while it was starting.`,
    solutions: ({ plugin }) => [
      `Update ${quote(plugin)} to a release made for this proxy version (a NoSuchMethodError or NoClassDefFoundError in its trace means the proxy changed under it).`,
      `Read the error under this line: it names what the plugin could not do (a missing dependency, a database, a setting); take ${quote(plugin)} out of the plugins folder if you can do without it.`,
    ],
    key: ({ plugin }) => plugin,
  }),

  defineRule<DatabaseLogin>({
    ...jvm,
    code: "database-login-denied",
    category: "config-error",
    summary: "A plugin or mod cannot log in to its MySQL/MariaDB database: the user, password or host in its configuration is wrong, or the user may not connect from this machine.",
    shapes: [{
      // `java.sql.SQLInvalidAuthorizationSpecException: (conn=1841) Access denied for user 'libertybans'@'192.0.2.18' (using password: YES)`
      anchor: /Access denied for user '([^'\n]{0,100})'@'([^'\n]{0,200})'/,
      hint: ["Exception", "Access denied for user"],
      extract: ({ anchor, entry, lineIndex }) => {
        const lines = entry.lines;
        let plugin: string | null = null;
        for (let i = Math.max(0, lineIndex - POOL_SEARCH); i < lines.length && i <= lineIndex + POOL_SEARCH && plugin === null; i++) {
          plugin = POOL_NAME.exec(lines[i].content)?.[1] ?? null;
        }
        return { user: anchor[1], host: anchor[2], plugin };
      },
    }],
    message: ({ user, host, plugin }) =>
      `${plugin ? `The plugin ${quote(plugin)}` : "A plugin or mod"} cannot log in to its database: the database server refuses the user ${quote(user)} connecting from ${quote(host)}.`,
    solutions: ({ user, plugin }) => [
      `Check the database user, password, host and database name in ${plugin ? `the configuration of ${quote(plugin)}` : "the plugin's configuration"}.`,
      `If they are right, allow ${quote(user)} to connect from this machine on the database server (a user created for 'localhost' cannot log in over the network).`,
    ],
    // A plugin's failure is often logged twice (the pool, then the plugin's own error): one problem.
    key: ({ user, host }) => `${user}@${host}`,
  }),
];
