/**
 * Every log type the engine tells apart, in detection order (it matters: an earlier type wins a tie).
 * A type is data: its software name, kind, detectors, line format and analyser.
 */
import type { AnalyserName } from "./analysers.ts";
import { type Detector, marker, markers, ratio, weighted } from "./detectors.ts";
import type { FormatName } from "./formats.ts";
import {
  CSL_PREFIX,
  FABRIC_PREFIX,
  FORGE_MAIN_PREFIX,
  HYBRID_PREFIX,
  HYTALE_CLIENT_PREFIX,
  HYTALE_SERVER_PREFIX,
  MC_VERSION,
  OLD_PREFIX,
  TIME,
  VANILLA_PREFIX,
} from "./fragments.ts";

export type LogKind = "server" | "client" | "proxy" | "crash-report" | "network-protocol-error-report" | "content" | "unknown";

export const KIND_LABELS: Readonly<Record<LogKind, string>> = {
  server: "Server Log",
  client: "Client Log",
  proxy: "Proxy Log",
  "crash-report": "Crash Report",
  "network-protocol-error-report": "Network Protocol Error Report",
  content: "Content Log",
  unknown: "Unknown Log",
};

export interface LogType {
  /** Software name as shown to users; null only for the unknown fallback. */
  name: string | null;
  kind: LogKind;
  detectors: readonly Detector[];
  format: FormatName;
  analyser: AnalyserName;
}

export function logTypeId(type: LogType): string {
  return `${(type.name ?? "unknown").toLowerCase().replace(/ /g, "-")}/${type.kind}`;
}

const raw = String.raw;
const CRASH_HEADER = marker("---- Minecraft Crash Report ----", raw`^---- Minecraft Crash Report ----$`);
/** A crash report whose header and one of the brand lines are present. */
const crashReport = (...brandLines: ReturnType<typeof marker>[]): Detector[] =>
  brandLines.map((brand) => markers(CRASH_HEADER, brand));

const fabricLoadingMinecraft = marker(
  "with Fabric Loader",
  raw`^${FABRIC_PREFIX}(?:\(FabricLoader\/GameProvider\) )?Loading Minecraft ${MC_VERSION} with Fabric Loader`,
);
const clientUser = (threads: string, separators: string) =>
  marker("Setting user: ", raw`^\[${TIME}\] \[(?:${threads})\/INFO\](?:${separators})Setting user: \w+`);
/** `This server is running <Software> version git-<Software>` or, anywhere, `...running <Software> version`. */
const paperFamily = (software: string): Detector[] => [
  ratio("vanilla"),
  markers(marker(`This server is running`, raw`^${VANILLA_PREFIX}This server is running (?:${software}|CraftBukkit) version git-${software}`)),
  markers(marker(`This server is running ${software} version`, raw`This server is running ${software} version`)),
];

