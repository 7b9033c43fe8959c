/**
 * What a log says about itself beyond its line format: the loader or hybrid it runs (launch
 * arguments, banners, crash-report details), whether a game client or a server wrote it, and
 * the Minecraft version it names. Detection refines its generic answers with it (a Vanilla or
 * unknown log, a Forge log typed by line ratio), and it decides which loader rules run whatever
 * the log type.
 *
 * Every fact is a literal `hint` (one substring search) and, where the hint alone is not enough,
 * a pattern tested on the line that holds it. Facts are read lazily and once. On a long log only
 * its head and tail are read: banners and launch arguments come first, crash reports last.
 */
import { HintLookup } from "./detectors.ts";
import { MC_VERSION } from "./fragments.ts";
import { logLiterals } from "./literal-index.ts";

export type Side = "client" | "server";
/** Software a log can state beyond Vanilla, as `LogType.name` spells it; `Bukkit` is only ever shown. */
export type StatedSoftware = "Mohist" | "Arclight" | "Magma" | "NeoForge" | "Forge" | "Quilt" | "Fabric" | "Purpur" | "Paper" | "Bukkit";

interface Fact {
  hint: string;
  /** Tested on the line holding the hint; without it the hint alone is the fact. */
  pattern?: RegExp;
}

interface SoftwareFacts {
  software: StatedSoftware;
  /** Substrings of every fact below: when none occurs, the software's facts are not searched. */
  gate: readonly string[];
  /** The log states it: a banner, a launch argument, a crash-report detail. */
  stated: readonly Fact[];
  /** The log shows its code at work (stack frames, logger names), which is enough to run its rules. */
  shown: readonly Fact[];
}

const fact = (hint: string, pattern?: RegExp): Fact => ({ hint, pattern });
const brand = (name: string) => fact(`brand changed to '`, new RegExp(`brand changed to '(?:[\\w-]+,)*${name}'`, "i"));
const launchTarget = (side: "client" | "server") => [
  fact("--launchTarget", new RegExp(`--launchTarget,? (?:fml|forge_?|neoforge)${side}\\b`)),
  fact("Launching target '", new RegExp(`Launching target '(?:fml|forge_?|neoforge)${side}'`)),
  fact("launch target: ", new RegExp(`launch target: (?:fml|forge_?|neoforge)${side}\\b`)),
];

/** In the order they are tried: hybrids name Forge too, NeoForge names Forge's packages, Quilt runs Fabric mods. */
const SOFTWARE_FACTS: readonly SoftwareFacts[] = [
  {
    software: "Mohist",
    gate: ["ohist"],
    stated: [fact("Mohist Crash Report"), fact("Mohist version"), fact("running Mohist"), fact("MohistCorePlugin"), fact("com.mohistmc"), brand("mohist")],
    shown: [],
  },
  {
    software: "Arclight",
    gate: ["rclight"],
    stated: [fact("Arclight version"), fact("io.izzel.arclight"), fact("mixin added."), brand("arclight")],
    shown: [],
  },
  {
    software: "Magma",
    gate: ["agma"],
    stated: [fact("Magma version"), fact("org.magmafoundation"), brand("magma")],
    shown: [],
  },
  {
    software: "NeoForge",
    gate: ["eoForge", "neoforge", "FancyModLoader"],
    stated: [
      fact("--fml.neoForgeVersion"),
      fact("NeoForge mod loading"),
      fact("NeoForge: net.neoforged:"),
      fact("Starting FancyModLoader"),
      fact("Launched Version: ", /^\s*Launched Version: neoforge-/),
      fact("--version", /--version,? neoforge-/),
      // A launcher's library list: `.../libraries/net/neoforged/neoforge/21.1.77/...`.
      fact("/net/neoforged/neoforge/"),
      brand("neoforge"),
    ],
    shown: [fact("net.neoforged.")],
  },
  {
    software: "Forge",
    gate: ["orge", "FML", "ModLauncher", "Requested by: '"],
    stated: [
      fact("--fml.forgeVersion"),
      fact("Forge Mod Loader version"),
      fact("MinecraftForge v"),
      fact("Powered by Forge"),
      fact("Forge: net.minecraftforge:"),
      fact("Launched Version: ", /^\s*Launched Version: [\w.]*-forge/i),
      fact("--version", /--version,? (?:[\w.]+-)?forge-/i),
      fact("FML: ", /^\s*FML: (?:MCP|v?\d)/),
      fact("FML Loader: "),
      // NeoForge's ModLauncher logs state NeoForge too, and are tried first.
      fact("ModLauncher", /ModLauncher(?: running:|: \d)/),
      ...launchTarget("client"),
      ...launchTarget("server"),
      // Launchers' library lists and launch lines (1.12 and before: the FML tweaker).
      fact("/net/minecraftforge/forge/"),
      fact("FMLTweaker"),
      brand("forge"),
    ],
    // FML's dependency lines (1.13+, NeoForge too) name no loader: `Mod ID: 'x', Requested by: 'y'`.
    shown: [fact("net.minecraftforge."), fact("cpw.mods."), fact("[FML]"), fact("Requested by: '", /Mod ID: '[^'\n]{1,100}', Requested by: '/)],
  },
  {
    software: "Quilt",
    gate: ["Quilt", "quilt"],
    stated: [fact("with Quilt Loader"), fact("quilt-loader-"), fact("Quilt Mods:"), brand("quilt")],
    shown: [fact("org.quiltmc.")],
  },
  {
    software: "Fabric",
    gate: ["abric", "Loading for game Minecraft"],
    stated: [
      fact("with Fabric Loader"),
      fact("Loading for game Minecraft"),
      fact("FabricLoader", /[[(]FabricLoader[\])] Loading \d+ mods/),
      fact("fabric-loader-"),
      fact("Fabric Mods:"),
      fact("fabricloader: Fabric Loader"),
      brand("fabric"),
    ],
    shown: [fact("net.fabricmc.")],
  },
  {
    // Paper's watchdog banner and its Java check name it when the start-up banner is not in the paste.
    software: "Purpur",
    gate: ["Purpur"],
    stated: [fact("git-Purpur-"), fact("running Purpur version")],
    shown: [],
  },
  {
    software: "Paper",
    gate: ["Paper", "papermc"],
    stated: [fact("git-Paper-"), fact("running Paper version"), fact("docs.papermc.io"), fact("Paperclip")],
    shown: [],
  },
  {
    // A Bukkit-family server whose banner is not in the paste; its plugin rules still apply.
    software: "Bukkit",
    gate: ["org.bukkit."],
    stated: [],
    shown: [fact("org.bukkit.")],
  },
];

