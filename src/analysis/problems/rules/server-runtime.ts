/**
 * The game's own stops and warnings: a port in use, the EULA, ticks too slow, the watchdog, logins
 * that fail. Any server (or client) prints them the same way.
 */
import { defineRule } from "../define-rule.ts";
import { knownModOf } from "../known-mods.ts";
import { firstMatchInLog, logShows } from "../log-facts.ts";
import type { LogContext } from "../../model.ts";
import { quote } from "../wording.ts";
import { jvm } from "./cue.ts";

interface Bind {
  address: string | null;
  wrongAddress: boolean;
}

const SERVER_ADDRESS = /Starting Minecraft server on (\S{1,100})/;
const WRONG_ADDRESS = /Cannot assign requested address/;

const bind = (log: LogContext): Bind => ({
  address: firstMatchInLog(log, SERVER_ADDRESS)?.[1] ?? null,
  wrongAddress: logShows(log, WRONG_ADDRESS),
});

const portOf = (address: string) => /:(\d{1,5})$/.exec(address)?.[1] ?? address;

/** `Can't keep up!` is normal now and then (world generation, start-up); only many or long ones count. */
const LAG_REPEATS = 10;
const LAG_LONGEST_MS = 30_000;
/** Or a few warnings, one of them long: a server that falls ten seconds behind is not starting up. */
const LAG_SOME = 5;
const LAG_LONG_MS = 10_000;
const KEEP_UP = /Can't keep up! [^\n]{0,80}?Running (\d{1,9})ms/g;
const lagOfLog = new WeakMap<object, { count: number; longestMs: number }>();

function lagOf(log: LogContext) {
  let lag = lagOfLog.get(log.entries);
  if (!lag) {
    lag = { count: 0, longestMs: 0 };
    for (const match of log.text.matchAll(KEEP_UP)) {
      lag.count++;
      lag.longestMs = Math.max(lag.longestMs, Number(match[1]));
    }
    lagOfLog.set(log.entries, lag);
  }
  return lag;
}

const TICK_LENGTH = /single server tick took (\d{1,9}(?:\.\d+)?) seconds \(should be max 0\.05\)/;
/** How long the frozen tick took, and the add-on the main thread's dump names (Paper's watchdog). */
const freeze = (log: LogContext) => ({ seconds: firstMatchInLog(log, TICK_LENGTH)?.[1] ?? null, blocker: dumpedAddOn(log) });

