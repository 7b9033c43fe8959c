/**
 * Analysers: per log family, which problem rule groups run, which
 * information kinds are read (in output order) and which kind gives the log's version.
 */
import type { LogEvidence, StatedSoftware } from "./evidence.ts";
import type { InformationKindName } from "./information.ts";
import type { LogType } from "./log-types.ts";
import type { RuleGroup } from "./model.ts";

export interface Analyser {
  /** Problem rule groups, in the order their rules run. */
  groups: readonly RuleGroup[];
  information: readonly InformationKindName[];
  /** The kind whose first value is the log's `version`; null when the type has none. */
  version: InformationKindName | null;
}

const VANILLA: readonly RuleGroup[] = ["vanilla"];
const BUKKIT: readonly RuleGroup[] = ["vanilla", "bukkit"];
const FORGE_BUKKIT: readonly RuleGroup[] = ["vanilla", "forge", "bukkit"];
const REPORT = ["reportMinecraftVersion", "reportJavaVersion"] as const;

export const ANALYSERS = {
  vanilla: { groups: VANILLA, information: ["minecraftVersion"], version: "minecraftVersion" },
  bukkit: { groups: BUKKIT, information: ["minecraftVersion"], version: "minecraftVersion" },
  paper: { groups: [...BUKKIT, "paper"], information: ["minecraftVersion"], version: "minecraftVersion" },
  folia: { groups: [...BUKKIT, "paper", "folia"], information: ["minecraftVersion"], version: "minecraftVersion" },
  fabric: {
    groups: ["vanilla", "fabric"],
    information: ["fabricMinecraftVersion", "fabricLoaderVersion", "fabricJavaVersion"],
    version: "fabricMinecraftVersion",
  },
  quilt: {
    // Quilt runs Fabric mods and reports them in Fabric's forms.
    groups: ["vanilla", "fabric"],
    information: ["quiltMinecraftVersion", "quiltLoaderVersion", "quiltJavaVersion"],
    version: "quiltMinecraftVersion",
  },
  forge: {
    groups: ["vanilla", "forge"],
    information: ["forgeMinecraftVersion", "forgeVersion", "forgeJavaVersion"],
    version: "forgeMinecraftVersion",
  },
  neoforge: {
    // NeoForge reports mods in Forge's forms.
    groups: ["vanilla", "forge"],
    information: ["neoforgeMinecraftVersion", "neoforgeVersion", "forgeJavaVersion"],
    version: "neoforgeMinecraftVersion",
  },
  magma: {
    groups: FORGE_BUKKIT,
    information: ["forgeMinecraftVersion", "forgeVersion", "forgeJavaVersion", "magmaVersion"],
    version: "forgeMinecraftVersion",
  },
  mohist: {
    groups: FORGE_BUKKIT,
    information: ["forgeMinecraftVersion", "mohistForgeVersion", "forgeJavaVersion", "mohistVersion"],
    version: "forgeMinecraftVersion",
  },
  arclight: {
    groups: FORGE_BUKKIT,
    information: ["forgeMinecraftVersion", "forgeVersion", "forgeJavaVersion", "arclightVersion"],
    version: "forgeMinecraftVersion",
  },
  crashReport: { groups: ["crash-report"], information: REPORT, version: "reportMinecraftVersion" },
  fabricCrashReport: {
    groups: ["crash-report"],
    information: [...REPORT, "fabricCrashReportLoaderVersion"],
    version: "reportMinecraftVersion",
  },
  forgeCrashReport: { groups: ["crash-report"], information: [...REPORT, "forgeCrashReportVersion"], version: "reportMinecraftVersion" },
  neoforgeCrashReport: { groups: ["crash-report"], information: [...REPORT, "neoforgeVersion"], version: "reportMinecraftVersion" },
  networkReport: { groups: [], information: REPORT, version: "reportMinecraftVersion" },
  pocketmine: {
    groups: ["pocketmine"],
    information: ["pocketmineBedrockVersion", "pocketmineVersion"],
    version: "pocketmineBedrockVersion",
  },
  bedrock: { groups: ["bedrock"], information: ["bedrockVersion"], version: "bedrockVersion" },
  customSkinLoader: {
    groups: [],
    information: ["customSkinLoaderVersion", "customSkinLoaderJavaVersion", "customSkinLoaderMinecraftVersion"],
    version: "customSkinLoaderVersion",
  },
  hytaleServer: { groups: [], information: ["hytaleServerVersion"], version: "hytaleServerVersion" },
  hytaleClient: { groups: [], information: ["hytaleClientVersion"], version: "hytaleClientVersion" },
  none: { groups: [], information: [], version: null },
} as const satisfies Record<string, Analyser>;

export type AnalyserName = keyof typeof ANALYSERS;

/**
 * Loader groups run where the text shows that loader at work, whatever the log type: a Forge
 * crash report gets the Forge rules, a Vanilla-typed log with Fabric's stack frames the Fabric ones.
 */
const SHOWN_BY: readonly { group: RuleGroup; software: readonly StatedSoftware[] }[] = [
  { group: "forge", software: ["Forge", "NeoForge", "Mohist", "Arclight", "Magma"] },
  { group: "fabric", software: ["Fabric", "Quilt"] },
  { group: "bukkit", software: ["Bukkit"] },
];

/** Java game logs: their analysers run the Vanilla rules or read crash reports. */
const JAVA_GAME_GROUPS: readonly RuleGroup[] = ["vanilla", "crash-report"];
const EVERY_GROUP: readonly RuleGroup[] = [
  "jvm", "vanilla", "bukkit", "paper", "folia", "fabric", "forge", "crash-report", "pocketmine", "bedrock",
];

/** Software whose logs no JVM writes (PHP, C++): the `jvm` rules have nothing to find there. */
const NOT_JAVA: ReadonlySet<string> = new Set(["Pocketmine", "Bedrock"]);

/**
 * The rule groups a log runs: its analyser's, the `jvm` rules for every Java log (game, launcher,
 * proxy, crash report), and for a Java game log those of the loaders its text shows. An excerpt
 * (no type detected) runs every group: whatever it holds, the evidence is in the text itself.
 */
export function ruleGroupsFor(type: LogType, evidence: LogEvidence): RuleGroup[] {
  if (type.kind === "unknown") return [...EVERY_GROUP];
  const groups = new Set<RuleGroup>(ANALYSERS[type.analyser].groups);
  if (!NOT_JAVA.has(type.name ?? "")) groups.add("jvm");
  if (!JAVA_GAME_GROUPS.some((group) => groups.has(group))) return [...groups];
  // A type named after its software runs that software's groups (its report's too); only
  // Vanilla-typed logs may show a loader their type does not name.
  if (type.name !== "Vanilla") {
    const named = SHOWN_BY.find(({ software }) => software.includes(type.name as StatedSoftware));
    if (named) groups.add(named.group);
    return [...groups];
  }
  for (const { group, software } of SHOWN_BY) {
    if (!groups.has(group) && software.some((s) => evidence.shows(s))) groups.add(group);
  }
  return [...groups];
}