/** Facts found through a shorter word they share: when no gate word occurs, none of them is searched. */
interface GatedFacts {
  gate: readonly string[];
  facts: readonly Fact[];
}

/** What only a dedicated server prints: a client never does, so these settle the side at once. */
const SERVER_FACTS: readonly GatedFacts[] = [
  { gate: ["Starting minecraft server version"], facts: [fact("Starting minecraft server version")] },
  { gate: ["Dedicated Server"], facts: [fact("Dedicated Server")] },
  // Game-server panels print their own lines around the server's console.
  { gate: ["pterodactyl"], facts: [fact("container@pterodactyl")] },
  {
    gate: ["erver"],
    facts: [
      fact("KnotServer"),
      fact("{net.minecraft.server"),
      fact("Starting Minecraft server on"),
      ...launchTarget("server"),
      // The game's own jar in Forge's stack frames: `~[server-1.20.1-20230612.114412-srg.jar%23283!/:?]`.
      fact("server-", /\[server-\d[\w.-]{0,60}-srg\.jar/),
    ],
  },
  { gate: ["SERVER"], facts: [fact("Env=SERVER"), fact("FancyModLoader", /FancyModLoader version \S+ \((?:DEDICATED_)?SERVER/)] },
];
const CLIENT_FACTS: readonly GatedFacts[] = [
  { gate: ["Setting user: "], facts: [fact("Setting user: ")] },
  { gate: ["Render thread"], facts: [fact("Render thread")] },
  { gate: ["Client thread"], facts: [fact("Client thread")] },
  { gate: ["LWJGL"], facts: [fact("LWJGL")] },
  {
    gate: ["lient"],
    facts: [
      fact("Client brand changed to"),
      fact("Type: Client"),
      fact("KnotClient"),
      fact("{net.minecraft.client"),
      ...launchTarget("client"),
      // The game's client jar in stack frames: Forge's `client-1.20.1-20230612.114412-srg.jar`, Fabric's `client-intermediary.jar`.
      fact("client-", /\[client-(?:\d[\w.-]{0,60}-srg|intermediary)\.jar/),
    ],
  },
  { gate: ["CLIENT"], facts: [fact("Env=CLIENT"), fact("FancyModLoader", /FancyModLoader version \S+ \(CLIENT/)] },
  { gate: ["OpenAL initialized"], facts: [fact("OpenAL initialized")] },
  { gate: ["Launched Version: "], facts: [fact("Launched Version: ")] },
  // A launcher's preamble and the client's own launch arguments.
  {
    gate: ["MultiMC version", "Prism Launcher version", "--assetsDir", "--username"],
    facts: [fact("MultiMC version"), fact("Prism Launcher version"), fact("--assetsDir"), fact("--username")],
  },
  { gate: ["Type: Integrated Server"], facts: [fact("Type: Integrated Server")] },
];
/** Also printed by a client's integrated server: they only count when nothing else says. */
const WEAK_SERVER_FACTS: readonly GatedFacts[] = [{ gate: ["Server"], facts: [fact("Server thread"), fact("Server brand changed to")] }];

/** Statements of the Minecraft version, most specific first; group 1 is the version. */
const VERSION_FACTS: readonly Fact[] = [
  fact("--fml.mcVersion", new RegExp(`--fml\\.mcVersion,? (${MC_VERSION})`)),
  fact("Minecraft Version: ", new RegExp(`^\\s*Minecraft Version: (${MC_VERSION})\\s*$`)),
  fact("with Fabric Loader", new RegExp(`Loading Minecraft (${MC_VERSION}) with Fabric Loader`)),
  fact("with Quilt Loader", new RegExp(`Loading Minecraft (${MC_VERSION}) with Quilt Loader`)),
  fact("Loading for game Minecraft ", new RegExp(`Loading for game Minecraft (${MC_VERSION})`)),
  fact("minecraft server version ", new RegExp(`Starting (?:integrated )?minecraft server version (${MC_VERSION})`)),
  fact(" for Minecraft ", new RegExp(`Forge Mod Loader version \\S+ for Minecraft (${MC_VERSION})`)),
  fact(", for MC ", new RegExp(`mod loading, version \\S+, for MC (${MC_VERSION})`)),
  fact("MC Version: '", new RegExp(`MC Version: '(${MC_VERSION})'`)),
  fact("Launched Version: ", /^\s*Launched Version: (?:(?:fabric|quilt)-loader-[\d.]+(?:[-+][\w.]+?)?-)?(\d+\.\d+(?:\.\d+)?)(?:-|\s*$)/),
  fact("--version", /--version,? (\d+\.\d+(?:\.\d+)?)(?:-forge|,|\]| |$)/),
  fact("--version", new RegExp(`--version,? (?:fabric|quilt)-loader-[\\d.]+-(${MC_VERSION})(?:,|\\]| |$)`)),
  // Paper's banners (`git-Paper-196 (MC: 1.20.1)`) and the server jar unpacking its version.
  fact("(MC: ", new RegExp(`\\(MC: (${MC_VERSION})\\)`)),
  // Every Bukkit server's banner ends so; Paper's since 1.20.5 (`Paper version 1.21.1-119-master@...`)
  // has no `(MC: ...)` any more.
  fact("Implementing API version ", new RegExp(`Implementing API version (${MC_VERSION})-R\\d`)),
  fact("(versions:", new RegExp(`\\(versions:(${MC_VERSION})\\)`)),
  // A server's start command or a launcher's library list: `libraries/net/minecraftforge/forge/1.20.1-47.2.20/`.
  fact("/net/minecraftforge/forge/", new RegExp(`/net/minecraftforge/forge/(${MC_VERSION})-`)),
  // Launchers' own lines: `[TLauncher] Starting Minecraft 1.20.1`.
  fact("Starting Minecraft ", new RegExp(`Starting Minecraft (${MC_VERSION})\\b`)),
  fact("- minecraft ", new RegExp(`^\\s*- minecraft (${MC_VERSION})\\s*$`)),
  fact("minecraft: Minecraft ", new RegExp(`^\\s*minecraft: Minecraft (${MC_VERSION})\\s*$`)),
];

// In an analysis the facts' hints are found by the log's one literal scan (literal-index.ts), as
// detection's are: without it, each was a search of the whole text, and a text given as a string
// was first copied into bytes for them. The gates' short words (`erver`, `orge`) are not
// registered: they occur on most lines of most logs, and their occurrences alone (45,000 over
// the corpus) cost the scan more than the searches they spared (see `someHolds`).
for (const hint of [
  ...SOFTWARE_FACTS.flatMap((s) => [...s.stated.map((f) => f.hint), ...s.shown.map((f) => f.hint)]),
  ...[...SERVER_FACTS, ...CLIENT_FACTS, ...WEAK_SERVER_FACTS].flatMap((group) => group.facts.map((f) => f.hint)),
  ...VERSION_FACTS.map((f) => f.hint),
]) {
  logLiterals.textLiteralOf(hint);
}

/** Texts longer than this are read only at both ends. */
const WHOLE_TEXT_LIMIT = 256 * 1024;
const END_LENGTH = 96 * 1024;

export class LogEvidence {
  private readonly text: string;
  private readonly hints: HintLookup;
  private softwareFound: { stated: StatedSoftware | null } | null = null;
  private sideFound: { side: Side | null } | null = null;
  private versionFound: { version: VersionStatement | null } | null = null;
  private readonly shownCache = new Map<StatedSoftware, boolean>();

  /** `hints` may be detection's lookup over the same text, so searches already made are reused. */
  constructor(text: string, hints?: HintLookup) {
    if (text.length > WHOLE_TEXT_LIMIT) {
      this.text = `${text.slice(0, END_LENGTH)}\n${text.slice(-END_LENGTH)}`;
      this.hints = new HintLookup(this.text);
    } else {
      this.text = text;
      this.hints = hints ?? new HintLookup(text);
    }
  }

  /** The loader or hybrid the log states plainly, hybrids first; null for none. */
  get software(): StatedSoftware | null {
    this.softwareFound ??= { stated: this.statedAmong(SOFTWARE_FACTS) };
    return this.softwareFound.stated;
  }

  /** The first of `candidates` the log states (NeoForge or a hybrid in a Forge-format log...), or null. */
  statedOneOf(candidates: readonly StatedSoftware[]): StatedSoftware | null {
    if (this.softwareFound) return candidates.includes(this.software!) ? this.software : null;
    return this.statedAmong(SOFTWARE_FACTS.filter((s) => candidates.includes(s.software)));
  }

  private statedAmong(candidates: readonly SoftwareFacts[]): StatedSoftware | null {
    return candidates.find((s) => this.someHolds(s, s.stated))?.software ?? null;
  }

  /** Whether the log states the software or shows its code at work. */
  shows(software: StatedSoftware): boolean {
    let shown = this.shownCache.get(software);
    if (shown === undefined) {
      const facts = SOFTWARE_FACTS.find((s) => s.software === software)!;
      shown = this.someHolds(facts, facts.stated) || this.someHolds(facts, facts.shown);
      this.shownCache.set(software, shown);
    }
    return shown;
  }

  /** Client or server, from what only one of them prints; null when the log does not say. */
  get side(): Side | null {
    this.sideFound ??= {
      side: this.anyHolds(SERVER_FACTS) ? "server" : this.anyHolds(CLIENT_FACTS) ? "client" : this.anyHolds(WEAK_SERVER_FACTS) ? "server" : null,
    };
    return this.sideFound.side;
  }

  /** The first statement of the Minecraft version, in the order of VERSION_FACTS. */
  get minecraftVersion(): VersionStatement | null {
    if (!this.versionFound) {
      let version: VersionStatement | null = null;
      for (const f of VERSION_FACTS) {
        version = this.firstCapture(f);
        if (version) break;
      }
      this.versionFound = { version };
    }
    return this.versionFound.version;
  }

  /**
   * Whether a gate word occurs and one of the facts holds. Searched one by one, the gate goes
   * first: when none of its words occurs, no fact is searched. From the literal index, each hint
   * is known at once, and the gate is only searched for a hint that occurs without containing a
   * gate word (a launch argument such as `--launchTarget fmlclient`): most logs never need it.
   * The gate still comes before a fact's pattern, which may run on many lines.
   */
  private someHolds(group: { gate: readonly string[] }, facts: readonly Fact[]): boolean {
    if (!this.hints.indexed) return this.gateOpen(group) && facts.some((f) => this.holds(f));
    return facts.some(
      (f) => this.hints.has(f.hint) && (group.gate.some((g) => f.hint.includes(g)) || this.gateOpen(group)) && this.patternHolds(f),
    );
  }

  private gateOpen(group: { gate: readonly string[] }): boolean {
    return group.gate.some((g) => this.hints.has(g));
  }

  private anyHolds(groups: readonly GatedFacts[]): boolean {
    return groups.some((group) => this.someHolds(group, group.facts));
  }

  private holds(f: Fact): boolean {
    return this.hints.has(f.hint) && this.patternHolds(f);
  }

  /** Whether a line holding the fact's hint matches its pattern (a fact without one: its hint occurs). */
  private patternHolds(f: Fact): boolean {
    return f.pattern === undefined || this.firstCapture(f) !== null;
  }

  /** The first line holding the fact, with the pattern's first group (or the hint). */
  private firstCapture(f: Fact): VersionStatement | null {
    let from = 0;
    for (let nth = 0; ; nth++) {
      const at = this.hints.occurrence(f.hint, nth);
      if (at < 0) return null;
      // Further occurrences on a line already tested.
      if (at < from) continue;
      const start = this.text.lastIndexOf("\n", at) + 1;
      let end = this.text.indexOf("\n", at);
      if (end < 0) end = this.text.length;
      const line = this.text.slice(start, end);
      if (!f.pattern) return { value: f.hint, line };
      const match = f.pattern.exec(line);
      if (match) return { value: match[1] ?? match[0], line };
      from = end + 1;
    }
  }
}

export interface VersionStatement {
  value: string;
  /** The line that states it. */
  line: string;
}
