/**
 * Which problem rule groups a log runs: its analyser's (analysers.ts), the JVM's for every Java
 * log, and the loaders' whose work the text shows. Apart from analysers.ts because it reads the
 * log's type, and the type names its analyser.
 */
import { ANALYSERS } from "./analysers.ts";
import type { LogEvidence, StatedSoftware } from "./evidence.ts";
import type { LogType } from "./log-types.ts";
import type { RuleGroup } from "./model.ts";

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