/** Paper prints the main thread's stack after this line, one frame per log line. */
const THREAD_DUMP = "Server thread dump";
/** Frames read after the dump's heading. */
const DUMP_FRAMES = 200;
/** `\t\tjava.base@17.0.9/sun.nio.ch.Net.poll(Native Method)`, `\t\tcom.gmail.nossr50.Foo.bar(Foo.java:3)`. */
const DUMP_FRAME = /^\s+(?:[\w.-]{1,60}@[\w.-]{1,40}\/)?([a-zA-Z_$][\w$]*(?:\.[\w$]+){1,30})\.[\w$<>]{1,100}\(/;

/**
 * The first well-known mod or plugin in the main thread's dump (known-mods.ts): what blocked the
 * tick, read the way Paper's own heading says to (`Look for plugins here`). Null when the dump
 * names none that is known: an unknown package is no name to give.
 */
function dumpedAddOn(log: LogContext): string | null {
  const entries = log.entries;
  for (let e = 0; e < entries.length; e++) {
    if (!entries[e].lines[0].content.includes(THREAD_DUMP)) continue;
    for (let f = e + 1; f < entries.length && f <= e + DUMP_FRAMES; f++) {
      for (const { content } of entries[f].lines) {
        const body = content.slice(content.indexOf("]: ") + 3);
        const frame = DUMP_FRAME.exec(body);
        const known = frame ? knownModOf(frame[1]) : null;
        if (known) return known.name;
      }
    }
    return null;
  }
  return null;
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

type AuthFailure = "unreachable" | "bungeecord" | "velocity" | "forwarding-secret" | "forwarding-off" | "unverified" | "invalid-session" | "refused";

const AUTH_MESSAGES: Readonly<Record<AuthFailure, string>> = {
  unreachable: "The Mojang/Microsoft authentication service could not be reached.",
  bungeecord: "A player joined without the BungeeCord IP forwarding this server expects (directly, or through a proxy without ip_forward).",
  velocity: "A player joined without Velocity's forwarding, which this server requires.",
  "forwarding-secret": "Players coming through the proxy are refused: the server cannot verify the player details the proxy forwards (its forwarding secret or mode does not match the proxy's).",
  "forwarding-off": "Velocity forwards players to a server that does not answer its modern forwarding: the server's Velocity support is off.",
  unverified: "Players are refused because the server could not verify their accounts with Mojang/Microsoft (online-mode).",
  "invalid-session": "The game's login session is no longer valid, so servers refuse it ('Invalid session').",
  refused: "The game's connection was refused: nothing answers at the address and port it was given.",
};

const AUTH_FIXES: Readonly<Record<AuthFailure, string[]>> = {
  unreachable: ["Check the internet connection and that no firewall blocks the game; wait if the Minecraft services are down, then try again."],
  bungeecord: ["Set ip_forward: true in BungeeCord's config.yml and let players join through the proxy only (block the server's own port from outside)."],
  velocity: ["Let players join through Velocity only, and make the forwarding secret in the server's Paper config match Velocity's forwarding secret."],
  "forwarding-secret": [
    "Copy the secret from Velocity's forwarding.secret file into the server's paper-global.yml (proxies.velocity.secret), with proxies.velocity.enabled: true and online-mode: true there.",
    "Make Velocity's player-info-forwarding-mode match: modern for Paper 1.13 and newer; on Forge or Fabric servers install a forwarding mod that supports it.",
  ],
  "forwarding-off": [
    "Turn on the server's Velocity support: in paper-global.yml set proxies.velocity.enabled: true and proxies.velocity.secret to the content of Velocity's forwarding.secret, then restart it.",
    "On Fabric or Forge servers install a mod that answers Velocity's modern forwarding (such as FabricProxy-Lite or Proxy Compatible Forge); or set Velocity's player-info-forwarding-mode to what the server supports.",
  ],
  refused: [
    "Check that the server is running and finished starting (its console says Done), and that the address and port in the server list are right.",
    "If it runs on another network, the server's port must be forwarded in its router and allowed through its firewall; hosts show the address to use in their panel.",
  ],
  "invalid-session": [
    "Close the game and the launcher, start the launcher again and log in again: that renews the session.",
    "If it keeps happening, log out of the launcher and back in, and check that the computer's clock is right.",
  ],
  unverified: [
    "Players must use a legitimate, logged-in Minecraft account: restarting the launcher and logging in again renews the session.",
    "If every player is refused, the server cannot reach the Minecraft session servers: check its internet connection, DNS and firewall. Behind a proxy (BungeeCord, Velocity), set online-mode=false here and let the proxy authenticate.",
  ],
};

export const serverRuntimeRules = [
  defineRule<Bind>({
    ...jvm,
    code: "port-in-use",
    category: "port-in-use",
    summary: "The server cannot bind its port (already in use) or its address (not one of this machine).",
    shapes: [
      { anchor: /\*\*\*\* FAILED TO BIND TO PORT!/, hint: "FAILED TO BIND", extract: ({ log }) => bind(log) },
      { anchor: /java\.net\.BindException: (?:Address already in use|Cannot assign requested address)/, hint: "BindException", extract: ({ log }) => bind(log) },
      { anchor: /bind\(\.\.\) failed: (?:Address already in use|Cannot assign requested address)/, hint: ["Error", "bind(..) failed"], extract: ({ log }) => bind(log) },
    ],
    message: ({ address, wrongAddress }) =>
      wrongAddress
        ? `The server cannot listen on ${address ? quote(address) : "its address"}: that address does not belong to this machine.`
        : `The server cannot use port ${address ? quote(portOf(address)) : "its port"}: another program already uses it.`,
    solutions: ({ address, wrongAddress }) =>
      wrongAddress
        ? ["Leave server-ip empty in server.properties, or set it to an address of this machine."]
        : [
            `Stop the program that uses port ${address ? portOf(address) : "the server port"}, usually another copy of this server still running (close it or restart the machine).`,
            "Or set another server-port in server.properties.",
          ],
    key: () => "",
  }),

  defineRule<Record<string, never>>({
    ...jvm,
    code: "eula-not-accepted",
    category: "eula",
    summary: "The server stops because the Minecraft EULA has not been accepted in eula.txt.",
    shapes: [{ anchor: /You need to agree to the EULA in order to run the server/, hint: "EULA", extract: () => ({}) }],
    message: () => "The server stopped because the Minecraft EULA has not been accepted.",
    solutions: () => ["Read the EULA (https://aka.ms/MinecraftEULA), then set eula=true in eula.txt in the server folder and start the server again."],
    key: () => "",
  }),

  defineRule<{ count: number; longestMs: number }>({
    ...jvm,
    code: "server-lagging",
    category: "server-overloaded",
    symptom: true,
    summary: "The server repeatedly cannot keep up with its tick rate (many or very long `Can't keep up!` warnings).",
    shapes: [{
      anchor: /Can't keep up! /,
      hint: "Can't keep up!",
      extract: ({ log }) => {
        const lag = lagOf(log);
        return lag.count >= LAG_REPEATS || lag.longestMs >= LAG_LONGEST_MS || (lag.count >= LAG_SOME && lag.longestMs >= LAG_LONG_MS) ? lag : null;
      },
    }],
    message: ({ count, longestMs }) =>
      `The server cannot keep up with its tick rate: ${quote(String(count))} warnings, up to ${quote(seconds(longestMs))} behind.`,
    solutions: () => [
      "Lower view-distance and simulation-distance in server.properties and pre-generate the world instead of exploring new terrain.",
      "Find the mod, plugin or farm that costs the most tick time with a profiler (spark), and give the server a faster CPU rather than more memory.",
    ],
    key: () => "",
  }),

  defineRule<{ seconds: string | null; blocker: string | null }>({
    ...jvm,
    code: "server-watchdog",
    category: "server-overloaded",
    summary: "The watchdog stopped the server because a single tick took far too long.",
    shapes: [
      // The crash report's form; the log prints the same sentence, then the line below.
      { anchor: /ServerHangWatchdog detected that a single server tick took/, hint: ["Error", "single server tick took"], extract: ({ log }) => freeze(log) },
      { anchor: /Considering it to be crashed, server will forcibly shutdown/, hint: "Considering it to be crashed", extract: ({ log }) => freeze(log) },
      { anchor: /The server has stopped responding!/, hint: "The server has stopped responding!", extract: ({ log }) => ({ seconds: null, blocker: dumpedAddOn(log) }) },
    ],
    message: ({ seconds: took, blocker }) =>
      `The server froze${took ? `: a single tick took ${quote(`${took} seconds`)}` : ""} and the watchdog stopped it${blocker ? `; the main thread was inside ${quote(blocker)}` : ""}.`,
    solutions: () => [
      "Read the thread dump below the watchdog message: the frames of the 'Server thread' name the mod or plugin that blocked it; update or remove that one.",
      "Raising max-tick-time in server.properties (-1 turns the watchdog off) only hides the freeze.",
    ],
    key: () => "",
  }),

  defineRule<{ failure: AuthFailure }>({
    ...jvm,
    code: "login-failed",
    category: "network-auth",
    symptom: true,
    summary: "Logins fail: authentication unreachable, accounts that cannot be verified, proxy forwarding missing (BungeeCord, Velocity), a server that refuses the connection.",
    shapes: [
      { anchor: /AuthenticationUnavailableException/, hint: "AuthenticationUnavailableException", extract: () => ({ failure: "unreachable" }) },
      { anchor: /If you wish to use IP forwarding, please enable it in your BungeeCord config as well!/, hint: "IP forwarding", extract: () => ({ failure: "bungeecord" }) },
      { anchor: /This server requires you to connect with Velocity/, hint: "This server requires you to connect with Velocity", extract: () => ({ failure: "velocity" }) },
      { anchor: /lost connection: Failed to verify username!?$/, hint: "Failed to verify username", extract: () => ({ failure: "unverified" }) },
      { anchor: /lost connection: Unable to verify player details/, hint: "Unable to verify player details", extract: () => ({ failure: "forwarding-secret" }) },
      // A client's `Couldn't connect to server`, then `...ConnectException: Connection refused: ...`
      { anchor: /Couldn't connect to server$/, hint: "Couldn't connect to server", next: /ConnectException: Connection refused/, extract: () => ({ failure: "refused" }) },
      // Velocity's own log, when the server behind it ignores modern forwarding.
      { anchor: /Your server did not send a forwarding request to the proxy/, hint: "did not send a forwarding request", extract: () => ({ failure: "forwarding-off" }) },
      { anchor: /Failed to login: Invalid session/, hint: "Failed to login: Invalid session", extract: () => ({ failure: "invalid-session" }) },
    ],
    message: ({ failure }) => AUTH_MESSAGES[failure],
    solutions: ({ failure }) => AUTH_FIXES[failure],
    key: ({ failure }) => failure,
  }),
];
