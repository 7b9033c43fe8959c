/**
 * Reading Java stack frames for the code they belong to. A frame names its class and, depending
 * on the loader, where that class came from:
 *   at TRANSFORMER/create@0.5.1.f/com.simibubi.create.Foo.bar(Foo.java:12)         module modid@version (Forge 1.17+)
 *   at com.example.Foo.bar(Foo.java:12) ~[examplemod-1.0.jar%23150!/:?] {re:mixin}   the jar (Forge, NeoForge, Paper)
 *   at com.example.Foo.bar(Foo.java:12) ~[examplemod:1.0] {re:classloading}         modid:version (Forge 1.14-1.16)
 *   at net.minecraft.class_310.handler$zza000$sodium$render(class_310.java:5)      a Fabric mixin handler of a mod
 * Frames of the game, the loaders, Java and well-known libraries never name a culprit.
 */
import { PackagePrefixes } from "./package-prefixes.ts";

export interface Frame {
  /** `com.example.Foo`. */
  className: string;
  method: string;
  /** From a `modid@version/` module prefix. */
  module: string | null;
  /** From a `~[file.jar...]` annotation. */
  jar: string | null;
  /** From a `~[modid:version]` annotation. */
  annotatedMod: string | null;
}

/** What a frame says about a mod: an id, a jar file, or both. */
export interface CodeSource {
  id: string | null;
  jar: string | null;
}

/** Packages of the game, loaders, server platforms, the JDK and common libraries. */
const INFRASTRUCTURE_PACKAGES = [
  "net.minecraft.", "com.mojang.", "net.minecraftforge.", "net.neoforged.", "cpw.mods.", "net.fabricmc.", "org.quiltmc.",
  "org.spongepowered.", "com.llamalad7.mixinextras.", "java.", "javax.", "jdk.", "sun.", "com.sun.", "org.lwjgl.",
  "io.netty.", "com.google.", "org.apache.", "it.unimi.", "org.objectweb.", "kotlin.", "kotlinx.", "scala.", "org.slf4j.",
  "com.electronwill.", "oshi.", "org.joml.", "org.jline.", "joptsimple.", "net.jodah.", "org.openjdk.", "com.ibm.", "org.bukkit.",
  "org.spigotmc.", "io.papermc.", "com.destroystokyo.", "co.aikar.", "ca.spottedleaf.", "net.kyori.", "com.mohistmc.",
  "io.izzel.", "org.magmafoundation.", "net.md_5.", "com.velocitypowered.", "org.yaml.", "com.fasterxml.", "org.jetbrains.",
  "org.multimc.", "org.prismlauncher.", "com.github.benmanes.", "moe.yushi.", "org.jackhuang.", "com.typesafe.", "io.github.classgraph.",
  // Registrate, the registration library many mods shade: when it throws, the mod that called it is at fault.
  "com.tterrag.registrate.",
];
const INFRASTRUCTURE = new PackagePrefixes(INFRASTRUCTURE_PACKAGES.map((prefix) => [prefix, true] as const));
/** Jars of the game, the loaders and libraries: `forge-47.2.0.jar`, `client-1.20.1-srg.jar`, `guava-31.1-jre.jar`... */
const INFRASTRUCTURE_JAR =
  /^(?:client|server|minecraft|forge|neoforge|fmlloader|fmlcore|fmlearlydisplay|javafmllanguage|lowcodelanguage|mclanguage|fancymodloader|loader|modlauncher|securejarhandler|bootstraplauncher|eventbus|coremods|accesstransformers|mixin|sponge-mixin|mixinextras|fabric-loader|quilt-loader|intermediary|patched|paper|spigot|craftbukkit|purpur|folia|pufferfish|mohist|arclight|magma|guava|gson|netty|log4j|lwjgl|commons|asm|jopt|fastutil|datafixerupper|authlib|brigadier|oshi|jna|slf4j|jackson|kotlin|scala|night-config|core|toml|caffeine|icu4j|httpclient|httpcore|jtracy|unsafe|spi|forgespi|mergetool|jarjar|universal|srg|MinecraftServer|[?])(?:[-_.+\d]|$)/i;
/** Modules that are the game or the loader (`minecraft@1.20.1`, `forge@47.2.0`). */
const INFRASTRUCTURE_MODULE = /^(?:minecraft|forge|neoforge|fml\w*|javafml|lowcodefml|mcp|mixinextras\w*)$/;

