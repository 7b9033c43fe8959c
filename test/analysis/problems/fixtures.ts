/**
 * One short synthetic log per problem rule: the rule must fire on it and quote `entities`
 * in its message. Written for these tests (not taken from the reference corpus).
 */
import type { RuleGroup } from "../../../src/analysis/model.ts";

export interface RuleFixture {
  code: string;
  groups: RuleGroup[];
  log: string;
  /** Names that must appear 'single-quoted' in the message. */
  entities: string[];
  /** Crash reports are one line per entry. */
  report?: boolean;
  /** The side the log's type would give (a few rules ask). */
  side?: "client" | "server";
}

const T = "[10:00:00]";

export const ruleFixtures: RuleFixture[] = [
  // vanilla
  {
    code: "aquatic-world-on-older-version",
    groups: ["vanilla"],
    log: `${T} [Server thread/ERROR]: Encountered an unexpected exception\njava.lang.IllegalArgumentException: ChunkNibbleArrays should be 2048 bytes not: 0\n\tat abc.a(SourceFile:1)`,
    entities: [],
  },
  {
    code: "ticking-entity",
    groups: ["vanilla"],
    log: `${T} [Server thread/ERROR]: Encountered an unexpected exception\nnet.minecraft.class_148: Ticking entity\n\tat net.minecraft.server.MinecraftServer.method_3813(MinecraftServer.java:1741) ~[server-intermediary.jar:?]\nCaused by: java.lang.NullPointerException: boom\n\tat com.example.golems.CopperGolemEntity.method_5773(CopperGolemEntity.java:401) ~[golems-3.0.5.jar:?]`,
    entities: ["CopperGolemEntity"],
  },
  {
    code: "auth-servers-unreachable",
    groups: ["vanilla"],
    log: `${T} [Key Fetcher/ERROR]: Failed to request key\ncom.mojang.authlib.exceptions.MinecraftClientException: Failed to read from https://api.minecraftservices.com/publickeys due to Connection timed out`,
    entities: [],
  },
  {
    code: "code-of-conduct-folder-missing",
    groups: ["vanilla"],
    log: `${T} [ServerMain/ERROR]: Failed to start the minecraft server\njava.lang.IllegalArgumentException: Code of Conduct folder does not exist: rules-folder`,
    entities: ["rules-folder"],
  },
  {
    code: "datapack-parse-failed",
    groups: ["vanilla"],
    log: `${T} [Worker/ERROR]: Couldn't load data\njava.lang.IllegalStateException: Failed to parse recipes/x.json from pack file/ocean-pack.zip`,
    entities: ["ocean-pack.zip"],
  },
  {
    code: "datapack-other-game-version",
    groups: ["vanilla"],
    log: `${T} [Worker-Main-1/ERROR]: Failed to load data\njava.lang.IllegalStateException: Failed to parse terralith:worldgen/configured_feature/patch.json from pack file/Terralith_1.20.zip\n\tat net.minecraft.class_6903.method_40412(class_6903.java:93)\nCaused by: java.lang.IllegalStateException: Unknown registry key in ResourceKey[minecraft:root / minecraft:block]: minecraft:grass`,
    entities: ["Terralith_1.20.zip", "minecraft:grass"],
  },
  {
    code: "malformed-encoding-motd",
    groups: ["vanilla"],
    log: `${T} [main/FATAL]: Failed to start the minecraft server\njava.lang.IllegalArgumentException: Malformed \\uxxxx encoding.`,
    entities: [],
  },
  { code: "old-player-directory", groups: ["vanilla"], log: `${T} [Server thread/WARN]: **** DETECTED OLD PLAYER DIRECTORY IN THE WORLD SAVE`, entities: [] },
  {
    code: "overworld-settings-missing",
    groups: ["vanilla"],
    log: `${T} [main/WARN]: Failed to load datapacks\njava.util.concurrent.ExecutionException: java.lang.IllegalStateException: Overworld settings missing`,
    entities: [],
  },
  {
    code: "ticking-block-entity",
    groups: ["vanilla"],
    log: `${T} [Server thread/ERROR]: Encountered an unexpected exception\nnet.minecraft.util.ReportedException: Ticking block entity\n\tat x.y(Z.java:1)`,
    entities: [],
  },
  // crash reports
  {
    code: "crash-ticking-entity",
    groups: ["crash-report"],
    report: true,
    log: [
      "---- Minecraft Crash Report ----",
      "Description: Ticking entity",
      "",
      "java.lang.NullPointerException: boom",
      "-- Entity being ticked --",
      "Details:",
      "\tEntity Type: minecraft:zombie (net.minecraft.Zombie)",
      "\tEntity Name: Zed",
      "\tEntity's Exact location: 10.50, 64.00, -3.25",
      "-- Affected level --",
      "Details:",
      "\tLevel name: survival",
      "\tLevel dimension: minecraft:overworld",
    ].join("\n"),
    entities: ["Zed"],
  },
  {
    code: "crash-ticking-block-entity",
    groups: ["crash-report"],
    report: true,
    log: [
      "---- Minecraft Crash Report ----",
      "Description: Ticking block entity",
      "",
      "java.lang.IllegalStateException: bad state",
      "-- Block entity being ticked --",
      "Details:",
      "\tName: create:belt // com.simibubi.Belt",
      "\tBlock: Block{create:belt}[facing=north]",
      "\tBlock location: World: (1,2,3), Section: (at 1,2,3 in 0,0,0)",
    ].join("\n"),
    entities: ["create:belt"],
  },
  // bukkit
  {
    code: "plugin-missing-dependency",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: Could not load 'plugins/ShopGUI.jar' in folder 'plugins'\norg.bukkit.plugin.UnknownDependencyException: Unknown dependency Vault. Please download and install Vault to run this plugin.`,
    entities: ["ShopGUI", "Vault"],
  },
  {
    code: "plugin-ambiguous-name",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: Ambiguous plugin name 'Essentials' for files 'plugins/EssentialsX-2.20.jar' and 'plugins/EssentialsX-2.19.jar' in 'plugins'`,
    entities: ["Essentials", "EssentialsX-2.20.jar", "EssentialsX-2.19.jar"],
  },
  {
    code: "plugin-load-error",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: Could not load 'plugins/BrokenThing.jar' in folder 'plugins'\norg.bukkit.plugin.InvalidDescriptionException: Invalid plugin.yml`,
    entities: ["BrokenThing"],
  },
  {
    code: "jar-not-a-plugin",
    groups: ["bukkit"],
    log: `${T} [ServerMain/ERROR]: [DirectoryProviderSource] Error loading plugin: Directory 'plugins/sodium-fabric-0.5.8.jar' does not contain a paper-plugin.yml or plugin.yml! Could not determine plugin type, cannot load a plugin from it!`,
    entities: ["sodium-fabric-0.5.8.jar"],
  },
  {
    code: "plugin-enable-error",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: Error occurred while enabling Multiverse-Core v4.3.1 (Is it up to date?)\njava.lang.NullPointerException`,
    entities: ["Multiverse-Core"],
  },
  {
    code: "plugin-runtime-error",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: Could not pass event PlayerJoinEvent to TabList v1.0\njava.lang.NullPointerException`,
    entities: ["TabList"],
  },
  {
    code: "plugin-disable-error",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: Error occurred while disabling Holograms v2.0 (Is it up to date?)\njava.lang.IllegalStateException`,
    entities: ["Holograms"],
  },
  {
    code: "plugin-command-exception",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: null\norg.bukkit.command.CommandException: Cannot execute command 'warp' in plugin Warps v1.2\n\tat org.bukkit.command.PluginCommand.execute(PluginCommand.java:1)`,
    entities: ["warp", "Warps"],
  },
  {
    code: "chunk-load-exception",
    groups: ["bukkit"],
    log: `${T} [Server thread/INFO]: Preparing level "lobby"\n${T} [Server thread/ERROR]: Couldn't load chunk\nnet.minecraft.server.ReportedException: Loading NBT data`,
    entities: ["lobby"],
  },
  {
    code: "world-duplicate-uid",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: World skyblock is a duplicate of another world and has been prevented from loading. Please delete the uid.dat file from skyblock's world directory if you want to be able to load the duplicate world.`,
    entities: ["skyblock"],
  },
  {
    code: "authme-shutdown",
    groups: ["bukkit"],
    log: `${T} [Server thread/WARN]: [AuthMe] THE SERVER IS GOING TO SHUT DOWN AS DEFINED IN THE CONFIGURATION!`,
    entities: ["AuthMe"],
  },
  {
    code: "permissionsex-config-invalid",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: [PermissionsEx] Unable to load\nYour configuration must be fixed before PEX will enable`,
    entities: ["PermissionsEx"],
  },
  {
    code: "multiverse-world-corrupt",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: [Multiverse-Core] The world 'nether_old' could NOT be loaded because it contains errors and is probably corrupt!`,
    entities: ["nether_old"],
  },
  {
    code: "plugin-missing-dependencies",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: Could not load 'plugins/quests-3.0.jar' in folder 'plugins'\norg.bukkit.plugin.UnknownDependencyException: Unknown/missing dependency plugins: [Citizens, Vault]. Please download and install these plugins to run 'Quests'.`,
    entities: ["Quests", "Citizens", "Vault"],
  },
  {
    code: "plugin-unsupported-api-version",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: Could not load plugin 'future-plugin.jar' in folder 'plugins'\norg.bukkit.plugin.InvalidPluginException: Unsupported API version 1.30`,
    entities: ["future-plugin", "1.30"],
  },
  {
    code: "plugin-java-too-old",
    groups: ["bukkit"],
    log: `${T} [Server thread/ERROR]: Could not load 'plugins/NewThing.jar' in folder 'plugins'\norg.bukkit.plugin.InvalidPluginException: java.lang.UnsupportedClassVersionError: a/b/C has been compiled by a more recent version of the Java Runtime (class file version 65.0), this version only recognizes up to 61.0`,
    entities: ["NewThing"],
  },
  // paper, folia
  {
    code: "chunk-newer-version-downgrade",
    groups: ["paper"],
    log: `${T} [Chunk Task/WARN]: java.lang.RuntimeException: Server attempted to load chunk saved with newer version of minecraft! 3700 > 3465`,
    entities: [],
  },
  {
    code: "plugin-api-version-below-minimum",
    groups: ["paper"],
    log: `${T} [Server thread/ERROR]: Could not load plugin 'old-plugin.jar' in folder 'plugins'\norg.bukkit.plugin.InvalidPluginException: Plugin API version 1.12 is lower than the minimum allowed version. Please update or replace it.`,
    entities: ["old-plugin", "1.12"],
  },
  {
    code: "folia-plugin-not-regionised",
    groups: ["folia"],
    log: `${T} [Server thread/ERROR]: Could not load plugin 'chat-1.0.jar' in folder 'plugins'\norg.bukkit.plugin.InvalidPluginException: Plugin ChatPlus v1.0 is not marked as supporting regionised multithreading`,
    entities: ["ChatPlus"],
  },
  // fabric
  {
    code: "fabric-mod-dependency",
    groups: ["fabric"],
    log: `${T} [main/ERROR]: Incompatible mods found!\nnet.fabricmc.loader.impl.FormattedException: Some of your mods are incompatible\n\t - Mod 'Cool Mod' (coolmod) 1.0 requires any version of mod 'Cloth Config API' (cloth-config), which is missing!`,
    entities: ["Cool Mod", "Cloth Config API"],
  },
  {
    code: "fabric-mod-wrong-minecraft",
    groups: ["fabric"],
    log: `${T} [main/ERROR]: Incompatible mods found!\n\t - Mod 'Cool Mod' (coolmod) 1.0 requires version 1.21 of 'Minecraft' (minecraft), but only the wrong version is present: 1.20.1!`,
    entities: ["Cool Mod"],
  },
  {
    code: "mixin-failed",
    groups: ["jvm"],
    log: `${T} [main/ERROR]: Failed to start the minecraft server\njava.lang.RuntimeException: Mixin transformation failed\nCaused by: org.spongepowered.asm.mixin.transformer.throwables.MixinTransformerError: An unexpected critical error was encountered\n\tat a.b(C.java:1)\nCaused by: org.spongepowered.asm.mixin.injection.throwables.InjectionError: Critical injection failure: x in coolmod.mixins.json:Foo from mod coolmod failed`,
    entities: ["coolmod"],
  },
  {
    code: "fabric-incompatible-mods",
    groups: ["fabric"],
    log: `${T} [main/ERROR]: Incompatible mod set!\n\t - Mod 'Sodium' (sodium) 0.5 is incompatible with any version of mod 'OptiFabric' (optifabric), but a matching version is present: 1.0!`,
    entities: ["Sodium", "OptiFabric"],
  },
  {
    code: "fabric-duplicate-mod",
    groups: ["fabric"],
    log: `${T} [main/FATAL]: A critical error occurred\nnet.fabricmc.loader.discovery.ModResolutionException: Duplicate versions for mod ID 'lithium': [0.6 at /srv/mods/lithium-0.6.jar, 0.7 at /srv/mods/lithium-0.7.jar]`,
    entities: ["lithium"],
  },
  {
    code: "fabric-entrypoint-error",
    groups: ["fabric"],
    log: `${T} [main/ERROR]: Failed to start the minecraft server\njava.lang.RuntimeException: Could not execute entrypoint stage 'main' due to errors, provided by 'brokenmod'!`,
    entities: ["brokenmod"],
  },
  // forge
  { code: "forge-fml-confirm", groups: ["forge"], log: `${T} [Server thread/INFO]: Run the command /fml confirm or or /fml cancel to proceed.`, entities: [] },
  {
    code: "forge-world-missing-mod",
    groups: ["forge"],
    log: `${T} [Server thread/ERROR] [FML]: This world was saved with mod ironchests which appears to be missing, things may not work well`,
    entities: ["ironchests"],
  },
  {
    code: "forge-world-mod-version",
    groups: ["forge"],
    log: `${T} [Server thread/INFO] [FML]: This world was saved with mod jei version 4.1 and it is now at version 4.0, things may not work well`,
    entities: ["jei"],
  },
  {
    code: "forge-mod-dependency",
    groups: ["forge"],
    log: `${T} [Server thread/FATAL] [FML]: net.minecraftforge.fml.common.MissingModsException: Mod tinkers (Tinkers' Construct) requires [mantle@[1.3.0,)]`,
    entities: ["Tinkers' Construct", "mantle"],
  },
  {
    code: "forge-duplicate-mod",
    groups: ["forge"],
    log: `${T} [main/ERROR]: Found duplicate mods:\n\tMod ID: 'oculus' from mod files: oculus-1.6.jar, oculus-1.7.jar`,
    entities: ["oculus", "oculus-1.6.jar", "oculus-1.7.jar"],
  },
  {
    code: "forge-mod-fatal",
    groups: ["forge"],
    log: `${T} [main/ERROR]: Failed to start the minecraft server\nnet.minecraftforge.fml.LoadingFailedException: Loading errors encountered: [\n\tClient Only Mod (clientonly) has failed to load correctly\n]`,
    entities: ["Client Only Mod"],
  },
  {
    code: "forge-mod-exception",
    groups: ["forge"],
    log: `${T} [Server thread/ERROR] [FML]: Caught exception from Better Foliage (betterfoliage)\njava.lang.NoClassDefFoundError: x`,
    entities: ["Better Foliage"],
  },
  {
    code: "forge-mod-wrong-minecraft",
    groups: ["forge"],
    log: `${T} [Server thread/ERROR] [FML]: The mod mapwriter does not wish to run in Minecraft version Minecraft 1.12.2. You will have to remove it to play.`,
    entities: ["mapwriter"],
  },
  {
    code: "forge-ptrlib-missing",
    groups: ["forge"],
    log: `${T} [Server thread/ERROR]: Encountered an unexpected exception\njava.lang.NoClassDefFoundError: com/mia/craftstudio/IPackReaderCallback`,
    entities: ["PTRLib"],
  },
  {
    code: "forge-module-package-conflict",
    groups: ["forge"],
    log: `Exception in thread "main" java.lang.module.ResolutionException: Modules alpha and beta export package com.example.shared to module gamma`,
    entities: ["alpha", "beta"],
  },
  {
    code: "forge-language-provider-version",
    groups: ["forge"],
    log: `${T} [main/ERROR]: Failed to start\nnet.minecraftforge.fml.ModLoadingException: Mod File storage-2.0.jar needs language provider javafml:50 or above to load\n§7We have found 47`,
    entities: ["storage-2.0.jar", "Forge 50 or above", "47"],
  },
  { code: "forge-missing-datapack-mod", groups: ["forge"], log: `${T} [main/WARN]: Missing data pack mod:biomesyougo`, entities: ["biomesyougo"] },
  // pocketmine
  {
    code: "pocketmine-plugin-incompatible",
    groups: ["pocketmine"],
    log: `2024-01-01 [10:00:00.000] [Server thread/CRITICAL]: Could not load plugin 'OldShop': Incompatible API version`,
    entities: ["OldShop"],
  },
  {
    code: "pocketmine-plugin-dependency",
    groups: ["pocketmine"],
    log: `2024-01-01 [10:00:00.000] [Server thread/CRITICAL]: Could not load plugin 'Shop': Unknown dependency: EconomyAPI`,
    entities: ["Shop", "EconomyAPI"],
  },
  {
    code: "pocketmine-plugin-runtime",
    groups: ["pocketmine"],
    log: `2024-01-01 [10:00:00.000] [Server thread/CRITICAL]: Error: "Call to a member function on null" (EXCEPTION) in "plugins/Kits.phar/src/Kits/Main" at line 12`,
    entities: ["Kits"],
  },
  // bedrock
  {
    code: "bedrock-whitelist-without-auth",
    groups: ["bedrock"],
    log: `[2024-01-01 10:00:00 ERROR] Using a whitelist but without online authentication can be dangerous and is not allowed.`,
    entities: [],
  },
  {
    code: "bedrock-allowlist-without-auth",
    groups: ["bedrock"],
    log: `[2024-01-01 10:00:00 ERROR] Using an allowlist but without online authentication can be dangerous and is not allowed.`,
    entities: [],
  },
  {
    code: "bedrock-encrypted-world",
    groups: ["bedrock"],
    log: `[2024-01-01 10:00:00 INFO] Starting\n[ERROR] DBStorage chain is invalid. Possibly encryption-related, or bad DBStorageConfig passed. Reason: Unable to decipher/decrypt LevelDB.`,
    entities: [],
  },
  // any Java log
  {
    code: "library-missing",
    groups: ["jvm"],
    log: `${T} [main/ERROR]: Failed to start the minecraft server\njava.lang.NoClassDefFoundError: dev/architectury/event/events/common/LifecycleEvent\n\tat com.example.towns.Towns.onInitialize(Towns.java:25) ~[towns-1.2.0.jar:?]\nCaused by: java.lang.ClassNotFoundException: dev.architectury.event.events.common.LifecycleEvent`,
    entities: ["Architectury API", "towns-1.2.0.jar"],
  },
  {
    code: "mod-for-other-game-version",
    groups: ["jvm"],
    log: `${T} [Render thread/ERROR]: Unreported exception thrown!\njava.lang.NoClassDefFoundError: net/minecraft/class_2960\n\tat com.example.hud.HudMod.render(HudMod.java:40) ~[hud-2.0-fabric.jar:?]`,
    entities: ["net.minecraft.class_2960", "hud"],
  },
  {
    code: "client-mod-on-server",
    groups: ["jvm"],
    side: "server",
    log: `${T} [main/INFO]: Launching target 'forgeserver' with arguments [--nogui]\n${T} [Server thread/INFO]: Starting minecraft server version 1.20.1\n${T} [Server thread/ERROR]: Encountered an unexpected exception\njava.lang.NoClassDefFoundError: net/minecraft/client/gui/screens/Screen\n\tat com.example.zoom.ZoomMod.onTick(ZoomMod.java:20) ~[zoom-1.4.jar%2381!/:?]`,
    entities: ["net.minecraft.client.gui.screens.Screen", "zoom"],
  },
  {
    code: "client-code-refused-on-server",
    groups: ["jvm"],
    log: `${T} [main/INFO]: Launching target 'forgeserver' with arguments [--nogui]\n${T} [main/ERROR]: Failed to create mod instance.\njava.lang.RuntimeException: Attempted to load class net/minecraft/client/gui/screens/Screen for invalid dist DEDICATED_SERVER\n\tat net.minecraftforge.fml.loading.RuntimeDistCleaner.processClassWithFlags(RuntimeDistCleaner.java:57)\n\tat com.example.zoom.ZoomMod.<init>(ZoomMod.java:20) ~[zoom-1.4.jar%2381!/:?]`,
    entities: ["net.minecraft.client.gui.screens.Screen", "zoom"],
  },
  {
    code: "world-data-unreadable",
    groups: ["jvm"],
    log: `${T} [Server thread/INFO]: Preparing level "survival"\n${T} [Server thread/ERROR]: Couldn't load chunk [12, -7]\nnet.minecraft.nbt.ReportedNbtException: Accessing data of type 'string' at path 'Status' failed\nCaused by: java.util.zip.ZipException: invalid distance too far back`,
    entities: ["survival"],
  },
  {
    code: "optifine-mixin-conflict",
    groups: ["jvm"],
    log: `${T} [main/INFO] [optifine.OptiFineTransformationService/]: OptiFineTransformationService.onLoad\n${T} [main/ERROR] [mixin/]: Mixin apply for mod embeddium failed embeddium.mixins.json:core.MixinLevelRenderer from mod embeddium -> net.minecraft.client.renderer.LevelRenderer: InvalidInjectionException`,
    entities: ["embeddium", "core.MixinLevelRenderer"],
  },
  {
    code: "config-syntax-error",
    groups: ["jvm"],
    log: `${T} [Server thread/ERROR]: Could not load spigot.yml, please correct your syntax errors\norg.bukkit.configuration.InvalidConfigurationException: while parsing a block mapping`,
    entities: ["spigot.yml"],
  },
  {
    code: "debug-crash",
    groups: ["jvm"],
    log: "---- Minecraft Crash Report ----\nDescription: Manually triggered debug crash\n\njava.lang.Throwable: Manually triggered debug crash\n\tat net.minecraft.client.KeyboardHandler.tick(KeyboardHandler.java:480)",
    entities: [],
    report: true,
  },
  {
    code: "class-missing",
    groups: ["jvm"],
    log: `${T} [Server thread/ERROR]: Encountered an unexpected exception\njava.lang.NoClassDefFoundError: com/example/shared/Network\n\tat TRANSFORMER/pipes@3.1.0/com.example.pipes.PipeBlock.use(PipeBlock.java:12)`,
    entities: ["com.example.shared.Network", "pipes"],
  },
  {
    code: "mods-class-cast",
    groups: ["jvm"],
    log: `${T} [Render thread/ERROR]: Unreported exception thrown!\njava.lang.ClassCastException: class com.example.trains.SeatEntity cannot be cast to class net.minecraft.world.entity.LivingEntity (com.example.trains.SeatEntity is in module trains@1.0 of loader 'TRANSFORMER' @4d1c5ae3; net.minecraft.world.entity.LivingEntity is in module minecraft@1.20.1 of loader 'TRANSFORMER' @4d1c5ae3)\n\tat com.example.anims.RidingAnimation.apply(RidingAnimation.java:52) ~[anims-1.7.1.jar%23187!/:1.7.1]`,
    entities: ["anims", "trains", "SeatEntity", "LivingEntity"],
  },
  {
    code: "mod-crash",
    groups: ["jvm"],
    log: `${T} [Server thread/ERROR]: Encountered an unexpected exception\njava.lang.NullPointerException: boom\n\tat TRANSFORMER/minecraft@1.20.1/net.minecraft.server.MinecraftServer.m_5703_(MinecraftServer.java:925)\nCaused by: java.lang.IllegalStateException: no owner\n\tat TRANSFORMER/sawmill@1.4.0/com.example.sawmill.SawBlockEntity.tick(SawBlockEntity.java:40)`,
    entities: ["sawmill"],
  },
  {
    code: "out-of-memory",
    groups: ["jvm"],
    log: `${T} [Server thread/ERROR]: Encountered an unexpected exception\njava.lang.OutOfMemoryError: Java heap space\n\tat java.util.Arrays.copyOf(Arrays.java:3537)\nJVM Flags: 2 total; -Xms1G -Xmx3G`,
    entities: ["Java heap space", "3G"],
  },
  {
    code: "heap-reservation-failed",
    groups: ["jvm"],
    log: `Java is version 1.8.0_51, using 32-bit architecture.\nError occurred during initialization of VM\nCould not reserve enough space for 2097152KB object heap\nJava Arguments: [-Xmx2G]`,
    entities: ["2G"],
  },
  {
    code: "system-out-of-memory",
    groups: ["jvm"],
    log: `# There is insufficient memory for the Java Runtime Environment to continue.\n# Native memory allocation (mmap) failed to map 1048576 bytes for committing reserved memory.`,
    entities: [],
  },
  {
    code: "java-too-old",
    groups: ["jvm"],
    log: `Exception in thread "main" java.lang.UnsupportedClassVersionError: com/example/tanks/TanksMod has been compiled by a more recent version of the Java Runtime (class file version 65.0), this version of the Java Runtime only recognizes class file versions up to 61.0`,
    entities: ["com.example.tanks.TanksMod", "21", "17"],
  },
  {
    code: "java-too-new",
    groups: ["jvm"],
    log: `Java is version 17.0.9, using 64 (amd64) architecture, from Eclipse Adoptium.\nParams:\n  --version 1.12.2-forge-14.23.5.2860\nException in thread "main" java.lang.ClassCastException: class jdk.internal.loader.ClassLoaders$AppClassLoader cannot be cast to class java.net.URLClassLoader (jdk.internal.loader.ClassLoaders$AppClassLoader and java.net.URLClassLoader are in module java.base of loader 'bootstrap')`,
    entities: ["1.12.2", "17"],
  },
  {
    code: "java-unsupported-runtime",
    groups: ["jvm"],
    log: `Description: Initializing game\n\njava.lang.RuntimeException: boom\n\tat net.minecraft.client.Minecraft.<init>(Minecraft.java:412)\n\tJava VM Version: Eclipse OpenJ9 VM (mixed mode), IBM Corporation`,
    entities: ["Eclipse OpenJ9"],
  },
  {
    code: "native-library-failed",
    groups: ["jvm"],
    log: `${T} [main/ERROR]: Failed to load natives\njava.lang.UnsatisfiedLinkError: C:\\Users\\steve\\AppData\\Roaming\\.minecraft\\bin\\natives\\lwjgl64.dll: Can't find dependent libraries`,
    entities: ["lwjgl64.dll"],
  },
  {
    code: "opengl-unavailable",
    groups: ["jvm"],
    log: `${T} [Render thread/ERROR]: ########## GL ERROR ##########\n${T} [Render thread/ERROR]: @ Pre startup\n${T} [Render thread/ERROR]: 65542: WGL: The driver does not appear to support OpenGL.`,
    entities: ["WGL: The driver does not appear to support OpenGL."],
  },
  {
    code: "graphics-driver-crash",
    groups: ["jvm"],
    log: `#  EXCEPTION_ACCESS_VIOLATION (0xc0000005) at pc=0x00007ffb2d2e7b8c, pid=8120, tid=9312\n# Problematic frame:\n# C  [atio6axx.dll+0x1e7b8c]`,
    entities: ["atio6axx.dll"],
  },
  {
    code: "launch-target-missing",
    groups: ["jvm"],
    log: `${T} [main/ERROR] [cpw.mods.modlauncher.LaunchServiceHandler/MODLAUNCHER]: Cannot find launch target forgeclient, unable to launch`,
    entities: ["forgeclient"],
  },
  {
    code: "main-class-missing",
    groups: ["jvm"],
    log: `Error: Could not find or load main class net.minecraft.launchwrapper.Launch\nCaused by: java.lang.ClassNotFoundException: net.minecraft.launchwrapper.Launch`,
    entities: ["net.minecraft.launchwrapper.Launch"],
  },
  {
    code: "jvm-option-invalid",
    groups: ["jvm"],
    log: "Unrecognized VM option 'MaxGCPauseMilis=200'\nDid you mean 'MaxGCPauseMillis=<value>'? Error: Could not create the Java Virtual Machine.",
    entities: ["MaxGCPauseMilis=200", "MaxGCPauseMillis=<value>"],
  },
  {
    code: "modified-jar",
    groups: ["jvm"],
    log: `${T} [main/ERROR]: Unable to launch\njava.lang.SecurityException: SHA1 digest error for net/minecraft/client/Minecraft.class`,
    entities: ["SHA1 digest error for net/minecraft/client/Minecraft.class"],
  },
  {
    code: "jar-damaged",
    groups: ["jvm"],
    log: `${T} [main/INFO]: Loading Minecraft 1.21.1 with Fabric Loader 0.16.5\nCaused by: java.lang.RuntimeException: Error analyzing /home/sam/game/mods/sodium-fabric-0.6.0.jar: java.util.zip.ZipException: zip END header not found`,
    entities: ["sodium-fabric-0.6.0.jar"],
  },
  {
    code: "java-install-damaged",
    groups: ["jvm"],
    log: "Running C:\\Java\\jre8\\bin\\javaw.exe -Xmx4G\nError: could not open `C:\\Java\\jre8\\lib\\amd64\\jvm.cfg'",
    entities: ["C:\\Java\\jre8\\lib\\amd64\\jvm.cfg"],
  },
  {
    code: "mod-unpacked",
    groups: ["jvm"],
    log: `${T} [main/WARN] [net.minecraftforge.fml.loading.moddiscovery.ModFileParser/LOADING]: Mod file /home/alex/.minecraft/mods/waystones-1.20.1 is missing mods.toml file`,
    entities: ["waystones-1.20.1"],
  },
  {
    code: "duplicate-module",
    groups: ["jvm"],
    log: `Exception in thread "main" java.lang.module.ResolutionException: Module optifine reads another module named optifine`,
    entities: ["OptiFine"],
  },
  {
    code: "optifine-incompatible",
    groups: ["jvm"],
    log: `${T} [main/INFO]: OptiFine_1.16.5_HD_U_G8\n${T} [Render thread/ERROR]: Failed\njava.lang.NoSuchMethodError: 'void net.minecraftforge.client.ForgeHooksClient.onBlockColorsInit(net.minecraft.client.renderer.color.BlockColors)'\n\tat net.optifine.reflect.Reflector.callVoid(Reflector.java:712)`,
    entities: ["OptiFine", "OptiFine_1.16.5_HD_U_G8"],
  },
  {
    code: "mod-config-unreadable",
    groups: ["jvm"],
    log: `${T} [main/ERROR] [net.minecraftforge.fml.config.ConfigTracker/CONFIG]: Failed loading config file waystones-common.toml of type COMMON for modid waystones\ncom.electronwill.nightconfig.core.io.ParsingException: Not enough data available`,
    entities: ["waystones-common.toml", "waystones"],
  },
  {
    code: "file-already-exists",
    groups: ["jvm"],
    log: `${T} [main/ERROR]: Failed to create config\njava.nio.file.FileAlreadyExistsException: /srv/mc/config/journeymap`,
    entities: ["/srv/mc/config/journeymap"],
  },
  {
    code: "file-access-denied",
    groups: ["jvm"],
    log: `${T} [Server thread/ERROR]: Failed to save\njava.nio.file.AccessDeniedException: C:\\Server\\world\\level.dat_new`,
    entities: ["C:\\Server\\world\\level.dat_new"],
  },
  {
    code: "disk-full",
    groups: ["jvm"],
    log: `${T} [Server thread/ERROR]: Failed to save chunk\njava.io.IOException: No space left on device`,
    entities: ["No space left on device"],
  },
  {
    code: "world-session-locked",
    groups: ["jvm"],
    log: `${T} [Server thread/ERROR]: Failed to start the minecraft server\nnet.minecraft.util.DirectoryLock$LockException: /srv/mc/survival/session.lock: already locked (possibly by other Minecraft instance?)`,
    entities: ["survival"],
  },
  {
    code: "port-in-use",
    groups: ["jvm"],
    log: `${T} [Server thread/INFO]: Starting Minecraft server on *:25565\n${T} [Server thread/WARN]: **** FAILED TO BIND TO PORT!\n${T} [Server thread/WARN]: The exception was: java.net.BindException: Address already in use`,
    entities: ["25565"],
  },
  {
    code: "database-login-denied",
    groups: ["jvm"],
    log: `${T} [Server thread/ERROR]: Bans-HikariCP - Exception during pool initialization.\njava.sql.SQLInvalidAuthorizationSpecException: Access denied for user 'bans'@'10.0.0.4' (using password: YES)`,
    entities: ["Bans", "bans", "10.0.0.4"],
  },
  {
    code: "proxy-plugin-failed",
    groups: ["jvm"],
    log: `12:00:00 [INFO] Enabled plugin cmd_send version 1.0 by SpigotMC\n12:00:01 [WARNING] Exception encountered when loading plugin: TabPlus\njava.lang.NoSuchMethodError: 'void net.md_5.bungee.protocol.packet.Team.setDisplayName(java.lang.String)'`,
    entities: ["TabPlus"],
  },
  {
    code: "eula-not-accepted",
    groups: ["jvm"],
    log: `${T} [main/WARN]: Failed to load eula.txt\n${T} [main/INFO]: You need to agree to the EULA in order to run the server. Go to eula.txt for more info.`,
    entities: [],
  },
  {
    code: "server-lagging",
    groups: ["jvm"],
    log: `${T} [Server thread/WARN]: Can't keep up! Is the server overloaded? Running 42000ms or 840 ticks behind`,
    entities: ["1", "42 s"],
  },
  {
    code: "server-watchdog",
    groups: ["jvm"],
    log: `${T} [Server Watchdog/FATAL]: A single server tick took 60.00 seconds (should be max 0.05)\n${T} [Server Watchdog/FATAL]: Considering it to be crashed, server will forcibly shutdown.`,
    entities: ["60.00 seconds"],
  },
  {
    code: "login-failed",
    groups: ["jvm"],
    log: `${T} [Server thread/INFO]: Disconnecting /203.0.113.7:50312: If you wish to use IP forwarding, please enable it in your BungeeCord config as well!`,
    entities: [],
  },
  // Forge and NeoForge loading, in the log and in crash reports
  {
    code: "forge-dependency-missing",
    groups: ["forge"],
    log: `${T} [main/ERROR] [net.minecraftforge.fml.loading.ModSorter/LOADING]: Missing or unsupported mandatory dependencies:\n\tMod ID: 'geckolib', Requested by: 'mowziesmobs', Expected range: '[4.2,)', Actual version: '[MISSING]'`,
    entities: ["mowziesmobs", "geckolib"],
  },
  {
    code: "forge-dependency-game-version",
    groups: ["forge"],
    log: `${T} [main/ERROR] [net.minecraftforge.fml.loading.ModSorter/LOADING]: Missing or unsupported mandatory dependencies:\n\tMod ID: 'minecraft', Requested by: 'sawmill', Expected range: '[1.19.2,1.20)', Actual version: '1.20.1'`,
    entities: ["sawmill"],
  },
  {
    code: "forge-event-handler-error",
    groups: ["forge"],
    log: `${T} [Server thread/ERROR] [ne.mi.ev.EventBus/EVENTBUS]: Exception caught during firing event: boom\n\tIndex: 3\n\tListeners:\n\t\t0: NORMAL\n\t\t1: ASM: com.example.revive.Handler@1 tick(Lnet/minecraftforge/event/TickEvent$PlayerTickEvent;)V\njava.lang.NullPointerException: boom\n\tat com.example.revive.Handler.tick(Handler.java:96) ~[revive-2.0.jar%23244!/:2.0] {re:classloading}`,
    entities: ["revive-2.0.jar"],
  },
  {
    code: "forge-mod-load-failed",
    groups: ["crash-report"],
    report: true,
    log: `-- MOD lanterns --\nDetails:\n\tMod File: /home/alex/.minecraft/mods/lanterns-2.3.0.jar\n\tFailure message: Lanterns (lanterns) encountered an error during the common_setup event phase\n\t\tjava.lang.NullPointerException: Registry Object not present: lanterns:lantern\n\tMod Version: 2.3.0`,
    entities: ["Lanterns", "lanterns", "lanterns-2.3.0.jar"],
  },
  // old Fabric Loader forms
  {
    code: "fabric-legacy-dependency",
    groups: ["fabric"],
    log: `${T} [main/ERROR]: Failed to resolve mods\nnet.fabricmc.loader.discovery.ModResolutionException: Could not find required mod: betterbeds requires {cloth-config2 @ [>=4.11.0]}`,
    entities: ["betterbeds", "cloth-config2"],
  },
  {
    code: "fabric-legacy-wrong-version",
    groups: ["fabric"],
    log: `${T} [main/INFO]: Loading for game Minecraft 1.16.5\nnet.fabricmc.loader.discovery.ModResolutionException: Could not find required mod: betterbeds requires {minecraft @ [1.17.x]}`,
    entities: ["betterbeds"],
  },
  {
    code: "fabric-legacy-conflict",
    groups: ["fabric"],
    log: `${T} [main/ERROR]: Failed\nnet.fabricmc.loader.discovery.ModResolutionException: Found conflicting mods: optifabric conflicts with {sodium @ [*]}`,
    entities: ["optifabric", "sodium"],
  },
  {
    code: "fabric-mod-needs-java",
    groups: ["fabric"],
    log: `${T} [main/ERROR]: Incompatible mods found!\n\t - Mod 'Sodium' (sodium) 0.5.8 requires version 17 or later of 'OpenJDK 64-Bit Server VM' (java), but only the wrong version is present: 8!`,
    entities: ["Sodium", "17", "8"],
  },
  {
    code: "crash-tesselating-block",
    groups: ["crash-report"],
    report: true,
    log: `Description: Tesselating block model\n\njava.lang.ArrayIndexOutOfBoundsException: Index 4 out of bounds for length 4\n-- Block model being tesselated --\nDetails:\n\tBlock: Block{lanterns:paper_lantern}[facing=north]\n\tBlock location: World: (120,64,-35), Section: (at 8,0,13 in 7,4,-3; chunk contains blocks 112,-64,-48 to 127,319,-33)`,
    entities: ["lanterns:paper_lantern"],
  },
];
