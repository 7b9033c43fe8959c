import { placeholder } from "../placeholders.ts";
import type { Redaction } from "../model.ts";
import { after, afterText, combine, literal } from "./portable.ts";

/**
 * Player UUIDs, only where a player name or a player keyword sits beside them: a UUID on
 * its own (an entity, a world, a mod's id) tells nothing about a person and helps debugging.
 *
 * Most forms have the player's name before the UUID, and a name has no fixed length, so no
 * lookbehind that PCRE compiles can hold it: those run on the server only (`published: false`)
 * and keep the text before the UUID as `$1`. The forms with a fixed-length key are published.
 */

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![A-Za-z0-9_-])";
const undashedUuid = "[0-9a-f]{32}(?![A-Za-z0-9_-])";
/** Java Edition names, Bedrock names through Geyser (prefixed `.` or `*`), optionally quoted. */
const playerName = String.raw`["']?[.*]?\w{1,32}["']?`;

/** The gate of the rules that need a dashed UUID: a line without one cannot match them. */
const dashedUuidGate = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

const serverOnly = (name: string, pattern: string): Redaction => ({
  name,
  published: false,
  data: { patterns: [{ pattern, modifiers: ["i"], replacement: `$1${placeholder.uuid}` }], exemptions: [] },
  gate: dashedUuidGate,
});

/**
 * `UUID of player Steve is <uuid>`, `Player Steve (<uuid>)`, `user 'Steve' [<uuid>]`,
 * `profile Steve: <uuid>`.
 */
export const namedPlayerUuid = serverOnly(
  "player UUIDs after a player's name",
  String.raw`(\b(?:player|user|profile)[ \t]+${playerName}(?:[ \t]+is[ \t]+|[ \t]*[(\[:,=][ \t]*|[ \t]+))${uuid}`,
);

/**
 * A UUID field shortly after a player keyword on the same line: `Player 'Steve' joined with
 * UUID <uuid>`, `player=Steve uuid=<uuid>`, `{"username":"Steve","uuid":"<uuid>"}`. The gap
 * is bounded (48 characters), which keeps each attempt short.
 */
export const playerUuidField = serverOnly(
  "player UUID fields near a player keyword",
  String.raw`(\b(?:player|user(?:name)?)\b[^\r\n]{0,48}?\buuid["']?[ \t]*[:=]?[ \t]*["']?)${uuid}`,
);

/** `(Steve) (<uuid>)` and `(Steve) [<uuid>]`, as permission and auth plugins print them. */
export const bracketedPlayerUuid = serverOnly(
  "player UUIDs after a bracketed name",
  String.raw`(\(${playerName}\)[ \t]*[(\[])${uuid}`,
);

/** The GameProfile and Mojang API form with the name first: `name=Steve, id=<uuid>`, `"name":"Steve","id":"<uuid>"`. */
export const profileNameBeforeId = serverOnly(
  "profile ids after a profile name",
  String.raw`(\bname["']?[ \t]*[=:][ \t]*${playerName}[ \t]*,[ \t]*["']?id["']?[ \t]*[=:][ \t]*["']?)${uuid}`,
);

/** The same with the id first: `id=<uuid>, name=Steve`, `"id":"<uuid>","name":"Steve"`. */
const quote = ["", '"', "'"];
export const profileIdBeforeName: Redaction = {
  name: "profile ids before a profile name",
  published: true,
  data: {
    patterns: [
      {
        pattern: [
          // A UUID's first characters before the long lookbehind: most positions fail this one test.
          "(?=[0-9a-f]{8}-)",
          // `[^A-Za-z0-9_]` before `id` is `\bid` in a form all three engines read alike
          after(combine(["id"], quote, ["=", ":", " = ", ": "], quote).map((key) => `[^A-Za-z0-9_]${literal(key)}`)),
          uuid,
          String.raw`(?=["']?[ \t]*,[ \t]*["']?name["']?[ \t]*[=:])`,
        ].join(""),
        modifiers: ["i"],
        replacement: placeholder.uuid,
      },
    ],
    exemptions: [],
  },
  gate: dashedUuidGate,
};

/**
 * Launcher argument `--uuid <uuid>`, which launchers also write without dashes; also as Java
 * prints an argument list (`[--username, Steve, --uuid, <uuid>, ...]`).
 */
export const launcherUuid: Redaction = {
  name: "launcher UUID arguments",
  published: true,
  data: {
    patterns: [{ pattern: `${afterText(["--uuid ", "--uuid=", "--uuid, "])}(?:${uuid}|${undashedUuid})`, modifiers: ["i"], replacement: placeholder.uuid }],
    exemptions: [],
  },
  gate: /--uuid/gi,
};
