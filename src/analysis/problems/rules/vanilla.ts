/** Problems any Minecraft server or client can show (rule group `vanilla`). */
import { crashOf, type Culprit } from "../crash-culprit.ts";
import { defineRule, type ShapeMatch } from "../define-rule.ts";
import type { LogEntry } from "../../model.ts";
import { isInfrastructure, parseFrame } from "../stack-frames.ts";
import { levelName } from "../log-facts.ts";
import { addOnKind, culpritFixes, culpritPhrase, fix, quote, capitalised, whatCrashed, type AddOnKind } from "../wording.ts";

const groups = ["vanilla"] as const;
const UNEXPECTED = /Encountered an unexpected exception$/;
/** A vanilla id the game does not know: what a pack made for another version refers to. */
const UNKNOWN_GAME_KEY = /Unknown registry key in ResourceKey\[[^\]\n]{1,200}\]: (minecraft:[a-z0-9_./-]{1,100})/;
/** Lines of a parse failure's trace read for its cause. */
const PACK_CAUSE_SEARCH = 40;
const START_FAILED = /Failed to start the minecraft server$/;

export const vanillaRules = [
  defineRule({
    code: "aquatic-world-on-older-version",
    category: "wrong-game-version",
    summary: "A server older than 1.13 tries to load a world saved by 1.13 or newer.",
    groups,
    shapes: [{
      anchor: UNEXPECTED,
      next: /^java\.lang\.IllegalArgumentException: ChunkNibbleArrays should be 2048 bytes not: 0/,
      extract: () => ({}),
    }],
    message: () => "This world was saved by Minecraft 1.13 or newer and cannot be opened by this older server version.",
    solutions: () => [fix.newWorld(), "Upgrade the server to Minecraft 1.13 or later so it can read the world."],
    key: () => "",
  }),

  defineRule({
    code: "auth-servers-unreachable",
    category: "network-auth",
    symptom: true,
    summary: "The Mojang/Microsoft authentication services could not be reached.",
    groups,
    shapes: [{
      anchor: /Failed to read from https:\/\/api\.minecraftservices\.com\/publickeys due to Connect/,
      hint: "api.minecraftservices.com/publickeys",
      extract: ({ log }) => ({ side: log.side ?? null }),
    }],
    message: ({ side }) => `${capitalised(whatCrashed(side))} could not reach the Mojang/Microsoft login services (api.minecraftservices.com).`,
    solutions: () => [
      "Give it a few minutes and restart; if it keeps failing, look at the Minecraft service status pages and check that the host allows outgoing HTTPS.",
    ],
    key: () => "",
  }),

  defineRule({
    code: "code-of-conduct-folder-missing",
    category: "file-problem",
    summary: "The server is set to show a code of conduct but its folder does not exist.",
    groups,
    shapes: [{
      anchor: START_FAILED,
      next: /^java\.lang\.IllegalArgumentException: Code of Conduct folder does not exist: (.+)$/,
      extract: ({ follow }) => ({ folder: follow![1].trim() }),
    }],
    message: ({ folder }) => `The server cannot start: the code of conduct folder ${quote(folder)} is missing.`,
    solutions: ({ folder }) => [fix.createFolder(folder)],
    key: () => "",
  }),

  defineRule({
    code: "datapack-parse-failed",
    category: "config-error",
    summary: "A data pack contains a file the game cannot parse.",
    groups,
    shapes: [{
      anchor: / from pack file\/(.+)$/,
      hint: "java.lang.IllegalStateException: Failed to parse ",
      // A pack made for another version says more (datapack-other-game-version).
      extract: ({ anchor, entry, lineIndex, log }) =>
        unknownGameKey(entry, lineIndex) ? null : { pack: anchor[1].trim(), world: levelName(log) ?? "world" },
    }],
    message: ({ pack }) => `The data pack ${quote(pack)} contains a file that could not be read.`,
    solutions: ({ pack, world }) => [
      fix.deleteFile(`${world}/datapacks/${pack}`),
      `Ask the author of ${quote(pack)} for a version made for this Minecraft version.`,
    ],
    // One problem per broken pack: two different packs are two problems.
    key: ({ pack }) => pack,
  }),

  defineRule<{ pack: string; key: string; world: string }>({
    code: "datapack-other-game-version",
    category: "wrong-game-version",
    summary: "A data pack refers to game content (a block, an item) this Minecraft version does not have: it was made for another version.",
    groups,
    shapes: [{
      // `Failed to parse ... from pack file/Terralith_1.20_v2.4.11.zip`, then, below it,
      // `Caused by: ...: Unknown registry key in ResourceKey[minecraft:root / minecraft:block]: minecraft:grass`
      anchor: / from pack file\/(\S.*)$/,
      hint: "java.lang.IllegalStateException: Failed to parse ",
      extract: ({ anchor, entry, lineIndex, log }) => {
        const key = unknownGameKey(entry, lineIndex);
        return key ? { pack: anchor[1].trim(), key, world: levelName(log) ?? "world" } : null;
      },
    }],
    message: ({ pack, key }) =>
      `The data pack ${quote(pack)} refers to ${quote(key)}, which this Minecraft version does not have: the pack was made for another version.`,
    solutions: ({ pack, world }) => [
      `Replace ${quote(pack)} with its release for this Minecraft version (data packs are made for one version or a short range).`,
      fix.deleteFile(`${world}/datapacks/${pack}`),
    ],
    key: ({ pack }) => pack,
  }),

  defineRule({
    code: "malformed-encoding-motd",
    category: "config-error",
    summary: "A server setting (usually the MOTD) contains a broken \\u escape sequence.",
    groups,
    shapes: [{
      anchor: START_FAILED,
      next: /^java\.lang\.IllegalArgumentException: Malformed \\uxxxx encoding\./,
      extract: () => ({}),
    }],
    message: () => "A text setting of the server, most likely the MOTD in server.properties, holds an invalid \\u escape.",
    solutions: () => ["Fix or rewrite the motd line in server.properties so every \\u is followed by four hex digits."],
    key: () => "",
  }),

  defineRule({
    code: "old-player-directory",
    category: "file-problem",
    summary: "The world still has a pre-1.7 players folder that was not converted.",
    groups,
    shapes: [{ anchor: /\*\*\*\* DETECTED OLD PLAYER DIRECTORY IN THE WORLD SAVE/, hint: "DETECTED OLD PLAYER", extract: () => ({}) }],
    message: () => "An outdated player data folder was found in the world; its conversion did not complete.",
    solutions: () => [fix.deleteFile("world/players")],
    key: () => "",
  }),

  defineRule({
    code: "overworld-settings-missing",
    category: "config-error",
    summary: "The world's dimension settings have no overworld, usually after removing a world-generation mod or data pack.",
    groups,
    shapes: [{
      anchor: /java\.util\.concurrent\.ExecutionException: /,
      hint: "Overworld settings missing",
      extract: () => ({}),
    }],
    message: () => "The world has no overworld settings, so it cannot be loaded.",
    solutions: () => [
      "Put back the world-generation mod or data pack the world was created with.",
      fix.newWorld(),
    ],
    key: () => "",
  }),

  defineRule({
    code: "ticking-block-entity",
    category: "block-crash",
    summary: "A block entity crashes the server while it is being ticked.",
    groups,
    shapes: [{
      anchor: UNEXPECTED,
      // `class_148` is the same exception under Fabric's and Quilt's intermediary names.
      next: /^\s?net\.minecraft\.(?:(?:util|crash)\.ReportedException|class_148): Ticking block entity/,
      extract: ({ log }) => ({ side: log.side ?? null, culprit: crashOf(log)?.culprit ?? null, addOn: addOnKind(log.software) }),
    }],
    message: ({ side, culprit, addOn }) =>
      `A block entity in the world crashes ${whatCrashed(side)} every time it is ticked${culprit ? `; the stack trace points at ${culpritPhrase(culprit, addOn)}` : ""}.`,
    solutions: ({ culprit, addOn }) => [...(culprit ? culpritFixes(culprit, addOn) : []), fix.removeBlock(), fix.newWorld()],
    key: () => "",
  }),

  defineRule<TickedEntity>({
    code: "ticking-entity",
    category: "entity-crash",
    summary: "An entity crashes the game or server while it is being ticked (the log's side of a ticking-entity crash report).",
    groups,
    shapes: [{
      anchor: UNEXPECTED,
      // Every name the exception has had: `util` and `crash` (older and Forge's), Mojang's own, Fabric's intermediary.
      next: /^\s?net\.minecraft\.(?:(?:util|crash)\.)?(?:ReportedException|class_148): Ticking (?:entity|player)\s*$/,
      extract: (match) => ({
        entity: tickedEntityClass(match),
        side: match.log.side ?? null,
        culprit: crashOf(match.log)?.culprit ?? null,
        addOn: addOnKind(match.log.software),
      }),
    }],
    message: ({ entity, side, culprit, addOn }) =>
      `${entity ? `The entity ${quote(entity)}` : "An entity"} crashes ${whatCrashed(side)} every time it is ticked${culprit ? `; the stack trace points at ${culpritPhrase(culprit, addOn)}` : ""}.`,
    solutions: ({ culprit, addOn, side }) => [
      ...(culprit ? culpritFixes(culprit, addOn) : []),
      side === "client"
        ? "The crash report saved next to this log (crash-reports folder) says which entity and where; on a server, ask its admins to remove it."
        : "The crash report saved next to this log (crash-reports folder) says which entity and where: back up the world, then remove that entity with a command or an NBT editor.",
    ],
    key: ({ entity }) => entity ?? "",
  }),
];

