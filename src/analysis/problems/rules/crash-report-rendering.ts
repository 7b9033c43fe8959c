/** Crash reports of a block that fails while it is drawn (`Tesselating ...`, rule group `crash-report`). */
import { crashOf, culpritName, type Culprit } from "../crash-culprit.ts";
import { defineRule, type ShapeMatch } from "../define-rule.ts";
import { culpritFixes, quote } from "../wording.ts";
import { detailsFor } from "./crash-report.ts";
import { ruleCue } from "./cue.ts";

interface TesselatedBlock {
  block: string | null;
  location: string | null;
  culprit: Culprit | null;
}

/** Each description and the section that details its block. */
const SECTIONS: Readonly<Record<string, string>> = {
  "block model": "Block model being tesselated",
  "block in world": "Block being tesselated",
  "liquid in world": "Block being tesselated",
};

function tesselated(match: ShapeMatch): TesselatedBlock {
  const details = detailsFor(match, SECTIONS[match.anchor[1]]);
  const block = /\b([\w.-]+:[\w./-]+)/.exec(details?.get("Block") ?? details?.get("Block type") ?? "");
  const location = /World: \((-?\d+),(-?\d+),(-?\d+)\)/.exec(details?.get("Block location") ?? "");
  return {
    block: block?.[1] ?? null,
    location: location ? `${location[1]}, ${location[2]}, ${location[3]}` : null,
    culprit: crashOf(match.log)?.culprit ?? null,
  };
}

const RENDERING_MODS =
  "Rendering mods (OptiFine, Sodium, Embeddium, Rubidium, connected-texture mods) and resource packs change how blocks are drawn: update them, or remove them one at a time.";

export const crashReportRenderingRules = [
  defineRule<TesselatedBlock>({
    code: "crash-tesselating-block",
    category: "block-crash",
    summary: "The crash report blames a block that fails while its model is drawn (Tesselating block model).",
    groups: ["crash-report"],
    cue: ruleCue,
    shapes: [{ anchor: /^Description: Tesselating (block model|block in world|liquid in world)\s*$/, hint: "Tesselating", extract: tesselated }],
    message: ({ block, location, culprit }) =>
      `The game crashes while drawing the block${block ? ` ${quote(block)}` : ""}${location ? ` at ${location}` : ""}${culprit ? `, in the code of ${quote(culpritName(culprit))}` : ""}.`,
    solutions: ({ block, culprit }) => {
      const namespace = block?.split(":")[0];
      const owner = namespace && namespace !== "minecraft" ? [`The block comes from the mod ${quote(namespace)}: update it to its newest release for this Minecraft version.`] : [];
      return [
        ...(culprit ? culpritFixes(culprit, "mod").slice(0, 1) : owner),
        RENDERING_MODS,
        "If it keeps crashing at the same place, back up the world and remove that block with a world editor (Amulet, MCEdit).",
      ];
    },
    key: ({ block, location }) => `${block ?? ""}\n${location ?? ""}`,
  }),
];