const FRAME = /^\s*at ([^\s(]{1,500})\(([^)\n]{0,300})\)(.{0,300})/;
/** `~[examplemod-1.0.jar%23150!/:?]`, `[MyPlugin.jar:?]`, `~[examplemod:1.0]`. */
const ANNOTATION = /^\s*~?\[([^\]\s]{1,300})\]/;
/** Fabric's mixin handlers carry the mod id: `handler$zza000$sodium$render`. */
const MIXIN_HANDLER = /^[a-zA-Z]+\$[a-z0-9]{3,10}\$([a-z][a-z0-9_-]{1,63})\$[\w$]/;
/** Obfuscated game classes (`abc`, `ld$a`) of versions before 1.14 and of servers. */
const OBFUSCATED_CLASS = /^[a-z]{1,3}(?:\$[\w]+)?$/;

export function parseFrame(line: string): Frame | null {
  if (!line.includes("at ")) return null;
  const match = FRAME.exec(line);
  if (!match) return null;
  const parts = match[1].split("/");
  const target = parts[parts.length - 1];
  const dot = target.lastIndexOf(".");
  if (dot <= 0) return null;
  const moduleWithVersion = parts.length >= 2 ? parts[parts.length - 2] : "";
  const at = moduleWithVersion.indexOf("@");
  const annotation = ANNOTATION.exec(match[3])?.[1] ?? null;
  let jar: string | null = null;
  let annotatedMod: string | null = null;
  if (annotation) {
    const file = /^([^%!:]+\.jar)\b/.exec(annotation);
    if (file) jar = file[1];
    else if (/^[a-z][a-z0-9_]{1,63}:/.test(annotation)) annotatedMod = annotation.slice(0, annotation.indexOf(":"));
  }
  return {
    className: target.slice(0, dot),
    method: target.slice(dot + 1),
    module: at > 0 ? moduleWithVersion.slice(0, at) : null,
    jar,
    annotatedMod,
  };
}

/** Whether the frame's class belongs to the game, a loader, Java or a well-known library. */
export function isInfrastructure(frame: Frame): boolean {
  const name = frame.className;
  return OBFUSCATED_CLASS.test(name) || INFRASTRUCTURE.starts(name);
}

/** Whether a module (`minecraft@1.20.1`'s name) is the game's or the loader's, not a mod's. */
export const isPlatformModule = (module: string): boolean => INFRASTRUCTURE_MODULE.test(module);

/** The mod a frame of mod code names through its module, jar or annotation; null when it names none. */
export function sourceOf(frame: Frame): CodeSource | null {
  const module = frame.module && !INFRASTRUCTURE_MODULE.test(frame.module) && !frame.module.includes(".") ? frame.module : null;
  const jar = frame.jar && !INFRASTRUCTURE_JAR.test(frame.jar) ? frame.jar : null;
  const annotated = frame.annotatedMod && !INFRASTRUCTURE_MODULE.test(frame.annotatedMod) ? frame.annotatedMod : null;
  const id = module ?? annotated;
  return id || jar ? { id, jar } : null;
}

/** The mod whose Fabric mixin handler this game frame is, if it is one. */
export function mixinHandlerMod(frame: Frame): string | null {
  const id = MIXIN_HANDLER.exec(frame.method)?.[1] ?? null;
  return id && !INFRASTRUCTURE_MODULE.test(id) && !id.startsWith("fabric") ? id : null;
}

/** Package segments of a class that could be a mod id (`com.simibubi.create.Foo` -> simibubi, create). */
export function packageWords(className: string): string[] {
  const segments = className.split(".").slice(0, -1);
  // The first segment is a domain (`com`, `dev`) unless the mod put its classes straight under
  // its id, as older mods did (`ic2.core`, `mekanism.common`, `appeng.block`).
  const start = segments.length > 1 && !DOMAINS.has(segments[0]) ? 0 : 1;
  return segments.slice(start).filter((segment) => segment.length >= 3);
}

/** Top-level domains and hosts that begin reversed-domain package names. */
const DOMAINS = new Set([
  "com", "net", "org", "io", "me", "dev", "de", "fr", "ru", "cn", "uk", "github", "xyz", "info", "top", "tech", "moe", "gg",
  "co", "us", "fi", "pl", "nl", "it", "es", "eu", "ca", "au", "jp", "kr", "br", "se", "no", "ch", "at", "be", "cz", "dk",
  "team", "studio", "site", "online", "games", "gay", "lol", "one", "pro", "ink", "cc", "tv", "fm", "sh", "ml", "ga", "tk",
]);
