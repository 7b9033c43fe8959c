/**
 * The cue of our newer rules (line-cue.ts): the words at least one of which every anchor line
 * contains. The `jvm` group runs on every Java log, so its rules use it, and so do the loader
 * rules written the same way (forge-loading.ts, fabric-loading.ts, crash-report-rendering.ts):
 * one scan of the log serves them all.
 */
import { LineCue } from "../line-cue.ts";

export const ruleCue = new LineCue({
  // On every line: the words of exceptions and errors (OutOfMemoryError, UnsatisfiedLinkError,
  // a mixin's InvalidInjectionException...), the EULA line (logged as info), Fabric 0.11's
  // `{mod @ [range]}`, a refused login (logged as info). Few first letters: this pass reads the whole log.
  // `Could not reserve` too: launchers log the JVM's own stderr at info level.
  common: ["Error", "Exception", "EULA", "Could not reserve", "@ [", "Failed to verify username", "Failed to login: ", "Unable to verify player details"],
  // On warnings, errors and lines without a log prefix (launcher output, crash reports, excerpts).
  severe: [
    // The JVM's own start-up failures and crash files.
    "Invalid maximum heap",
    "Initial heap size",
    "Unrecognized VM option",
    "There is ",
    "C  [",
    "J9",
    "IBM",
    "Java detected",
    // Graphics, loaders, mixins, configs.
    "GLFW",
    "GL error",
    "The driver",
    "Cannot find launch",
    "Missing launch",
    "Missing LaunchHandler",
    "Mod file ",
    "Mod ID: '",
    "Mod '",
    "Mod §",
    "Mixin apply",
    "Mixin prepare",
    "Failure message",
    "Failed loading config",
    "Failed to load config",
    "please correct your syntax",
    "Cannot load ",
    "Failed to create mod",
    "Tesselating",
    "Manually triggered",
    // Worlds.
    "Couldn't load chunk",
    "level.dat",
    "Region file",
    // The game's own stops and warnings (proxies' kick messages too, when not logged as info).
    "FAILED TO BIND",
    "Can't keep up",
    "Considering it to be crashed",
    "The server has stopped",
    "IP forwarding",
    "did not send a forwarding request",
    "Couldn't connect to server",
    "This server requires",
    // Proxies' plugins.
    "Couldn't pass ProxyInitializeEvent",
    "Can't create plugin",
  ],
});

/** Spread into each rule of the `jvm` group: `{ ...jvm, code: ... }`. */
export const jvm = { groups: ["jvm"] as const, cue: ruleCue };
