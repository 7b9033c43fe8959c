/** The Java runtime: too old or too new for the game, its loader or a mod; an unsupported JVM. */
import { defineRule, type ShapeMatch } from "../define-rule.ts";
import { logShows } from "../log-facts.ts";
import { javaForMinecraft, javaMajor, minecraftVersion, runningJava } from "../runtime-facts.ts";
import { quote } from "../wording.ts";
import { jvm } from "./cue.ts";

/** Class file major version -> Java release: 52 is Java 8, each release adds one. */
const javaOfClassFile = (major: number) => major - 44;

/** Who owns a class, for the classes of the game and the loaders users know by name. */
const OWNERS: readonly [string, string][] = [
  ["net.minecraftforge.", "Forge"],
  ["cpw.mods.", "Forge"],
  ["net.neoforged.", "NeoForge"],
  ["net.fabricmc.", "Fabric Loader"],
  ["org.quiltmc.", "Quilt Loader"],
  ["net.minecraft.", "Minecraft"],
  ["com.mojang.", "Minecraft"],
];
const ownerOf = (className: string) => OWNERS.find(([prefix]) => className.startsWith(prefix))?.[1] ?? null;

export const useJava = (needed: number, found: number | null) =>
  `Use Java ${needed}${found === null ? "" : ` (this log runs Java ${found})`}: install it and select it in the launcher's Java settings or the server's start command.`;

const runningMajor = (match: ShapeMatch) => runningJava(match.log)?.major ?? null;

interface TooOld {
  /** The class, mod or software that needs the newer Java. */
  subject: string;
  /** True when the subject is a class name rather than a mod. */
  isClass: boolean;
  needed: number;
  found: number | null;
}

/** `Mod 'x'`, `Mod §ex§r` or `x` before `requires java N`, without quotes and colour codes. */
const requirer = (text: string) => text.replace(/§./g, "").replace(/^'(.*)'$/, "$1");

interface TooNew {
  /** What failed, in the log's words. */
  evidence: string;
  found: number | null;
  minecraft: string | null;
  /** The Java the game needs, when the log shows it. */
  wanted: number | null;
}

const tooNew = (match: ShapeMatch, evidence: string, wanted: number | null = null): TooNew => {
  const minecraft = minecraftVersion(match.log);
  return { evidence, found: runningMajor(match), minecraft, wanted: wanted ?? (minecraft ? javaForMinecraft(minecraft) : null) };
};

/** Launchwrapper (Minecraft up to 1.12.2) only runs on Java 8. */
const launchwrapper = (match: ShapeMatch, evidence: string) => tooNew(match, evidence, 8);

const NAMES_J9 = /J9/;

/** An unsupported VM matters where the game crashed. */
function unsupportedRuntime({ log }: ShapeMatch, vm: string): Runtime | null {
  if (!logShows(log, CRASHED)) return null;
  const found = runningJava(log)?.major ?? null;
  const minecraft = minecraftVersion(log);
  return { vm, found, wanted: minecraft ? javaForMinecraft(minecraft) : found };
}

interface Runtime {
  vm: string;
  found: number | null;
  wanted: number | null;
}

/** Any sign that the game failed, so that a merely unusual JVM is not reported on a healthy log. */
const CRASHED = /---- Minecraft Crash Report ----|Exception in thread|\n[ \t]*Caused by: |\n[ \t]+at [\w$]+\.|exit code -?[1-9]/;

