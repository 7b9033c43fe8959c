/**
 * The older forms in which Forge reports a mod's unmet requirements, as shapes shared by two
 * rules: mods to add (forge-mod-dependency) and the game or loader in another version
 * (forge-mod-wrong-minecraft). Each keeps the requirements that are its own, so one report line
 * makes one problem. The 1.13+ forms (`Mod ID: 'y', Requested by: 'x'...`, crash reports'
 * `Failure message: Mod x requires y`) are forge-loading.ts's.
 *   1.7:   The mod x (X) requires mods [Forge@[10.13.4,), y] to be available
 *   1.12:  MissingModsException: Mod x (X) requires [y@[1.0,), forge@[14.23,)]
 *   1.16:  Mod §eX§r requires §6y§r §e1.0 or above§r (then: Currently, §6y§r§7 is §o0.9)
 */
import { matchShapes, type Shape, type ShapeMatch } from "../define-rule.ts";
import type { LogContext, LogEntry } from "../../model.ts";
import { followingLine } from "../report-sections.ts";
import { requirementKind, type RequirementKind } from "../requirements.ts";
import { parseForgeDependencies, type ForgeDependency } from "./forge-mod-lists.ts";

export interface Requirement extends ForgeDependency {
  /** The range as printed, when the form gives more than a lowest version. */
  range: string | null;
  /** The installed version, when the loader says it. */
  present: string | null;
}

export interface ForgeNeeds {
  mod: string;
  requirements: Requirement[];
}

/** Forge colours its error screens with `§x` codes. */
const COLOURED = "§.([^§]+?)§.";
const CURRENTLY = /Currently, (?:§.)*([\w.-]+)(?:§.)* is (?:§.)*([^\s§]+)/;

const listed = (mod: string, list: string): ForgeNeeds => ({
  mod,
  requirements: parseForgeDependencies(list).map((d) => ({ ...d, range: null, present: null })),
});

/** The installed version from a following `Currently, y is 1.20.1` line (`not installed` is none). */
function presentAfter(match: ShapeMatch, id: string): string | null {
  const currently = CURRENTLY.exec(followingLine(match.log, match.entry, match.lineIndex) ?? "");
  return currently && currently[1] === id && /^\d/.test(currently[2]) ? currently[2] : null;
}

/** The requirement shapes, each finding passed through `keep` (null drops it). */
function requirementShapes<E>(keep: (needs: ForgeNeeds) => E | null): Shape<E>[] {
  return [
    {
      anchor: /The mod \S{1,300} \((.{1,300})\) requires mods \[([^\]]{0,10000})\] to be available/,
      hint: "requires mods [",
      extract: ({ anchor }) => keep(listed(anchor[1], anchor[2])),
    },
    {
      anchor: /net\.minecraftforge\.fml\.common\.MissingModsException: Mod \S{1,300} \((.{1,300})\) requires \[(.{0,10000})\]/,
      hint: "MissingModsException",
      extract: ({ anchor }) => keep(listed(anchor[1], anchor[2])),
    },
    {
      anchor: new RegExp(`Mod ${COLOURED} requires ${COLOURED}(?: ${COLOURED})?`),
      hint: " requires §",
      extract: (match) => {
        if (match.anchor.input.includes("Failure message:")) return null;
        const [, mod, id, version] = match.anchor;
        const range = version?.trim() || null;
        return keep({ mod, requirements: [{ id, version: range, range, present: presentAfter(match, id) }] });
      },
    },
  ];
}

const SHAPES = requirementShapes((needs) => needs);
/** The last entry read: every rule that reads requirements asks about the same entry in turn. */
let last: { entry: LogEntry; needs: ForgeNeeds[] } | null = null;

/** The unmet requirements an entry reports, read once for all the rules that sort them. */
export function forgeNeedsIn(entry: LogEntry, log: LogContext): ForgeNeeds[] {
  if (last?.entry === entry) return last.needs;
  // Every form says "requires": one search per line spares the shapes most entries.
  const needs = entry.lines.some((line) => line.content.includes("requires")) ? matchShapes(SHAPES, entry, log) : NONE;
  last = { entry, needs };
  return needs;
}

/** Shared by the entries that report nothing (callers only read it). */
const NONE: never[] = [];

/** A scan keeping the requirements `keep` accepts (null drops them). */
export const requirementScan =
  <E>(keep: (needs: ForgeNeeds) => E | null) =>
  (entry: LogEntry, log: LogContext): E[] => {
    const needs = forgeNeedsIn(entry, log);
    if (needs.length === 0) return NONE;
    return needs.flatMap((one) => {
      const kept = keep(one);
      return kept === null ? [] : [kept];
    });
  };

/** The requirements of one kind. */
export const ofKind = (needs: ForgeNeeds, kind: RequirementKind) => needs.requirements.filter((r) => requirementKind(r.id) === kind);
