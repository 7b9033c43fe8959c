/**
 * Information kinds: facts read from the log, each a label and a value.
 * One table; the value is capture group 1 of the first pattern that matches. Every pattern has a
 * literal `hint`: the log's literal index (literal-index.ts) finds the entries holding it, and only
 * those are read.
 */
import { logLiterals } from "./literal-index.ts";
import { CSL_PREFIX, FABRIC_PREFIX, HYTALE_CLIENT_PREFIX, HYTALE_SERVER_PREFIX, MC_VERSION, VANILLA_PREFIX } from "./fragments.ts";

export interface InformationPattern {
  hint: string;
  /** The hint's id in the log's literal index: entries without it are not read. */
  literal: number;
  /** Global; group 1 is the value. */
  pattern: RegExp;
}

export interface InformationKind {
  label: string;
  patterns: readonly InformationPattern[];
}

const raw = String.raw;
const p = (hint: string, source: string, flags = ""): InformationPattern => ({
  hint,
  literal: logLiterals.idOf(hint),
  pattern: new RegExp(source, "g" + flags),
});
const kind = (label: string, ...patterns: InformationPattern[]): InformationKind => ({ label, patterns });

const MINECRAFT = "Minecraft version";
const JAVA = "Java version";

const startingServer = p("Starting minecraft server version", raw`Starting minecraft server version (${MC_VERSION})`);
const fmlMcVersion = p("--fml.mcVersion", raw`--fml\.mcVersion, (${MC_VERSION})`);
/**
 * The `Loading N mods:` list down to its `\t- java N` line. Newer loaders nest bundled mods as
 * `\t   |-- x` / `\t   \-- x` lines; the reference stopped at those and lost the Java version.
 */
const MOD_LIST_UP_TO_JAVA = raw`(?:\t(?:- | +[|\\]-- )[^\n]*\n)*\t- java (\d+)`;
const modLauncherJava = p("starting: java version", raw`\]: ModLauncher(?: [\w.+]+)? starting: java version (\S+) by`);

