/**
 * Mods and plugins users know by name, by the package their classes live in: the libraries other
 * add-ons build on, and the mods most often installed. When the JVM cannot find a class of one of
 * these packages, that mod is missing (or in a version without the class), whichever add-on asked
 * for it; and a stack frame in one of them names its mod even without a jar or module beside it.
 */
import { PackagePrefixes } from "./package-prefixes.ts";

export interface KnownMod {
  /** The id loaders list it under (mods) or its plugin name. */
  id: string;
  /** What users search for to download it. */
  name: string;
}

/** Package prefix (with a trailing dot) -> library. The longest prefix that fits wins. */
const KNOWN_MODS: readonly [string, KnownMod][] = [
  ["net.fabricmc.fabric.api.", { id: "fabric-api", name: "Fabric API" }],
  ["org.quiltmc.qsl.", { id: "qsl", name: "Quilt Standard Libraries (QFAPI)" }],
  ["dev.architectury.", { id: "architectury", name: "Architectury API" }],
  ["me.shedaniel.architectury.", { id: "architectury", name: "Architectury API" }],
  ["me.shedaniel.clothconfig2.", { id: "cloth-config", name: "Cloth Config API" }],
  ["me.shedaniel.autoconfig.", { id: "cloth-config", name: "Cloth Config API" }],
  ["me.shedaniel.math.", { id: "cloth-config", name: "Cloth Config API" }],
  ["software.bernie.geckolib.", { id: "geckolib", name: "GeckoLib" }],
  ["mod.azure.azurelib.", { id: "azurelib", name: "AzureLib" }],
  ["mezz.jei.", { id: "jei", name: "Just Enough Items (JEI)" }],
  ["top.theillusivec4.curios.", { id: "curios", name: "Curios API" }],
  ["dev.emi.trinkets.", { id: "trinkets", name: "Trinkets" }],
  ["dev.isxander.yacl", { id: "yet_another_config_lib_v3", name: "YetAnotherConfigLib (YACL)" }],
  ["net.blay09.mods.balm.", { id: "balm", name: "Balm" }],
  ["fuzs.puzzleslib.", { id: "puzzleslib", name: "Puzzles Lib" }],
  ["fuzs.forgeconfigapiport.", { id: "forgeconfigapiport", name: "Forge Config API Port" }],
  ["com.teamresourceful.resourcefullib.", { id: "resourcefullib", name: "Resourceful Lib" }],
  ["com.teamresourceful.resourcefulconfig.", { id: "resourcefulconfig", name: "Resourceful Config" }],
  ["earth.terrarium.botarium.", { id: "botarium", name: "Botarium" }],
  ["io.wispforest.owo.", { id: "owo", name: "owo-lib" }],
  ["vazkii.patchouli.", { id: "patchouli", name: "Patchouli" }],
  ["snownee.kiwi.", { id: "kiwi", name: "Kiwi" }],
  ["dev.onyxstudios.cca.", { id: "cardinal-components", name: "Cardinal Components API" }],
  ["org.ladysnake.cca.", { id: "cardinal-components", name: "Cardinal Components API" }],
  ["net.darkhax.bookshelf.", { id: "bookshelf", name: "Bookshelf" }],
  ["team.creative.creativecore.", { id: "creativecore", name: "CreativeCore" }],
  ["com.mrcrayfish.framework.", { id: "framework", name: "Framework" }],
  ["dev.latvian.mods.kubejs.", { id: "kubejs", name: "KubeJS" }],
  ["dev.latvian.mods.rhino.", { id: "rhino", name: "Rhino" }],
  ["dev.ftb.mods.ftblibrary.", { id: "ftblibrary", name: "FTB Library" }],
  ["com.blamejared.crafttweaker.", { id: "crafttweaker", name: "CraftTweaker" }],
  ["com.jozufozu.flywheel.", { id: "flywheel", name: "Flywheel" }],
  ["dev.engine_room.flywheel.", { id: "flywheel", name: "Flywheel" }],
  ["glitchcore.", { id: "glitchcore", name: "GlitchCore" }],
  ["terrablender.", { id: "terrablender", name: "TerraBlender" }],
  ["net.createmod.catnip.", { id: "create", name: "Create (its Catnip library)" }],
  ["com.tterrag.registrate.", { id: "registrate", name: "Registrate" }],
  ["codechicken.lib.", { id: "codechickenlib", name: "CodeChicken Lib" }],
  ["cofh.core.", { id: "cofh_core", name: "CoFH Core" }],
  ["mcjty.lib.", { id: "mcjtylib", name: "McJtyLib" }],
  ["com.cobblemon.mod.", { id: "cobblemon", name: "Cobblemon" }],
  ["org.valkyrienskies.core.", { id: "valkyrienskies", name: "Valkyrien Skies" }],
  ["com.llamalad7.mixinextras.", { id: "mixinextras", name: "MixinExtras" }],
  ["net.kyori.adventure.platform.fabric.", { id: "adventure-platform-fabric", name: "adventure-platform-fabric" }],
  ["kotlin.", { id: "kotlin", name: "a Kotlin language mod (Fabric Language Kotlin, or Kotlin for Forge)" }],
  ["kotlinx.", { id: "kotlin", name: "a Kotlin language mod (Fabric Language Kotlin, or Kotlin for Forge)" }],
  ["com.sk89q.worldedit.", { id: "WorldEdit", name: "WorldEdit" }],
  ["com.sk89q.worldguard.", { id: "WorldGuard", name: "WorldGuard" }],
  ["net.milkbowl.vault.", { id: "Vault", name: "Vault" }],
  ["com.comphenix.protocol.", { id: "ProtocolLib", name: "ProtocolLib" }],
  ["me.clip.placeholderapi.", { id: "PlaceholderAPI", name: "PlaceholderAPI" }],
  ["net.luckperms.api.", { id: "LuckPerms", name: "LuckPerms" }],
  ["com.github.retrooper.packetevents.", { id: "packetevents", name: "PacketEvents" }],
  ["de.tr7zw.changeme.nbtapi.", { id: "NBTAPI", name: "NBT API" }],
  // Plugins most often installed: on hybrid servers (Mohist, Arclight) their frames carry no jar.
  ["net.citizensnpcs.", { id: "Citizens", name: "Citizens" }],
  ["com.gmail.nossr50.", { id: "mcMMO", name: "mcMMO" }],
  ["com.earth2me.essentials.", { id: "Essentials", name: "EssentialsX" }],
  ["net.coreprotect.", { id: "CoreProtect", name: "CoreProtect" }],
  ["com.Acrobot.ChestShop.", { id: "ChestShop", name: "ChestShop" }],
  ["com.onarandombox.MultiverseCore.", { id: "Multiverse-Core", name: "Multiverse-Core" }],
  ["me.ryanhamshire.GriefPrevention.", { id: "GriefPrevention", name: "GriefPrevention" }],
  ["com.viaversion.viaversion.", { id: "ViaVersion", name: "ViaVersion" }],
  // Mods most often installed.
  ["me.jellysquid.mods.sodium.", { id: "sodium", name: "Sodium" }],
  ["net.caffeinemc.mods.sodium.", { id: "sodium", name: "Sodium" }],
  ["me.jellysquid.mods.lithium.", { id: "lithium", name: "Lithium" }],
  ["net.caffeinemc.mods.lithium.", { id: "lithium", name: "Lithium" }],
  ["net.coderbot.iris.", { id: "iris", name: "Iris Shaders" }],
  ["net.irisshaders.iris.", { id: "iris", name: "Iris Shaders" }],
  ["net.optifine.", { id: "optifine", name: "OptiFine" }],
  ["com.simibubi.create.", { id: "create", name: "Create" }],
  ["me.shedaniel.rei.", { id: "roughlyenoughitems", name: "Roughly Enough Items (REI)" }],
  ["dev.emi.emi.", { id: "emi", name: "EMI" }],
  ["journeymap.", { id: "journeymap", name: "JourneyMap" }],
  ["xaero.minimap.", { id: "xaerominimap", name: "Xaero's Minimap" }],
  ["xaero.map.", { id: "xaeroworldmap", name: "Xaero's World Map" }],
  ["snownee.jade.", { id: "jade", name: "Jade" }],
  ["squeek.appleskin.", { id: "appleskin", name: "AppleSkin" }],
  ["net.blay09.mods.waystones.", { id: "waystones", name: "Waystones" }],
  ["mekanism.", { id: "mekanism", name: "Mekanism" }],
  ["appeng.", { id: "ae2", name: "Applied Energistics 2" }],
  ["vazkii.botania.", { id: "botania", name: "Botania" }],
  ["org.violetmoon.quark.", { id: "quark", name: "Quark" }],
  ["vazkii.quark.", { id: "quark", name: "Quark" }],
  ["slimeknights.tconstruct.", { id: "tconstruct", name: "Tinkers' Construct" }],
  ["blusunrize.immersiveengineering.", { id: "immersiveengineering", name: "Immersive Engineering" }],
  ["dev.ftb.mods.ftbquests.", { id: "ftbquests", name: "FTB Quests" }],
  ["com.github.alexthe666.alexsmobs.", { id: "alexsmobs", name: "Alex's Mobs" }],
  ["com.github.alexthe666.iceandfire.", { id: "iceandfire", name: "Ice and Fire" }],
  ["com.github.alexthe666.citadel.", { id: "citadel", name: "Citadel" }],
  ["dev.tr7zw.entityculling.", { id: "entityculling", name: "Entity Culling" }],
  ["com.terraformersmc.modmenu.", { id: "modmenu", name: "Mod Menu" }],
  ["twilightforest.", { id: "twilightforest", name: "The Twilight Forest" }],
  ["com.tiviacz.travelersbackpack.", { id: "travelersbackpack", name: "Traveler's Backpack" }],
  ["net.p3pp3rf1y.sophisticatedbackpacks.", { id: "sophisticatedbackpacks", name: "Sophisticated Backpacks" }],
];

const KNOWN_PACKAGES = new PackagePrefixes(KNOWN_MODS);

/** The mod a class belongs to (`dev.architectury.event.Event` -> Architectury API), or null. */
export function knownModOf(className: string): KnownMod | null {
  return KNOWN_PACKAGES.longest(className) ?? null;
}
