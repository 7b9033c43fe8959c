/** Problems read from Minecraft crash reports (rule group `crash-report`). */
import { crashOf, type Culprit } from "../crash-culprit.ts";
import { defineRule, type ShapeMatch } from "../define-rule.ts";
import { locate, nextSection, sectionDetails } from "../report-sections.ts";
import { addOnKind, culpritFixes, culpritPhrase, quote, whatCrashed, type AddOnKind } from "../wording.ts";

const groups = ["crash-report"] as const;
/** The section usually follows the description within the stack trace above it. */
const SECTION_SEARCH = 5000;

interface TickingThing {
  name: string | null;
  type: string | null;
  location: string | null;
  dimension: string | null;
  level: string | null;
  /** The ticked entity is a player (`minecraft:player`, `EntityPlayerMP`, `ServerPlayer`...). */
  player: boolean;
  side: "client" | "server" | null;
  /** The mod the crash's stack trace points at. */
  culprit: Culprit | null;
  addOn: AddOnKind;
}

/** PHP-like number printing used in locations: `106.00` -> `106`, `-37.80` -> `-37.8`. */
const formatNumber = (text: string) => String(Number(text));
const PLAYER = /^minecraft:player\b|\b(?:EntityPlayer(?:MP|SP)?|ServerPlayer(?:Entity)?|LocalPlayer|ClientPlayerEntity)\b/;

/** Details of the `-- <title> --` section this anchor belongs to (the next one from the anchor on). */
export function detailsFor({ entry, log, lineIndex }: ShapeMatch, title: string): Map<string, string> | null {
  const { flat, position } = locate(log, entry, lineIndex);
  const section = nextSection(flat, title, position, SECTION_SEARCH);
  return section === null ? null : sectionDetails(flat, section);
}

/** What every ticking crash carries besides its section: the side and the culprit. */
function crashContext({ log }: ShapeMatch) {
  return { side: log.side ?? null, culprit: crashOf(log)?.culprit ?? null, addOn: addOnKind(log.software) };
}

function tickingEntity(match: ShapeMatch): TickingThing {
  // A ticked player has a section of its own in newer reports.
  const player = match.anchor[0].includes("layer");
  const details = detailsFor(match, player ? "Player being ticked" : "Entity being ticked") ?? (player ? detailsFor(match, "Entity being ticked") : null);
  const exact = /^(-?[\d.]+), (-?[\d.]+), (-?[\d.]+)/.exec(details?.get("Entity's Exact location") ?? "");
  const type = details?.get("Entity Type") ?? "";
  return {
    name: details?.get("Entity Name") ?? null,
    type: type.split(" ")[0] || null,
    location: exact ? [exact[1], exact[2], exact[3]].map(formatNumber).join(", ") : null,
    dimension: details?.get("Level dimension") ?? null,
    level: details?.get("Level name") ?? null,
    player: player || PLAYER.test(type),
    ...crashContext(match),
  };
}

function tickingBlockEntity(match: ShapeMatch): TickingThing {
  const details = detailsFor(match, "Block entity being ticked");
  // First block location of this section, not the last one of the report.
  const block = /World: \((-?\d+),(-?\d+),(-?\d+)\)/.exec(details?.get("Block location") ?? "");
  const type = /\b([\w.-]+:[\w./-]+)/.exec(details?.get("Block") ?? details?.get("Block type") ?? "");
  // `Name: Ore Washing Plant // ic2.core.block.TileEntityOreWashing`: names may hold spaces.
  const name = (details?.get("Name") ?? "").split(" // ")[0].trim();
  return {
    name: name || null,
    type: type?.[1] ?? null,
    location: block ? `${block[1]}, ${block[2]}, ${block[3]}` : null,
    dimension: details?.get("Level dimension") ?? null,
    level: details?.get("Level name") ?? null,
    player: false,
    ...crashContext(match),
  };
}

const describe = (what: string, thing: TickingThing) => {
  const { name, location, side, culprit, addOn } = thing;
  const subject = thing.player ? "The player" : what;
  const blame = culprit ? `; the stack trace points at ${culpritPhrase(culprit, addOn)}` : "";
  // The type (`alexsmobs:crow`) tells which mod's thing it is when the name (`Crow`) does not.
  const type = thing.type && thing.type !== name && !thing.player ? ` (${thing.type})` : "";
  return `${subject}${name ? ` ${quote(name)}` : thing.type ? ` ${quote(thing.type)}` : ""}${name ? type : ""}${location ? ` at ${location}` : ""} crashes ${whatCrashed(side)} each time it is ticked${blame}.`;
};

const place = ({ dimension, level }: TickingThing) => {
  const where = [dimension ? `dimension ${dimension}` : null, level ? `world ${quote(level)}` : null].filter(Boolean).join(", ");
  return where ? ` (${where})` : "";
};

/** Removing the ticked thing: only on the world's own side; a client asks the server's admins. */
const removal = (what: string, thing: TickingThing): string => {
  const { name, location } = thing;
  const target = `the ${what}${name ? ` ${quote(name)}` : ""}${location ? ` at ${location}` : ""}${place(thing)}`;
  if (thing.side === "client") {
    return `In a single-player world, back up the world, then delete ${target} with an NBT or world editor; on a server, ask its admins to remove it.`;
  }
  return `Back up the world, then delete ${target} with an NBT or world editor.`;
};

/** A player is never deleted: what they carry or do is the cause; their data is reset only as a last resort. */
const playerFixes = (thing: TickingThing): string[] => {
  const who = thing.name ? quote(thing.name) : "the player";
  const world = thing.level ? `${quote(thing.level)}` : "the world";
  return [
    `Look at what ${who} was holding, wearing or doing when it crashed: an item or effect from a mod is the usual cause; update or remove that mod.`,
    `As a last resort, back up ${world} and reset the data of ${who}: their file in its 'playerdata' folder (named after their UUID), or the Player entry of level.dat in single-player. They lose their inventory and position.`,
  ];
};

const tickingFixes = (what: string) => (thing: TickingThing): string[] => [
  ...(thing.culprit ? culpritFixes(thing.culprit, thing.addOn) : []),
  ...(thing.player ? playerFixes(thing) : [removal(what, thing)]),
];

const tickingKey = ({ type, name, location }: TickingThing) => `${type ?? ""}\n${name ?? ""}\n${location ?? ""}`;

export const crashReportRules = [
  defineRule({
    code: "crash-ticking-entity",
    category: "entity-crash",
    summary: "The crash report blames an entity that fails while it is ticked.",
    groups,
    shapes: [
      { anchor: /^Description: Ticking entity\s*$/, extract: tickingEntity },
      { anchor: /^-- Entity being ticked --\s*$/, extract: tickingEntity },
      { anchor: /^Description: Ticking player\s*$/, extract: tickingEntity },
      { anchor: /^-- Player being ticked --\s*$/, extract: tickingEntity },
    ],
    message: (thing) => describe("The entity", thing),
    solutions: tickingFixes("entity"),
    key: tickingKey,
  }),

  defineRule({
    code: "crash-ticking-block-entity",
    category: "block-crash",
    summary: "The crash report blames a block entity that fails while it is ticked.",
    groups,
    shapes: [{ anchor: /^Description: Ticking block entity\s*$/, extract: tickingBlockEntity }],
    message: (thing) => describe("The block entity", thing),
    solutions: tickingFixes("block entity"),
    key: tickingKey,
  }),
];
