/**
 * The benchmark's body: a generated, realistic Forge 1.20.1 dedicated-server log of about 200 KB.
 * Corpus files may not be copied into the repository, so the log is built here from the shapes
 * a real one has: the ModLauncher/FML header, mod discovery and loading (with the usual mixin
 * and missing-mods.toml warnings), two exceptions with stack traces, world start-up, then the
 * steady state of a running server (joins, chat, "Can't keep up!", autosaves).
 *
 * Deterministic: the same seed gives the same bytes, so every run hashes and compresses the same
 * input. `variant` adds one line so that many distinct logs (distinct blobs) can be seeded for
 * the cold-read scenario.
 */

export interface ForgeLogOptions {
  /** Size to reach, in bytes (the log stops at the first line past it). Default 200 KiB. */
  targetBytes?: number;
  /** Seed of the pseudo-random choices. */
  seed?: number;
  /** A number written into the log, making its content (and its hash) distinct. */
  variant?: number;
}

const MODS = [
  ["jei", "15.2.0.27"], ["create", "0.5.1.f"], ["flywheel", "0.6.10-7"], ["ftbquests", "2001.3.1"],
  ["ftblibrary", "2001.1.4"], ["architectury", "9.1.12"], ["cloth_config", "11.1.106"],
  ["mekanism", "10.4.5.19"], ["mekanismgenerators", "10.4.5.19"], ["thermal", "11.0.0.21"],
  ["cofh_core", "11.0.2.56"], ["appliedenergistics2", "15.0.13"], ["curios", "5.4.2"],
  ["botania", "443"], ["patchouli", "81"], ["immersiveengineering", "10.0.0-169"],
  ["waystones", "14.0.2"], ["balm", "7.1.4"], ["storagedrawers", "12.0.3"], ["ironchest", "15.0.5"],
  ["tconstruct", "3.7.1.155"], ["mantle", "1.10.61"], ["kubejs", "2001.6.4-build.120"],
  ["rhino", "2001.2.2-build.18"], ["ae2wtlib", "15.2.3"], ["sophisticatedbackpacks", "3.19.5.989"],
  ["sophisticatedcore", "0.5.108.522"], ["farmersdelight", "1.2.3"], ["alexsmobs", "1.22.6"],
  ["citadel", "2.4.9"], ["ars_nouveau", "4.8.3"], ["geckolib", "4.2.4"], ["terrablender", "3.0.0.169"],
  ["biomesoplenty", "18.0.0.592"], ["spark", "1.10.53"], ["ferritecore", "6.0.1"],
  ["modernfix", "5.12.1+mc1.20.1"], ["embeddium", "0.2.13"], ["lootr", "0.7.29.68"], ["chunky", "1.3.92"],
] as const;

const PLAYERS = ["Steve_Builds", "alex_the_miner", "RedstoneRita", "CreeperKeeper", "xX_Enderman_Xx", "NotchFan2011", "BlockyMcBlockface", "diamond_dana"];
const CHAT = [
  "anyone got spare iron?", "who griefed the spawn farm", "brb", "the create mixer is stuck again",
  "tps feels low", "gg", "where is the nether portal", "lol", "can someone claim the chunk for me", "server restart soon?",
];

/** A small seeded PRNG (mulberry32): enough for picking lines, identical on every platform. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Forge's log4j pattern: `[21Nov2026 19:50:28.123] [thread/LEVEL] [logger/MARKER]: message`. */
function stamp(ms: number): string {
  const d = new Date(ms);
  return `[${pad(d.getUTCDate())}${MONTHS[d.getUTCMonth()]}${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}]`;
}

