/**
 * What a log says about the Java runtime and the game it runs, read once per log when a rule
 * needs it: the Java version, the memory given (-Xmx), a 32-bit JVM, the Minecraft version.
 * Crash reports print these in their system details, launchers in their first lines.
 */
import type { LogContext } from "../model.ts";

export interface JavaRuntime {
  /** 8 for 1.8.0_51, 17 for 17.0.8. */
  major: number;
  /** As printed: `1.8.0_51`, `17.0.8`. */
  version: string;
}

export interface MemoryLimit {
  /** As printed: `4G`, `4096M`, or `3641 MB` from a crash report's memory line. */
  text: string;
  megabytes: number;
}

interface RuntimeFacts {
  java?: JavaRuntime | null;
  memory?: MemoryLimit | null;
  thirtyTwoBit?: boolean;
  minecraft?: string | null;
}

const VERSION = String.raw`(\d+(?:\.\d+)*(?:_\d+)?)`;
/** Where the running Java's version is printed; the first one found in the log wins. */
const JAVA_VERSION = new RegExp(
  [
    String.raw`Java Version: ${VERSION}`, // crash report system details
    String.raw`Java is version ${VERSION}`, // MultiMC / Prism
    String.raw`Java is [^\n,]{1,100}, version ${VERSION}`, // Forge 1.7-1.12
    String.raw`(?:java|openjdk) version "${VERSION}`, // java -version
    String.raw`starting: java version ${VERSION}`, // ModLauncher
    String.raw`Running Java ${VERSION} `, // Paper's bootstrap
    String.raw`JRE version: [^\n]{0,200}?\(build ${VERSION}`, // hs_err files
    String.raw`^\t- java ${VERSION}$`, // Fabric and Quilt mod lists
  ].join("|"),
  "m",
);
const XMX = /-Xmx(\d{1,9})([kKmMgGtT]?)\b/g;
const REPORT_MEMORY = /Memory: \d+ bytes \(\d+ Mi?B\) \/ \d+ bytes \(\d+ Mi?B\) up to \d+ bytes \((\d+) Mi?B\)/;
/** A 32-bit JVM: HotSpot's client VM, `32-Bit`, an x86 os.arch in reports and launcher lines. */
const THIRTY_TWO_BIT = /\b32-[Bb]it\b|\b32 \(x86\)|\(x86\) version|\bClient VM\b|-x86\b(?!_)|\bos\.arch=(?:x86|i[3-6]86)\b/;
const MINECRAFT_VERSION = new RegExp(
  [
    String.raw`Minecraft Version: (\d[\w.-]*)`,
    String.raw`--fml\.mcVersion,? (\d[\w.-]*)`,
    String.raw`Loading Minecraft (\d[\w.-]*) with (?:Fabric|Quilt) Loader`,
    String.raw`Loading for game Minecraft (\d[\w.-]*)`,
    String.raw`for Minecraft (\d[\w.-]*) loading`,
    String.raw`Starting minecraft server version (\d[\w.-]*)`,
    String.raw`--version,? (\d+\.\d+(?:\.\d+)?)\b`,
  ].join("|"),
);

const factsOfLog = new WeakMap<object, RuntimeFacts>();

function factsOf(log: LogContext): RuntimeFacts {
  let facts = factsOfLog.get(log.entries);
  if (!facts) {
    facts = {};
    factsOfLog.set(log.entries, facts);
  }
  return facts;
}

const firstGroup = (match: RegExpExecArray | null) => match?.slice(1).find((group) => group !== undefined) ?? null;

/** The major version of a Java version string: 1.8.0_51 -> 8, 17.0.8 -> 17. */
export function javaMajor(version: string): number {
  const [first, second] = version.split(/[._]/).map(Number);
  return first === 1 ? second : first;
}

/** The Java the log runs on, when it says. */
export function runningJava(log: LogContext): JavaRuntime | null {
  const facts = factsOf(log);
  if (facts.java === undefined) {
    const version = firstGroup(JAVA_VERSION.exec(log.text));
    facts.java = version ? { major: javaMajor(version), version } : null;
  }
  return facts.java;
}

/** The heap limit: the last -Xmx (the one the JVM applies), else a crash report's maximum. */
export function memoryLimit(log: LogContext): MemoryLimit | null {
  const facts = factsOf(log);
  if (facts.memory === undefined) {
    let last: RegExpExecArray | null = null;
    for (const match of log.text.matchAll(XMX)) last = match;
    const report = last ? null : REPORT_MEMORY.exec(log.text);
    facts.memory = last
      ? { text: `${last[1]}${last[2].toUpperCase()}`, megabytes: megabytesOf(Number(last[1]), last[2]) }
      : report
        ? { text: `${report[1]} MB`, megabytes: Number(report[1]) }
        : null;
  }
  return facts.memory;
}

function megabytesOf(amount: number, unit: string): number {
  switch (unit.toLowerCase()) {
    case "t":
      return amount * 1024 * 1024;
    case "g":
      return amount * 1024;
    case "m":
      return amount;
    case "k":
      return amount / 1024;
    default:
      return amount / (1024 * 1024);
  }
}

export function isThirtyTwoBit(log: LogContext): boolean {
  const facts = factsOf(log);
  facts.thirtyTwoBit ??= THIRTY_TWO_BIT.test(log.text);
  return facts.thirtyTwoBit;
}

/** The Minecraft version the log names, if any. */
export function minecraftVersion(log: LogContext): string | null {
  const facts = factsOf(log);
  if (facts.minecraft === undefined) facts.minecraft = firstGroup(MINECRAFT_VERSION.exec(log.text));
  return facts.minecraft;
}

/**
 * The Java a Minecraft version is made for: 8 up to 1.16.5, 17 up to 1.20.4 (1.17 shipped with
 * 16, 17 runs it too), 21 from 1.20.5, 25 for the 26.x releases. Null for versions we cannot read.
 */
export function javaForMinecraft(version: string): number | null {
  const match = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(version);
  if (!match) return null;
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (major >= 26) return 25;
  if (major !== 1) return null;
  if (minor <= 16) return 8;
  if (minor < 20 || (minor === 20 && patch <= 4)) return 17;
  return 21;
}
