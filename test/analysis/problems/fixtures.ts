/**
 * One short synthetic log per problem rule: the rule must fire on it and quote `entities`
 * in its message. Written for these tests (not taken from the reference corpus).
 */
import type { RuleGroup } from "../../../src/analysis/model";

export interface RuleFixture {
  code: string;
  groups: RuleGroup[];
  log: string;
  /** Names that must appear 'single-quoted' in the message. */
  entities: string[];
  /** Crash reports are one line per entry. */
  report?: boolean;
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
    code: "fabric-mixin-error",
    groups: ["fabric"],
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
    log: `${T} [Server thread/FATAL] [FML]: net.minecraftforge.fml.common.MissingModsException: Mod tinkers (Tinkers' Construct) requires [mantle@[1.3.0,), forge]`,
    entities: ["Tinkers' Construct", "mantle", "forge"],
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
];