export function forgeServerLog(options: ForgeLogOptions = {}): string {
  const targetBytes = options.targetBytes ?? 200 * 1024;
  const random = seededRandom(options.seed ?? 20_261_121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  let clock = Date.UTC(2026, 10, 21, 18, 0, 0);
  const lines: string[] = [];
  let bytes = 0;
  const line = (thread: string, level: string, logger: string, message: string) => {
    clock += Math.floor(random() * 40);
    const text = `${stamp(clock)} [${thread}/${level}] [${logger}]: ${message}`;
    lines.push(text);
    bytes += text.length + 1;
  };
  const trace = (frames: string[]) => {
    for (const frame of frames) {
      lines.push(frame);
      bytes += frame.length + 1;
    }
  };

  header(line, options.variant);
  modLoading(line, trace, pick, random);
  worldStartUp(line, trace);
  while (bytes < targetBytes) steadyState(line, pick, random);
  return lines.join("\n") + "\n";
}

type Line = (thread: string, level: string, logger: string, message: string) => void;

function header(line: Line, variant: number | undefined): void {
  const launcher = "cpw.mods.modlauncher.Launcher/MODLAUNCHER";
  line("main", "INFO", launcher, "ModLauncher running: args [--launchTarget, forgeserver, --fml.forgeVersion, 47.2.0, --fml.mcVersion, 1.20.1, --fml.forgeGroup, net.minecraftforge, --fml.mcpVersion, 20230612.114412]");
  line("main", "INFO", launcher, "ModLauncher 10.0.9+10.0.9+main.dcd20f30 starting: java version 17.0.8.1 by Eclipse Adoptium; OS Linux arch amd64 version 6.1.0-13-amd64");
  if (variant !== undefined) line("main", "INFO", "net.minecraftforge.fml.loading.FMLLoader/CORE", `Server instance ${variant} (bench variant)`);
  line("main", "INFO", "net.minecraftforge.fml.loading.ImmediateWindowHandler/", "ImmediateWindowProvider not loading because launch target is forgeserver");
  line("main", "INFO", "mixin/", "SpongePowered MIXIN Subsystem Version=0.8.5 Source=union:/srv/minecraft/libraries/org/spongepowered/mixin/0.8.5/mixin-0.8.5.jar%2399!/ Service=ModLauncher Env=SERVER");
  line("main", "WARN", "net.minecraftforge.fml.loading.moddiscovery.ModFileParser/LOADING", "Mod file /srv/minecraft/libraries/net/minecraftforge/fmlcore/1.20.1-47.2.0/fmlcore-1.20.1-47.2.0.jar is missing mods.toml file");
  line("main", "WARN", "net.minecraftforge.fml.loading.moddiscovery.ModFileParser/LOADING", "Mod file /srv/minecraft/libraries/net/minecraftforge/javafmllanguage/1.20.1-47.2.0/javafmllanguage-1.20.1-47.2.0.jar is missing mods.toml file");
}

function modLoading(line: Line, trace: (frames: string[]) => void, pick: <T>(items: readonly T[]) => T, random: () => number): void {
  for (const [mod, version] of MODS) {
    line("main", "INFO", "net.minecraftforge.fml.loading.moddiscovery.ModDiscoverer/SCAN", `Found mod file ${mod}-${version}.jar of type MOD with provider {mods folder locator at /srv/minecraft/mods}`);
  }
  line("main", "INFO", "cpw.mods.modlauncher.LaunchServiceHandler/MODLAUNCHER", "Launching target 'forgeserver' with arguments [--gameDir, ., --nogui]");
  for (const [mod] of MODS) {
    if (random() < 0.3) line("main", "WARN", "mixin/", `Reference map '${mod}.refmap.json' for ${mod}.mixins.json could not be read. If this is a development environment you can ignore this message`);
    if (random() < 0.2) line("main", "WARN", "mixin/", `@Mixin target net.minecraft.world.level.block.${pick(["Block", "ChestBlock", "HopperBlock"])} was not found ${mod}.mixins.json:${pick(["BlockMixin", "ChestMixin", "HopperMixin"])}`);
  }
  line("modloading-worker-0", "INFO", "net.minecraftforge.common.ForgeMod/FORGEMOD", "Forge mod loading, version 47.2.0, for MC 1.20.1 with MCP 20230612.114412");
  line("modloading-worker-0", "INFO", "net.minecraftforge.common.MinecraftForge/FORGE", "MinecraftForge v47.2.0 Initialized");
  for (const [mod, version] of MODS) {
    line(`modloading-worker-${Math.floor(random() * 2)}`, "INFO", `${mod}/`, `Loading ${mod} version ${version}`);
    if (random() < 0.15) line("modloading-worker-0", "WARN", "net.minecraftforge.fml.ModLoadingContext/", `${mod} is using a deprecated registration method; this will be removed in a future version`);
  }
  // The first trace: a mod's config fails to parse at load time (logged, not fatal).
  line("modloading-worker-1", "ERROR", "net.minecraftforge.fml.config.ConfigFileTypeHandler/CONFIG", "Failed loading config file waystones-common.toml of type COMMON for modid waystones");
  trace([
    "com.electronwill.nightconfig.core.io.ParsingException: Invalid bare key: =",
    "\tat com.electronwill.nightconfig.toml.StringParser.parseBareKey(StringParser.java:137) ~[toml-3.6.4.jar%2395!/:?] {}",
    "\tat com.electronwill.nightconfig.toml.TableParser.parseDottedKey(TableParser.java:160) ~[toml-3.6.4.jar%2395!/:?] {}",
    "\tat com.electronwill.nightconfig.toml.TomlParser.parse(TomlParser.java:62) ~[toml-3.6.4.jar%2395!/:?] {}",
    "\tat net.minecraftforge.fml.config.ConfigFileTypeHandler.lambda$reader$1(ConfigFileTypeHandler.java:44) ~[fmlcore-1.20.1-47.2.0.jar%23155!/:?] {}",
    "\tat net.minecraftforge.fml.config.ConfigTracker.openConfig(ConfigTracker.java:60) ~[fmlcore-1.20.1-47.2.0.jar%23155!/:?] {}",
    "\tat java.util.ArrayList.forEach(ArrayList.java:1511) ~[?:?] {re:mixin}",
    "\tat net.minecraftforge.fml.ModLoader.lambda$dispatchAndHandleError$20(ModLoader.java:207) ~[fmlcore-1.20.1-47.2.0.jar%23155!/:?] {}",
    "\tat java.lang.Thread.run(Thread.java:833) [?:?] {}",
  ]);
}

function worldStartUp(line: Line, trace: (frames: string[]) => void): void {
  const server = "net.minecraft.server.dedicated.DedicatedServer/";
  line("Server thread", "INFO", server, "Starting minecraft server version 1.20.1");
  line("Server thread", "INFO", server, "Loading properties");
  line("Server thread", "INFO", server, "Default game type: SURVIVAL");
  line("Server thread", "INFO", server, "Starting Minecraft server on *:25565");
  line("Server thread", "INFO", "net.minecraft.server.network.ServerConnectionListener/", "Using epoll channel type");
  line("Server thread", "INFO", "net.minecraft.server.MinecraftServer/", "Preparing level \"world\"");
  for (let percent = 0; percent <= 100; percent += 4) {
    line("Server thread", "INFO", "net.minecraft.server.level.progress.LoggerChunkProgressListener/", `Preparing spawn area: ${percent}%`);
  }
  // The second trace: an event handler throws during world load (the kind of thing users paste).
  line("Server thread", "ERROR", "net.minecraftforge.eventbus.EventBus/EVENTBUS", "Exception caught during firing event: Cannot invoke \"net.minecraft.world.entity.Entity.m_9236_()\" because \"entity\" is null");
  trace([
    "\tIndex: 3",
    "\tListeners:",
    "\t\t0: NORMAL",
    "\t\t1: ASM: class com.simibubi.create.foundation.events.CommonEvents onLoadWorld(Lnet/minecraftforge/event/level/LevelEvent$Load;)V",
    "\t\t2: ASM: class dev.ftb.mods.ftbquests.FTBQuestsEventHandler onLevelLoad(Lnet/minecraftforge/event/level/LevelEvent$Load;)V",
    "java.lang.NullPointerException: Cannot invoke \"net.minecraft.world.entity.Entity.m_9236_()\" because \"entity\" is null",
    "\tat dev.ftb.mods.ftbquests.FTBQuestsEventHandler.onLevelLoad(FTBQuestsEventHandler.java:88)",
    "\tat net.minecraftforge.eventbus.ASMEventHandler_412_FTBQuestsEventHandler_onLevelLoad_Load.invoke(.dynamic)",
    "\tat net.minecraftforge.eventbus.ASMEventHandler.invoke(ASMEventHandler.java:73)",
    "\tat net.minecraftforge.eventbus.EventBus.post(EventBus.java:315)",
    "\tat net.minecraftforge.eventbus.EventBus.post(EventBus.java:296)",
    "\tat net.minecraft.server.MinecraftServer.m_129815_(MinecraftServer.java:359)",
    "\tat net.minecraft.server.MinecraftServer.m_130006_(MinecraftServer.java:314)",
    "\tat net.minecraft.server.dedicated.DedicatedServer.m_7038_(DedicatedServer.java:168)",
    "\tat net.minecraft.server.MinecraftServer.m_130011_(MinecraftServer.java:634)",
    "\tat java.lang.Thread.run(Thread.java:833)",
  ]);
  line("Server thread", "INFO", "net.minecraft.server.dedicated.DedicatedServer/", "Done (38.417s)! For help, type \"help\"");
  line("Server thread", "INFO", "net.minecraftforge.server.permission.PermissionAPI/", "Successfully initialized permission handler forge:default_handler");
}

function steadyState(line: Line, pick: <T>(items: readonly T[]) => T, random: () => number): void {
  const server = "net.minecraft.server.MinecraftServer/";
  const roll = random();
  const player = pick(PLAYERS);
  if (roll < 0.12) {
    line("User Authenticator #1", "INFO", "net.minecraft.server.network.ServerLoginPacketListenerImpl/", `UUID of player ${player} is ${uuid(random)}`);
    line("Server thread", "INFO", "net.minecraft.server.players.PlayerList/", `${player}[/10.0.${Math.floor(random() * 255)}.${Math.floor(random() * 255)}:${40_000 + Math.floor(random() * 20_000)}] logged in with entity id ${Math.floor(random() * 9000)} at (${coord(random)}, 64.0, ${coord(random)})`);
    line("Server thread", "INFO", server, `${player} joined the game`);
  } else if (roll < 0.22) {
    line("Server thread", "INFO", server, `${player} left the game`);
  } else if (roll < 0.55) {
    line("Server thread", "INFO", server, `<${player}> ${pick(CHAT)}`);
  } else if (roll < 0.68) {
    const ms = 2000 + Math.floor(random() * 8000);
    line("Server thread", "WARN", server, `Can't keep up! Is the server overloaded? Running ${ms}ms or ${Math.floor(ms / 50)} ticks behind`);
  } else if (roll < 0.76) {
    line("Server thread", "WARN", "net.minecraft.server.network.ServerGamePacketListenerImpl/", `${player} moved too quickly! ${(random() * 20).toFixed(6)},${(random() * 5).toFixed(6)},${(random() * 20).toFixed(6)}`);
  } else if (roll < 0.84) {
    line("Server thread", "INFO", server, "Saving the game (this may take a moment!)");
    line("Server thread", "INFO", server, "Saving chunks for level 'ServerLevel[world]'/minecraft:overworld");
    line("Server thread", "INFO", server, "Saving chunks for level 'ServerLevel[world]'/minecraft:the_nether");
    line("Server thread", "INFO", server, "ThreadedAnvilChunkStorage (world): All chunks are saved");
  } else if (roll < 0.92) {
    line("Server thread", "INFO", server, `${player} has made the advancement [${pick(["Stone Age", "Acquire Hardware", "Getting an Upgrade", "We Need to Go Deeper", "Diamonds!"])}]`);
  } else {
    line("Server thread", "WARN", "com.simibubi.create.Create/", `Contraption at ${coord(random)}, ${Math.floor(random() * 120)}, ${coord(random)} stalled: kinetic network overstressed (${Math.floor(random() * 4096)} su)`);
  }
}

function coord(random: () => number): string {
  return (random() * 4000 - 2000).toFixed(1);
}

function uuid(random: () => number): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join("");
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}
