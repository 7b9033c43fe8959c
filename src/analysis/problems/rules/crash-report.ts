/** Problems read from Minecraft crash reports (rule group `crash-report`). */
import { defineRule, type ShapeMatch } from "../define-rule";
import { locate, nextSection, sectionDetails } from "../report-sections";
import { quote } from "../wording";

const groups = ["crash-report"] as const;
/** The section usually follows the description within the stack trace above it. */
const SECTION_SEARCH = 5000;

interface TickingThing {
  name: string | null;
  type: string | null;
  location: string | null;
  dimension: string | null;
  level: string | null;
}

/** PHP-like number printing used in locations: `106.00` -> `106`, `-37.80` -> `-37.8`. */
const formatNumber = (text: string) => String(Number(text));

/** Details of the `-- <title> --` section this anchor belongs to (the next one from the anchor on). */
function detailsFor({ entry, log, lineIndex }: ShapeMatch, title: string): Map<string, string> | null {
  const { flat, position } = locate(log, entry, lineIndex);
  const section = nextSection(flat, title, position, SECTION_SEARCH);
  return section === null ? null : sectionDetails(flat, section);
}

function tickingEntity(match: ShapeMatch): TickingThing {
  const details = detailsFor(match, "Entity being ticked");
  const exact = /^(-?[\d.]+), (-?[\d.]+), (-?[\d.]+)/.exec(details?.get("Entity's Exact location") ?? "");
  return {
    name: details?.get("Entity Name") ?? null,
    type: details?.get("Entity Type")?.split(" ")[0] ?? null,
    location: exact ? [exact[1], exact[2], exact[3]].map(formatNumber).join(", ") : null,
    dimension: details?.get("Level dimension") ?? null,
    level: details?.get("Level name") ?? null,
  };
}

function tickingBlockEntity(match: ShapeMatch): TickingThing {
  const details = detailsFor(match, "Block entity being ticked");
  // First block location of this section, not the last one of the report.
  const block = /World: \((-?\d+),(-?\d+),(-?\d+)\)/.exec(details?.get("Block location") ?? "");
  const type = /\b([\w.-]+:[\w./-]+)/.exec(details?.get("Block") ?? details?.get("Block type") ?? "");
  return {
    name: /^\S+/.exec(details?.get("Name") ?? "")?.[0] ?? null,
    type: type?.[1] ?? null,
    location: block ? `${block[1]}, ${block[2]}, ${block[3]}` : null,
    dimension: details?.get("Level dimension") ?? null,
    level: details?.get("Level name") ?? null,
  };
}

const describe = (what: string, { name, location }: TickingThing) =>
  `${what}${name ? ` ${quote(name)}` : ""}${location ? ` at ${location}` : ""} crashes the server each time it is ticked.`;

const removal = (what: string, { name, location, dimension, level }: TickingThing) => {
  const place = [dimension ? `dimension ${dimension}` : null, level ? `world ${quote(level)}` : null].filter(Boolean).join(", ");
  const target = `the ${what}${name ? ` ${quote(name)}` : ""}${location ? ` at ${location}` : ""}${place ? ` (${place})` : ""}`;
  return `Back up the world, then delete ${target} with an NBT or world editor.`;
};

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
    ],
    message: (thing) => describe("The entity", thing),
    solutions: (thing) => [removal("entity", thing)],
    key: tickingKey,
  }),

  defineRule({
    code: "crash-ticking-block-entity",
    category: "block-crash",
    summary: "The crash report blames a block entity that fails while it is ticked.",
    groups,
    shapes: [{ anchor: /^Description: Ticking block entity\s*$/, extract: tickingBlockEntity }],
    message: (thing) => describe("The block entity", thing),
    solutions: (thing) => [removal("block entity", thing)],
    key: tickingKey,
  }),
];