/** The Minecraft Detective's candidates. Order matters: the first `true` marker wins. */
export const MINECRAFT_LOG_TYPES: readonly LogType[] = [
  {
    name: "Fabric",
    kind: "client",
    detectors: [markers(fabricLoadingMinecraft, clientUser("Render thread|main", raw`: | \(Minecraft\) | \(net\.minecraft\.client\.Minecraft\) `))],
    format: "fabric",
    analyser: "fabric",
  },
  {
    name: "Quilt",
    kind: "client",
    detectors: [
      markers(
        // Anchored to line 1 in the reference; any line here, so launcher preambles do not hide it.
        marker("with Quilt Loader", raw`^\[${TIME}\] \[main\/INFO\]: Loading Minecraft \S+ with Quilt Loader \S+`),
        clientUser("Render thread|main", ": "),
      ),
    ],
    format: "vanilla",
    analyser: "quilt",
  },
  {
    name: "Forge",
    kind: "client",
    detectors: [
      markers(
        marker("ModLauncher running", raw`^${FORGE_MAIN_PREFIX}ModLauncher running: .*--fml\.forgeVersion`),
        marker("Launching target", raw`^${FORGE_MAIN_PREFIX}Launching target '(?:fmlclient|forgeclient)' with arguments`),
      ),
      markers(
        marker("ModLauncher running", raw`^${FORGE_MAIN_PREFIX}ModLauncher running: .*--version, (?:${MC_VERSION}-)?forge-`),
        marker("Launching target", raw`^${FORGE_MAIN_PREFIX}Launching target 'forge_client' with arguments`),
      ),
      markers(
        marker("Forge Mod Loader version", raw`^${FORGE_MAIN_PREFIX}Forge Mod Loader version`),
        marker("Launching wrapped minecraft", raw`^${FORGE_MAIN_PREFIX}Launching wrapped minecraft \{net\.minecraft\.client`),
      ),
    ],
    format: "forge",
    analyser: "forge",
  },
  {
    name: "NeoForge",
    kind: "client",
    detectors: [
      markers(
        marker("ModLauncher running", raw`^${FORGE_MAIN_PREFIX}ModLauncher running: .*--fml\.neoForgeVersion`),
        marker("Launching target", raw`^${FORGE_MAIN_PREFIX}Launching target '(?:fml|forge)client' with arguments`),
      ),
      markers(marker("Starting FancyModLoader version", raw`^${FORGE_MAIN_PREFIX}Starting FancyModLoader version \S+ \(CLIENT`)),
    ],
    format: "forge",
    analyser: "neoforge",
  },
  {
    name: "Vanilla",
    kind: "client",
    detectors: [markers(marker("Setting user: ", raw`^\[${TIME}\] \[Render thread\/INFO\]: Setting user: \w+$`))],
    format: "vanilla",
    analyser: "vanilla",
  },
  { name: "Vanilla", kind: "server", detectors: [ratio("vanilla")], format: "vanilla", analyser: "vanilla" },
  { name: "Vanilla", kind: "server", detectors: [ratio("oldVanilla")], format: "oldVanilla", analyser: "vanilla" },
  {
    name: "CraftBukkit",
    kind: "server",
    detectors: [ratio("oldVanilla"), markers(marker("git-Bukkit", raw`^${OLD_PREFIX}This server is running CraftBukkit version git-Bukkit`))],
    format: "oldVanilla",
    analyser: "bukkit",
  },
  {
    name: "Spigot",
    kind: "server",
    detectors: [ratio("oldVanilla"), markers(marker("git-Spigot", raw`^${OLD_PREFIX}This server is running CraftBukkit version git-Spigot`))],
    format: "oldVanilla",
    analyser: "bukkit",
  },
  {
    name: "CraftBukkit",
    kind: "server",
    detectors: [ratio("vanilla"), markers(marker("git-Bukkit", raw`^${VANILLA_PREFIX}This server is running CraftBukkit version git-Bukkit`))],
    format: "vanilla",
    analyser: "bukkit",
  },
  {
    name: "Spigot",
    kind: "server",
    detectors: [
      ratio("vanilla"),
      markers(
        marker("-Spigot", raw`^${VANILLA_PREFIX}This server is running (?:CraftBukkit|Spigot) version (?:git|\d+(?:-[a-zA-Z]+)?)-Spigot`),
      ),
    ],
    format: "vanilla",
    analyser: "bukkit",
  },
  { name: "Paper", kind: "server", detectors: paperFamily("Paper"), format: "vanilla", analyser: "paper" },
  { name: "Purpur", kind: "server", detectors: paperFamily("Purpur"), format: "vanilla", analyser: "paper" },
  { name: "Folia", kind: "server", detectors: paperFamily("Folia"), format: "vanilla", analyser: "folia" },
  {
    name: "Mohist",
    kind: "server",
    detectors: [
      markers(marker("Injecting coremod MohistCorePlugin", raw`${HYBRID_PREFIX}Injecting coremod MohistCorePlugin`)),
      markers(marker("This server is running", raw`${HYBRID_PREFIX}This server is running ?Mohist ?version`)),
    ],
    format: "forge",
    analyser: "mohist",
  },
  {
    name: "Arclight",
    kind: "server",
    detectors: [
      markers(marker("mixin added.", raw`${HYBRID_PREFIX}Arclight [a-zA-Z]+ mixin added\.`)),
      markers(marker("This server is running Arclight version", raw`${HYBRID_PREFIX}This server is running Arclight version`)),
    ],
    format: "forge",
    analyser: "arclight",
  },
  {
    name: "Magma",
    kind: "server",
    detectors: [markers(marker("This server is running Magma version", "This server is running Magma version"))],
    format: "forge",
    analyser: "magma",
  },
  {
    name: "Forge",
    kind: "server",
    detectors: [ratio("forge"), weighted(marker("MinecraftForge v", raw`MinecraftForge v[0-9.]+ Initialized`), 1.0)],
    format: "forge",
    analyser: "forge",
  },
  {
    name: "NeoForge",
    kind: "server",
    detectors: [
      ratio("forge"),
      markers(marker("NeoForge mod loading", "NeoForge mod loading")),
      // Line 1 only in the reference (no multiline flag); any line here.
      markers(marker("ModLauncher running", raw`^${FORGE_MAIN_PREFIX}ModLauncher running: .*--fml\.neoForgeVersion`)),
    ],
    format: "forge",
    analyser: "neoforge",
  },
  {
    name: "Pocketmine",
    kind: "server",
    detectors: [ratio("pocketmine"), markers(marker("This server is running PocketMine-MP version", "This server is running PocketMine-MP version"))],
    format: "pocketmine",
    analyser: "pocketmine",
  },
  { name: "Bedrock", kind: "server", detectors: [ratio("bedrockServer")], format: "bedrockServer", analyser: "bedrock" },
  { name: "Bedrock", kind: "content", detectors: [ratio("bedrockContent")], format: "bedrockContent", analyser: "none" },
  {
    name: "Fabric",
    kind: "server",
    detectors: [
      ratio("fabric"),
      markers(fabricLoadingMinecraft),
      markers(marker("FabricLoader", raw`^${FABRIC_PREFIX}[\[(]FabricLoader[\])] Loading \d+ mods:`)),
      markers(marker("A critical error occurred", raw`^${FABRIC_PREFIX}A critical error occurred`, "", raw`^net\.fabricmc\.loader`)),
      markers(marker("Fabric Mods", raw`^${FABRIC_PREFIX}Found new data pack Fabric Mods, loading it automatically$`)),
      markers(marker("Fabric Mods", raw`^${FABRIC_PREFIX}Reloading ResourceManager: Default, Fabric Mods \(Fabric Tool Attribute API`)),
    ],
    format: "fabric",
    analyser: "fabric",
  },
  {
    name: "BungeeCord",
    kind: "proxy",
    detectors: [markers(marker("Enabled BungeeCord version", raw`^${TIME} \[\w+\] Enabled BungeeCord version \S+$`))],
    format: "bungeecord",
    analyser: "none",
  },
  {
    name: "Waterfall",
    kind: "proxy",
    detectors: [markers(marker("Enabled Waterfall version", raw`^${VANILLA_PREFIX}Enabled Waterfall version \S+$`))],
    format: "vanilla",
    analyser: "none",
  },
  {
    name: "Velocity",
    kind: "proxy",
    // The log file's `[21:14:02] [main/INFO]:` and the console's `[21:14:02 INFO]:` (what panels show).
    detectors: [markers(marker("Booting up Velocity", raw`^\[${TIME}(?:\] \[[^/]+\/\w+\](?: \[[^\]]+\])?| \w+\](?: \[[^\]]+\])?):\s+Booting up Velocity [0-9.]+`))],
    format: "velocity",
    analyser: "none",
  },
  {
    name: "Geyser",
    kind: "proxy",
    detectors: [ratio("geyser"), markers(marker("Loading Geyser version", raw`^\[${TIME}\.\d{3} [^/]+\/\w+\] Loading Geyser version .*$`))],
    format: "geyser",
    analyser: "none",
  },
  { name: "Glowstone", kind: "server", detectors: [ratio("glowstone")], format: "glowstone", analyser: "bukkit" },
  {
    name: "Quilt",
    kind: "server",
    detectors: [ratio("vanilla"), markers(marker("with Quilt Loader", raw`^${VANILLA_PREFIX}Loading Minecraft ${MC_VERSION} with Quilt Loader`))],
    format: "vanilla",
    analyser: "quilt",
  },
  {
    name: "Spigot",
    kind: "crash-report",
    detectors: crashReport(
      marker("Known server brands", raw`^\s+Known server brands: Spigot$`),
      marker("Server brand changed", raw`^\s+Is Modded: Definitely; Server brand changed to 'Spigot'$`),
    ),
    format: "report",
    analyser: "crashReport",
  },
  {
    name: "Paper",
    kind: "crash-report",
    detectors: crashReport(
      marker("Running: Paper version", raw`^\s+Running: Paper version git-Paper`),
      marker("BrandInfo: Paper", raw`^\s+BrandInfo: Paper \(papermc:paper\) version`),
      marker("Server brand changed", raw`^\s+Is Modded: Definitely; Server brand changed to 'Paper'$`),
    ),
    format: "report",
    analyser: "crashReport",
  },
  {
    name: "Purpur",
    kind: "crash-report",
    detectors: crashReport(marker("Running: Purpur version", raw`^\tRunning: Purpur version git-Purpur`)),
    format: "report",
    analyser: "crashReport",
  },
  {
    name: "Folia",
    kind: "crash-report",
    // The reference's header pattern lacked the multiline flag, so Folia reports were never found.
    detectors: crashReport(marker("Running: Folia version", raw`^\tRunning: Folia version git-Folia`)),
    format: "report",
    analyser: "crashReport",
  },
  {
    name: "Fabric",
    kind: "crash-report",
    detectors: crashReport(
      marker("rand", raw`^\t(?:Known )?server brands?: fabric$`, "i"),
      marker("rand changed to", raw`Is Modded: Definitely; Client brand changed to 'fabric'`, "i"),
      marker("rand changed to", raw`Is Modded: Definitely; Server brand changed to 'fabric'`, "i"),
    ),
    format: "report",
    analyser: "fabricCrashReport",
  },
  {
    name: "Quilt",
    kind: "crash-report",
    detectors: crashReport(
      marker("rand", raw`^\t(?:Known )?server brands?: quilt`, "i"),
      marker("rand changed to", raw`Is Modded: Definitely; Client brand changed to 'quilt'`, "i"),
      marker("rand changed to", raw`Is Modded: Definitely; Server brand changed to 'quilt'`, "i"),
    ),
    format: "report",
    analyser: "crashReport",
  },
  {
    name: "NeoForge",
    kind: "crash-report",
    detectors: crashReport(
      marker("NeoForge: net.neoforged:", raw`^\tNeoForge: net\.neoforged:`),
      marker("neoforge", raw`^\t\t.*\|.*\|\s*neoforge\s*\|`),
    ),
    format: "report",
    analyser: "neoforgeCrashReport",
  },
  {
    name: "Forge",
    kind: "crash-report",
    detectors: [
      // Not anchored at the start: a Forge log that prints the report behind its prefix still counts.
      markers(
        marker("---- Minecraft Crash Report ----", raw`---- Minecraft Crash Report ----$`),
        marker("rand changed to", raw`^\s*Is Modded: Definitely; (?:Client|Server) brand changed to '(?:fml,)?forge'`, "i"),
      ),
    ],
    format: "report",
    analyser: "forgeCrashReport",
  },
  {
    name: "Arclight",
    kind: "crash-report",
    // Checked before the Vanilla report here; in the reference Vanilla's header marker always won first.
    detectors: crashReport(
      marker("rand", raw`^\s+(?:Known )?server brands?: arclight`, "i"),
      marker("rand changed to", raw`Is Modded: Definitely; (?:Client|Server) brand changed to 'arclight'`, "i"),
    ),
    format: "report",
    analyser: "crashReport",
  },
  {
    name: "Vanilla",
    kind: "crash-report",
    detectors: [markers(marker("---- Minecraft Crash Report ----", "---- Minecraft Crash Report ----"))],
    format: "report",
    analyser: "crashReport",
  },
  {
    name: "Mohist",
    kind: "crash-report",
    detectors: [markers(marker("---- Mohist Crash Report ----", "---- Mohist Crash Report ----"))],
    format: "report",
    analyser: "crashReport",
  },
  {
    name: "Magma",
    kind: "crash-report",
    // Not in the reference; only reached when a report states Magma (refine-type.ts).
    detectors: [],
    format: "report",
    analyser: "crashReport",
  },
  {
    name: "Vanilla",
    kind: "network-protocol-error-report",
    detectors: [markers(marker("Network Protocol Error Report", "---- Minecraft Network Protocol Error Report ----"))],
    format: "report",
    analyser: "networkReport",
  },
  {
    name: "Prism Launcher",
    kind: "client",
    detectors: [markers(marker("Prism Launcher version: ", raw`^Prism Launcher version: [\d.]+`))],
    format: "line",
    analyser: "none",
  },
  { name: "Minecraft Launcher", kind: "client", detectors: [ratio("minecraftLauncher")], format: "minecraftLauncher", analyser: "none" },
  {
    name: "CustomSkinLoader",
    kind: "client",
    detectors: [markers(marker("CustomSkinLoader ", raw`^${CSL_PREFIX}CustomSkinLoader [\w.]+(?:-SNAPSHOT(?:-\d+)?)?$`))],
    format: "customSkinLoader",
    analyser: "customSkinLoader",
  },
];

export const HYTALE_LOG_TYPES: readonly LogType[] = [
  {
    name: "Hytale",
    kind: "server",
    detectors: [
      // Dead in the reference (whole-file anchors); a per-line marker here.
      markers(marker("Starting HytaleServer", raw`^${HYTALE_SERVER_PREFIX}\s*\[HytaleServer\] Starting HytaleServer`)),
      ratio("hytaleServer"),
    ],
    format: "hytaleServer",
    analyser: "hytaleServer",
  },
  {
    name: "Hytale",
    kind: "client",
    detectors: [
      markers(marker("HytaleClient.Application.Program", raw`^${HYTALE_CLIENT_PREFIX}\s*HytaleClient\.Application\.Program`)),
      ratio("hytaleClient"),
    ],
    format: "hytaleClient",
    analyser: "hytaleClient",
  },
];

export const UNKNOWN_LOG_TYPE: LogType = { name: null, kind: "unknown", detectors: [], format: "line", analyser: "none" };