interface TickedEntity {
  /** The entity's class, when a frame outside the game names one. */
  entity: string | null;
  side: "client" | "server" | null;
  culprit: Culprit | null;
  addOn: AddOnKind;
}

/** Frames read below the exception for the ticked entity's class. */
const TICKED_CLASS_SEARCH = 200;

/**
 * The ticked entity's class from the trace: the first frame of code outside the game, the loaders,
 * Java and common libraries (stack-frames.ts) whose class names an entity (`com.faboslav.friendsandfoes.common.entity.CopperGolemEntity`).
 * The game's own classes name nothing a reader can look for (`class_1308` under Fabric).
 */
function tickedEntityClass({ entry, lineIndex }: ShapeMatch): string | null {
  const lines = entry.lines;
  for (let i = lineIndex + 1; i < lines.length && i <= lineIndex + TICKED_CLASS_SEARCH; i++) {
    const frame = parseFrame(lines[i].content);
    if (!frame || isInfrastructure(frame)) continue;
    const simple = frame.className.slice(frame.className.lastIndexOf(".") + 1).split("$")[0];
    if (/Entity$/.test(simple) && !/BlockEntity$|TileEntity$/.test(simple)) return simple;
  }
  return null;
}

/** The vanilla id a pack's parse failure could not find, read from the trace under it. */
function unknownGameKey(entry: LogEntry, lineIndex: number): string | null {
  const lines = entry.lines;
  for (let i = lineIndex + 1; i < lines.length && i <= lineIndex + PACK_CAUSE_SEARCH; i++) {
    const unknown = UNKNOWN_GAME_KEY.exec(lines[i].content);
    if (unknown) return unknown[1];
  }
  return null;
}