export const INFORMATION_KINDS = {
  minecraftVersion: kind(MINECRAFT, startingServer),
  fabricMinecraftVersion: kind(
    MINECRAFT,
    startingServer,
    p("Minecraft ", raw`Loading(?: for game)? Minecraft (${MC_VERSION})`),
    p(" minecraft@", raw` minecraft@(${MC_VERSION})`),
  ),
  quiltMinecraftVersion: kind(
    MINECRAFT,
    startingServer,
    p("Loading Minecraft ", raw`Loading Minecraft (${MC_VERSION})`),
    p("- minecraft ", raw`- minecraft (${MC_VERSION})`),
  ),
  forgeMinecraftVersion: kind(
    MINECRAFT,
    startingServer,
    p("Received command line version data", raw`Received command line version data {0,2}: MC Version: '(${MC_VERSION})'`),
    fmlMcVersion,
    p("Forge Mod Loader version", raw`Forge Mod Loader version [\d.]+ for Minecraft (${MC_VERSION}) loading`),
    // A build suffix (`36.2.35-b317fcad`) is not a Forge version line the reference counted.
    p("Forge mod loading, version", raw`Forge mod loading, version [\d.]+, for MC (${MC_VERSION})`),
  ),
  neoforgeMinecraftVersion: kind(
    MINECRAFT,
    startingServer,
    p("NeoForge mod loading, version", raw`NeoForge mod loading, version \S+, for MC (${MC_VERSION})`),
    fmlMcVersion,
  ),
  reportMinecraftVersion: kind(MINECRAFT, p("Minecraft Version: ", raw`^\s*Minecraft Version: (${MC_VERSION})$`, "m")),
  customSkinLoaderMinecraftVersion: kind(MINECRAFT, p("Minecraft: ", raw`^${CSL_PREFIX}Minecraft: (${MC_VERSION})$`, "m")),

  reportJavaVersion: kind(JAVA, p("Java Version: ", raw`\tJava Version: (\d+(?:\.\d+)*(?:_\d+)?)`)),
  fabricJavaVersion: kind(
    JAVA,
    p("java@", raw`^${FABRIC_PREFIX}(?:\[FabricLoader\] |\(FabricLoader\) )?Loading \d+ mods: .*\bjava@(\d+)`),
    p("- java ", raw`^${FABRIC_PREFIX}(?:\[FabricLoader\] |\(FabricLoader\) )?Loading \d+ mods:\n${MOD_LIST_UP_TO_JAVA}`),
  ),
  quiltJavaVersion: kind(JAVA, p("- java ", raw`^${VANILLA_PREFIX}Loading \d+ mods:\n${MOD_LIST_UP_TO_JAVA}`)),
  forgeJavaVersion: kind(JAVA, modLauncherJava),
  customSkinLoaderJavaVersion: kind(JAVA, p("Java Version: ", raw`^${CSL_PREFIX}Java Version: ([^,\s]+)`, "m")),

  fabricLoaderVersion: kind(
    "Fabric loader version",
    p("fabricloader@", raw`^${VANILLA_PREFIX}[\[(]FabricLoader[\])] Loading \d+ mods: (?:[\w-]+@\S+, )*fabricloader@([^\s,]+)`),
    p("with Fabric Loader ", raw`^${VANILLA_PREFIX}(?:\(FabricLoader\/GameProvider\) )?Loading Minecraft ${MC_VERSION} with Fabric Loader ([^\s,]+)`),
  ),
  fabricCrashReportLoaderVersion: kind("Fabric loader version", p("fabricloader: Fabric Loader ", raw`\t\tfabricloader: Fabric Loader (\S+)`)),
  quiltLoaderVersion: kind(
    "Quilt loader version",
    p("with Quilt Loader ", raw`^${VANILLA_PREFIX}Loading Minecraft ${MC_VERSION} with Quilt Loader (\d+(?:\.\d+)*(?:-beta\.\d+)?)`),
  ),
  forgeVersion: kind(
    "Forge version",
    p("MinecraftForge v", raw`MinecraftForge v(\d+(?:\.\d+)*) Initialized`),
    p("--fml.forgeVersion", raw`--fml\.forgeVersion, (\d+(?:\.\d+)*)`),
  ),
  forgeCrashReportVersion: kind(
    "Forge version",
    p("Powered by Forge", raw`FML: MCP \S+ Powered by Forge (\d+(?:\.\d+)*)`),
    p("Forge: net.minecraftforge:", raw`Forge: net\.minecraftforge:(\d+(?:\.\d+)*)`),
  ),
  mohistForgeVersion: kind("Forge version", p("MinecraftForge v", raw`MinecraftForge v(\d+(?:\.\d+)*) \`?Initialized`)),
  neoforgeVersion: kind(
    "NeoForge version",
    p("NeoForge mod loading, version", raw`NeoForge mod loading, version (\d+(?:\.\d+)*(?:-beta)?),`),
    p("--fml.neoForgeVersion", raw`--fml\.neoForgeVersion, (\d+(?:\.\d+)*(?:-beta)?)`),
    p("NeoForge: net.neoforged:", raw`\tNeoForge: net\.neoforged:(\d+(?:\.\d+)*(?:-beta)?)`),
    p("neoforge", raw`^\t\t[^|\n]*\|[^|\n]*\|neoforge +\|(\d+(?:\.\d+)*(?:-beta)?) *\|`, "m"),
  ),
  magmaVersion: kind("Magma version", p("This server is running Magma version", raw`This server is running Magma version (?:git-Magma-\S+?-)?([0-9a-f]+)\b`)),
  mohistVersion: kind(
    "Mohist version",
    p("Mohist", raw`This server is running ?Mohist ?version git-Mohist-[^-\s]+-(\w+)`),
    p("This server is running Mohist version", raw`This server is running Mohist version (\d+(?:\.\d+)*(?:-\d+)?) `),
  ),
  arclightVersion: kind(
    "Arclight version",
    p("This server is running Arclight version", raw`This server is running Arclight version arclight-[^-\s]+-[^-\s]+(?:-SNAPSHOT)?-([0-9a-f]+) `),
  ),
  pocketmineVersion: kind("Pocketmine version", p("PocketMine-MP version", raw`This server is running PocketMine-MP version (\d+(?:\.\d+)*)`)),
  pocketmineBedrockVersion: kind(
    "Bedrock version",
    p("Bedrock Edition server version v", raw`Starting Minecraft: Bedrock Edition server version v(\d+(?:\.\d+)*)`),
  ),
  bedrockVersion: kind("Bedrock version", p("Version ", raw`Version (\d+(?:\.\d+)*)`)),
  customSkinLoaderVersion: kind(
    "CustomSkinLoader version",
    p("CustomSkinLoader ", raw`^${CSL_PREFIX}CustomSkinLoader ([\w.]+(?:-SNAPSHOT(?:-\d+)?)?)$`, "m"),
  ),
  hytaleServerVersion: kind(
    "Hytale Version",
    p("Booting up HytaleServer", raw`^${HYTALE_SERVER_PREFIX}\s*\[HytaleServer\] Booting up HytaleServer - Version: ([^,\s]+), Revision: [0-9a-f]+`, "m"),
  ),
  hytaleClientVersion: kind(
    "Hytale Version",
    p("HytaleClient v", raw`^${HYTALE_CLIENT_PREFIX}\s*HytaleClient\.Application\.Program\|HytaleClient (v\S+)`, "m"),
  ),
} as const satisfies Record<string, InformationKind>;

export type InformationKindName = keyof typeof INFORMATION_KINDS;
