/**
 * Analysers: per log family, which problem rule groups run, which
 * information kinds are read (in output order) and which kind gives the log's version.
 */
import type { InformationKindName } from "./information.ts";
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