export const javaRuntimeRules = [
  defineRule<TooOld>({
    ...jvm,
    code: "java-too-old",
    category: "java-too-old",
    summary: "Code compiled for a newer Java than the one running (UnsupportedClassVersionError), or a loader or mod stating it needs Java N.",
    shapes: [
      {
        anchor: /UnsupportedClassVersionError: (?:class )?([\w/$.-]{1,300}) (?:has been compiled by a more recent version of the Java Runtime \(class file version (\d+)(?:\.\d+)?\)(?:, this version of the Java Runtime only recognizes class file versions up to (\d+))?|: Unsupported major\.minor version (\d+))/,
        hint: "UnsupportedClassVersionError",
        extract: (match) => {
          const { anchor, entry } = match;
          // A Bukkit plugin that fails this way has its own rule (plugin-java-too-old), naming the plugin.
          if (anchor.input.includes("InvalidPluginException") || entry.lines[0].content.includes("Could not load ")) return null;
          const subject = anchor[1].replace(/\//g, ".");
          const found = anchor[3] ? javaOfClassFile(Number(anchor[3])) : runningMajor(match);
          return { subject, isClass: true, needed: javaOfClassFile(Number(anchor[2] ?? anchor[4])), found };
        },
      },
      // FML and NeoForge: `Mod X requires java 21 or above`, coloured on the error screen's lines.
      ...["Mod §", "Failure message: Mod "].map((hint) => ({
        anchor: /\bMod (?:§.)?('[^']{1,100}'|[^\s§]{1,100})(?:§.)? requires (?:§.)?[Jj]ava(?:§.)? (?:§.)?(\d{1,2})\b/,
        hint: [hint, " requires "],
        extract: (match: ShapeMatch) => ({ subject: requirer(match.anchor[1]), isClass: false, needed: Number(match.anchor[2]), found: runningMajor(match) }),
      })),
      {
        // FML's dependency list: `Mod ID: 'java', Requested by: 'x', Expected range: '[21,)', Actual version: '17.0.9'`.
        anchor: /Mod ID: 'java', Requested by: '([^']{1,100})', Expected range: '[[(]?(\d{1,2})[^']{0,100}', Actual version: '(\d[^']{0,50})'/,
        hint: "Mod ID: 'java'",
        extract: ({ anchor }) => ({ subject: anchor[1], isClass: false, needed: Number(anchor[2]), found: javaMajor(anchor[3]) }),
      },
      {
        // Paper and Spigot: `Unsupported Java detected (52.0). This version of Minecraft requires at least Java 17.`
        anchor: /Unsupported Java detected \((\d+)(?:\.\d+)?\)\. This version of (\S{1,50}) requires at least Java (\d{1,2})/,
        hint: "Unsupported Java detected",
        extract: ({ anchor }) => ({ subject: anchor[2], isClass: false, needed: Number(anchor[3]), found: javaOfClassFile(Number(anchor[1])) }),
      },
    ],
    message: ({ subject, isClass, needed, found }) =>
      `${isClass ? `The class ${quote(subject)} was compiled for` : `${quote(subject)} needs`} Java ${quote(String(needed))}, but ${found === null ? "the game runs an older Java" : `this log runs Java ${quote(String(found))}`}.`,
    solutions: ({ subject, isClass, needed, found }) => {
      const owner = isClass ? ownerOf(subject) : subject;
      const mod = isClass && owner === null;
      return [useJava(needed, found), ...(mod ? [`Or use a release of the mod containing ${quote(subject)} that is built for Java ${found ?? "your version"}.`] : [])];
    },
    key: ({ subject, needed }) => `${subject}\n${needed}`,
  }),

  defineRule<TooNew>({
    ...jvm,
    code: "java-too-new",
    category: "java-too-new",
    summary: "A game or loader version that cannot run on this newer Java (launchwrapper on Java 9+, old ASM, module access).",
    shapes: [
      {
        anchor: /AppClassLoader cannot be cast to (?:class )?java\.net\.URLClassLoader/,
        hint: ["ClassCastException", "AppClassLoader cannot be cast"],
        extract: (match) => launchwrapper(match, "AppClassLoader cannot be cast to URLClassLoader"),
      },
      {
        anchor: /Unsupported class file major version (\d{2,3})/,
        hint: ["Exception", "Unsupported class file major version"],
        // Mixin's `Error loading class: x (...)` is a warning about one class the game does not need.
        extract: (match) =>
          match.anchor.input.includes("Error loading class") ? null : tooNew(match, `Unsupported class file major version ${match.anchor[1]}`),
      },
      // IllegalAccessError and InaccessibleObjectException: the code predates Java's modules.
      ...["Error", "Exception"].map((word) => ({
        anchor: /module (\S{1,100}) does not "?(export|opens) ([\w.]{1,200})"? to unnamed module/,
        hint: [word, " to unnamed module"],
        extract: (match: ShapeMatch) => tooNew(match, `module ${match.anchor[1]} does not ${match.anchor[2]} ${match.anchor[3]}`),
      })),
      {
        // Spigot and Paper: `Unsupported Java detected (65.0). Only up to Java 17 is supported.`
        anchor: /Unsupported Java detected \((\d+)(?:\.\d+)?\)\. Only up to Java (\d{1,2}) is supported/,
        hint: "Unsupported Java detected",
        extract: (match) => ({ ...tooNew(match, match.anchor[0], Number(match.anchor[2])), found: javaOfClassFile(Number(match.anchor[1])) }),
      },
    ],
    message: ({ evidence, found, minecraft }) =>
      `${minecraft ? `Minecraft ${quote(minecraft)} and its loader` : "This game version or its loader"} cannot run on ${found === null ? "this newer Java" : `Java ${quote(String(found))}`} (${evidence}).`,
    solutions: ({ found, minecraft, wanted }) => [
      wanted === null
        ? "Use the Java the game version is made for: Java 8 up to Minecraft 1.16.5, 17 for 1.18 to 1.20.4, 21 from 1.20.5."
        : `Use Java ${wanted}${minecraft ? ` for Minecraft ${minecraft}` : ""}${found === null ? "" : ` (this log runs Java ${found})`}, selected in the launcher's Java settings or the server's start command.`,
      "If the right Java is already in use, a mod built for a newer Minecraft or Java is installed: update the loader or remove that mod.",
    ],
    key: () => "",
  }),

  defineRule<Runtime>({
    ...jvm,
    code: "java-unsupported-runtime",
    category: "java-unsupported-runtime",
    summary: "The game crashed on a JVM it does not support (Eclipse OpenJ9, IBM J9).",
    shapes: [
      { anchor: /\b(Eclipse OpenJ9|IBM J9)(?: VM)?\b/, hint: "J9", extract: (match) => unsupportedRuntime(match, match.anchor[1]) },
      {
        // IBM's builds name the vendor, not the VM: `from IBM Corporation` (launchers), `Java Version: 17.0.6, IBM Corporation` (reports), an `ibm-semeru` folder.
        anchor: /(?:from |by |, )IBM Corporation\b|\bibm-semeru|\bIBM Semeru/,
        hint: "IBM",
        // Where the VM names itself, the first shape words it.
        extract: (match) => (logShows(match.log, NAMES_J9) ? null : unsupportedRuntime(match, "IBM Semeru (OpenJ9)")),
      },
    ],
    message: ({ vm }) => `The game runs on ${quote(vm)}, a Java virtual machine that Minecraft and its mod loaders do not support.`,
    solutions: ({ wanted }) => [
      `Install a HotSpot-based Java${wanted ? ` ${wanted}` : ""} (for example Eclipse Temurin or Microsoft's OpenJDK build) and select it in the launcher or the start command.`,
    ],
    key: () => "",
  }),

  defineRule<{ option: string | null; suggestion: string | null }>({
    ...jvm,
    code: "jvm-option-invalid",
    category: "config-error",
    summary: "Java refuses to start with the JVM arguments it was given: an option it does not know, or heap sizes that contradict each other.",
    shapes: [
      {
        // `Unrecognized VM option 'MaxGCPauseMilis=200'`, often followed by `Did you mean 'MaxGCPauseMillis=<value>'?`
        anchor: /Unrecognized VM option '([^'\n]{1,200})'/,
        hint: "Unrecognized VM option",
        extract: ({ anchor, entry, lineIndex }) => ({
          option: anchor[1],
          suggestion: /Did you mean '([^'\n]{1,200})'/.exec(`${entry.lines[lineIndex].content}\n${entry.lines[lineIndex + 1]?.content ?? ""}`)?.[1] ?? null,
        }),
      },
      {
        // -Xms above -Xmx (`java -Xms8G -Xmx4G -jar server.jar`).
        anchor: /Initial heap size set to a larger value than the maximum heap size/,
        hint: "Initial heap size",
        extract: () => ({ option: null, suggestion: null }),
      },
    ],
    message: ({ option, suggestion }) =>
      option === null
        ? "Java refuses to start: the initial heap size (-Xms) is larger than the maximum (-Xmx)."
        : `Java refuses to start: it does not know the JVM option ${quote(option)}${suggestion ? ` (did you mean ${quote(suggestion)}?)` : ""}.`,
    solutions: ({ option, suggestion }) =>
      option === null
        ? ["Set -Xms no higher than -Xmx in the start script or the launcher's JVM arguments (for example -Xms4G -Xmx4G), or leave -Xms out."]
        : [
            `Correct or remove ${quote(`-XX:${option}`)} in the launcher's JVM arguments or the server's start command${suggestion ? `: Java suggests ${quote(suggestion)}` : ""}.`,
            "Options copied from a guide for another Java version may not exist in this one: remove those you do not need.",
          ],
    key: ({ option }) => option ?? "heap sizes",
  }),
];
