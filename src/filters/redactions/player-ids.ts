import { placeholder } from "../placeholders.ts";
import type { RegexFilterData } from "../model.ts";

/**
 * Player UUIDs, only where a player name or a player keyword sits beside them: a UUID on
 * its own (an entity, a world, a mod's id) tells nothing about a person and helps debugging.
 */

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\\w-])";
const undashedUuid = "[0-9a-f]{32}(?![\\w-])";
/** Java Edition names, Bedrock names through Geyser (prefixed `.` or `*`), optionally quoted. */
/**
 * The gate of the rules below that need a dashed UUID: a line without one cannot match them
 * (see apply.ts: gates). `--uuid` needs none, its literal start is fast enough to scan for.
 */
export const dashedUuidGate = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const playerName = String.raw`["']?[.*]?\w{1,32}["']?`;

/**
 * `UUID of player Steve is <uuid>`, `Player Steve (<uuid>)`, `user 'Steve' [<uuid>]`,
 * `profile Steve: <uuid>`.
 */
export const namedPlayerUuid: RegexFilterData = {
  pattern: String.raw`(\b(?:player|user|profile)[ \t]+${playerName}(?:[ \t]+is[ \t]+|[ \t]*[(\[:,=][ \t]*|[ \t]+))${uuid}`,
  flags: "gi",
  replacement: `$1${placeholder.uuid}`,
  exemptions: [],
};

/**
 * A UUID field shortly after a player keyword on the same line: `Player 'Steve' joined with
 * UUID <uuid>`, `player=Steve uuid=<uuid>`, `{"username":"Steve","uuid":"<uuid>"}`. The gap
 * is bounded (48 characters), which keeps each attempt short.
 */
export const playerUuidField: RegexFilterData = {
  pattern: String.raw`(\b(?:player|user(?:name)?)\b[^\r\n]{0,48}?\buuid["']?[ \t]*[:=]?[ \t]*["']?)${uuid}`,
  flags: "gi",
  replacement: `$1${placeholder.uuid}`,
  exemptions: [],
};

/** `(Steve) (<uuid>)` and `(Steve) [<uuid>]`, as permission and auth plugins print them. */
export const bracketedPlayerUuid: RegexFilterData = {
  pattern: String.raw`(\(${playerName}\)[ \t]*[(\[])${uuid}`,
  flags: "gi",
  replacement: `$1${placeholder.uuid}`,
  exemptions: [],
};

/** GameProfile and Mojang API forms: `id=<uuid>, name=Steve`, `"id":"<uuid>","name":"Steve"`. */
export const profileIdBeforeName: RegexFilterData = {
  pattern: String.raw`(\bid["']?[ \t]*[=:][ \t]*["']?)${uuid}(?=["']?[ \t]*,[ \t]*["']?name["']?[ \t]*[=:])`,
  flags: "gi",
  replacement: `$1${placeholder.uuid}`,
  exemptions: [],
};

/** The same with the name first: `name=Steve, id=<uuid>`, `"name":"Steve","id":"<uuid>"`. */
export const profileNameBeforeId: RegexFilterData = {
  pattern: String.raw`(\bname["']?[ \t]*[=:][ \t]*${playerName}[ \t]*,[ \t]*["']?id["']?[ \t]*[=:][ \t]*["']?)${uuid}`,
  flags: "gi",
  replacement: `$1${placeholder.uuid}`,
  exemptions: [],
};

/** Launcher argument `--uuid <uuid>`, which launchers also write without dashes. */
export const launcherUuid: RegexFilterData = {
  pattern: String.raw`(--uuid[ \t=]+)(?:${uuid}|${undashedUuid})`,
  flags: "gi",
  replacement: `$1${placeholder.uuid}`,
  exemptions: [],
};
