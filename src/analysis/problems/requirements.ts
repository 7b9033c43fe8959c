/**
 * What a mod's requirement is about. Loaders list the game, themselves and Java among a mod's
 * dependencies (`minecraft`, `forge`, `fabricloader`, `java`); those are not mods to add to the
 * mods folder: the mod is built for another game or loader version, or needs a newer Java.
 */
import { quote } from "./wording.ts";

export type RequirementKind = "game" | "loader" | "java" | "mod";

const LOADER_NAMES: Readonly<Record<string, string>> = {
  forge: "Forge",
  fml: "Forge",
  javafml: "Forge",
  neoforge: "NeoForge",
  fabricloader: "Fabric Loader",
  "fabric-loader": "Fabric Loader",
  quilt_loader: "Quilt Loader",
  "quilt-loader": "Quilt Loader",
};

export function requirementKind(id: string): RequirementKind {
  const key = id.toLowerCase();
  if (key === "minecraft") return "game";
  if (key === "java") return "java";
  return key in LOADER_NAMES ? "loader" : "mod";
}

/** `Forge`, `Fabric Loader`... for a loader's id. */
export function loaderName(id: string): string {
  return LOADER_NAMES[id.toLowerCase()] ?? id;
}

/**
 * A version requirement in words: Maven ranges (`[1.20.4,1.21)`, `[47,)`), Fabric's compact
 * forms (`>=0.15`, `>=1.19, <1.20`) and plain versions (`1.20.1`, `1.20.4 or above`).
 */
export function describeRange(range: string): string {
  const maven = /^([[(])\s*([^,\])]*?)\s*(?:,\s*([^\])]*?)\s*)?([\])])$/.exec(range.trim());
  if (maven) {
    const [, , low, high, close] = maven;
    if (high === undefined) return low;
    if (low && !high) return `${low} or newer`;
    if (!low && high) return close === "]" ? `${high} or older` : `older than ${high}`;
    return `${low} to ${high}${close === ")" ? " (excluded)" : ""}`;
  }
  return range
    .replace(/^>=\s*([^,\s]+)$/, "$1 or newer")
    .replace(/^>\s*([^,\s]+)$/, "newer than $1")
    .replace(/^<\s*([^,\s]+)$/, "older than $1")
    .replace(/^>=\s*([^,\s]+), <\s*([^,\s]+)$/, "$1 to $2 (excluded)");
}

/** The game or a loader that a mod needs in another version than installed. */
export interface VersionNeed {
  mod: string;
  /** `minecraft`, `forge`, `fabricloader`... */
  id: string;
  range: string | null;
  /** The installed version, when the log says it. */
  present: string | null;
}

const what = ({ id }: VersionNeed) => (requirementKind(id) === "game" ? "Minecraft" : loaderName(id));

export function versionNeedMessage(need: VersionNeed): string {
  const wanted = need.range ? ` ${describeRange(need.range)}` : " another version";
  const installed = need.present ? `; this is ${what(need)} ${need.present}` : "";
  return `The mod ${quote(need.mod)} needs ${what(need)}${wanted}${installed}.`;
}

export function versionNeedFixes(need: VersionNeed): string[] {
  const mod = quote(need.mod);
  const installed = need.present ? `${what(need)} ${need.present}` : `the installed ${what(need)}`;
  const ownBuild = `Use the build of ${mod} made for ${installed}, or remove ${mod}.`;
  if (requirementKind(need.id) === "game") {
    const other = need.range ? `Or switch to Minecraft ${describeRange(need.range)}, with a loader and mods made for it.` : null;
    return other ? [ownBuild, other] : [ownBuild];
  }
  const update = `Update ${what(need)}${need.range ? ` to ${describeRange(need.range)}` : ""}.`;
  return [update, ownBuild];
}
