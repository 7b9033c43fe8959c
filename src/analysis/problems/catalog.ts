/**
 * The problem catalog: every rule, and the order in which each group's analyser runs them.
 * To add a problem: define it in the rules/ file of its group and put its
 * code in that group's list below.
 */
import type { ProblemRule, RuleGroup } from "../model.ts";
import { bedrockRules } from "./rules/bedrock.ts";
import { bukkitLoadingRules } from "./rules/bukkit-loading.ts";
import { bukkitPluginRules } from "./rules/bukkit-plugins.ts";
import { bukkitRuntimeRules } from "./rules/bukkit-runtime.ts";
import { bukkitWorldRules } from "./rules/bukkit-worlds.ts";
import { crashReportRules } from "./rules/crash-report.ts";
import { crashReportRenderingRules } from "./rules/crash-report-rendering.ts";
import { fabricRules } from "./rules/fabric.ts";
import { fabricLoadingRules } from "./rules/fabric-loading.ts";
import { fileRules } from "./rules/files.ts";
import { forgeRules } from "./rules/forge.ts";
import { forgeLoadingRules } from "./rules/forge-loading.ts";
import { forgeModRules } from "./rules/forge-mods.ts";
import { graphicsRules } from "./rules/graphics.ts";
import { installRules } from "./rules/install.ts";
import { proxyPluginRules } from "./rules/proxy-plugins.ts";
import { modConflictRules } from "./rules/mod-conflicts.ts";
import { javaRuntimeRules } from "./rules/java-runtime.ts";
import { memoryRules } from "./rules/memory.ts";
import { missingClassRules } from "./rules/missing-classes.ts";
import { worldRules } from "./rules/worlds.ts";
import { debugCrashRules } from "./rules/debug-crash.ts";
import { mixinRules } from "./rules/mixins.ts";
import { modCrashRules } from "./rules/mod-crash.ts";
import { nativeLibraryRules } from "./rules/native-libraries.ts";
import { optifineRules } from "./rules/optifine.ts";
import { paperRules } from "./rules/paper.ts";
import { pocketmineRules } from "./rules/pocketmine.ts";
import { serverRuntimeRules } from "./rules/server-runtime.ts";
import { vanillaRules } from "./rules/vanilla.ts";

export const allRules: readonly ProblemRule[] = [
  ...vanillaRules,
  ...bukkitLoadingRules,
  ...bukkitRuntimeRules,
  ...bukkitWorldRules,
  ...bukkitPluginRules,
  ...paperRules,
  ...fabricRules,
  ...forgeRules,
  ...forgeModRules,
  ...crashReportRules,
  ...pocketmineRules,
  ...bedrockRules,
  // Before mod-crash: of two last resorts, the more specific one speaks.
  ...missingClassRules,
  ...modCrashRules,
  ...memoryRules,
  ...javaRuntimeRules,
  ...nativeLibraryRules,
  ...graphicsRules,
  ...installRules,
  ...proxyPluginRules,
  ...modConflictRules,
  ...fileRules,
  ...mixinRules,
  ...optifineRules,
  ...serverRuntimeRules,
  ...worldRules,
  ...debugCrashRules,
  ...forgeLoadingRules,
  ...fabricLoadingRules,
  ...crashReportRenderingRules,
];

/**
 * Groups in analyser order. Hybrids (Magma, Mohist, Arclight) run Forge before Bukkit, and
 * Paper/Folia extend Bukkit, so one global order serves every combination.
 */
export const analyserOrder: Readonly<Record<RuleGroup, readonly string[]>> = {
  jvm: [
    "out-of-memory",
    "heap-reservation-failed",
    "system-out-of-memory",
    "jvm-option-invalid",
    "java-too-old",
    "java-too-new",
    "java-unsupported-runtime",
    "native-library-failed",
    "opengl-unavailable",
    "graphics-driver-crash",
    "launch-target-missing",
    "main-class-missing",
    "modified-jar",
    "jar-damaged",
    "java-install-damaged",
    "mod-unpacked",
    "duplicate-module",
    "optifine-incompatible",
    "optifine-mixin-conflict",
    "mixin-failed",
    "mod-config-unreadable",
    "config-syntax-error",
    "file-already-exists",
    "file-access-denied",
    "disk-full",
    "world-session-locked",
    "world-data-unreadable",
    "debug-crash",
    "port-in-use",
    "database-login-denied",
    "proxy-plugin-failed",
    "eula-not-accepted",
    "server-lagging",
    "server-watchdog",
    "login-failed",
    "library-missing",
    "mod-for-other-game-version",
    "client-code-refused-on-server",
    "client-mod-on-server",
    "class-missing",
    "mods-class-cast",
    "mod-crash",
  ],
  vanilla: [
    "aquatic-world-on-older-version",
    "auth-servers-unreachable",
    "code-of-conduct-folder-missing",
    "datapack-parse-failed",
    "datapack-other-game-version",
    "malformed-encoding-motd",
    "old-player-directory",
    "overworld-settings-missing",
    "ticking-block-entity",
    "ticking-entity",
  ],
  forge: [
    "forge-fml-confirm",
    "forge-world-missing-mod",
    "forge-world-mod-version",
    "forge-mod-dependency",
    "forge-duplicate-mod",
    "forge-mod-fatal",
    "forge-mod-exception",
    "forge-mod-wrong-minecraft",
    "forge-ptrlib-missing",
    "forge-module-package-conflict",
    "forge-language-provider-version",
    "forge-missing-datapack-mod",
    "forge-dependency-missing",
    "forge-dependency-game-version",
    "forge-mod-load-failed",
    "forge-event-handler-error",
  ],
  bukkit: [
    "plugin-missing-dependency",
    "plugin-ambiguous-name",
    "plugin-load-error",
    "jar-not-a-plugin",
    "plugin-enable-error",
    "plugin-runtime-error",
    "plugin-disable-error",
    "plugin-command-exception",
    "chunk-load-exception",
    "world-duplicate-uid",
    "authme-shutdown",
    "permissionsex-config-invalid",
    "multiverse-world-corrupt",
    "plugin-missing-dependencies",
    "plugin-unsupported-api-version",
    "plugin-java-too-old",
  ],
  paper: ["chunk-newer-version-downgrade", "plugin-api-version-below-minimum"],
  folia: ["folia-plugin-not-regionised"],
  fabric: [
    "fabric-mod-dependency",
    "fabric-mod-wrong-minecraft",
    "fabric-incompatible-mods",
    "fabric-duplicate-mod",
    "fabric-entrypoint-error",
    "fabric-legacy-dependency",
    "fabric-legacy-wrong-version",
    "fabric-legacy-conflict",
    "fabric-mod-needs-java",
  ],
  "crash-report": [
    "crash-ticking-entity",
    "crash-ticking-block-entity",
    "crash-tesselating-block",
    "forge-dependency-missing",
    "forge-dependency-game-version",
    "forge-mod-load-failed",
  ],
  pocketmine: ["pocketmine-plugin-incompatible", "pocketmine-plugin-dependency", "pocketmine-plugin-runtime"],
  bedrock: ["bedrock-whitelist-without-auth", "bedrock-allowlist-without-auth", "bedrock-encrypted-world"],
};
