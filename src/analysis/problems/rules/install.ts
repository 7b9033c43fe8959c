/** The game or loader install itself: incomplete, modified, unpacked, or holding a module twice. */
import { defineRule } from "../define-rule.ts";
import { baseName } from "../names.ts";
import { quote } from "../wording.ts";
import { jvm } from "./cue.ts";

/** Loaders and game jars by the main class a launcher starts. */
const MAIN_CLASSES: readonly [RegExp, string][] = [
  [/^net\.minecraft\.launchwrapper\./, "LaunchWrapper (Forge 1.12.2 and older)"],
  [/^cpw\.mods\.|^net\.minecraftforge\./, "Forge"],
  [/^net\.neoforged\./, "NeoForge"],
  [/^net\.fabricmc\./, "Fabric Loader"],
  [/^org\.quiltmc\./, "Quilt Loader"],
  [/^net\.minecraft\.client\./, "the Minecraft client jar"],
  [/^net\.minecraft\.(?:server\.|bundler\.)/, "the Minecraft server jar"],
];

const loaderOfTarget = (target: string) => (/neoforge/i.test(target) ? "NeoForge" : /forge|fml/i.test(target) ? "Forge" : "the mod loader");

const REINSTALL = "Reinstall the game version (or the loader) from its official installer, or let the launcher repair the instance, so that every library is downloaded again.";

interface MainClass {
  name: string;
  /** What provides the class, or null when the name is not a class (a stray launch argument). */
  provider: string | null;
}

interface ModuleTwice {
  module: string;
  files: string[];
}

export const installRules = [
  defineRule<{ target: string }>({
    ...jvm,
    code: "launch-target-missing",
    category: "broken-install",
    summary: "The loader cannot find the launch target the launcher asked for (an incomplete or mismatched Forge/NeoForge install).",
    shapes: [
      { anchor: /Missing launch target ([\w.-]{1,100})/, hint: "Missing launch target", extract: ({ anchor }) => ({ target: anchor[1] }) },
      { anchor: /Cannot find launch target ([\w.-]{1,100})/, hint: "Cannot find launch target", extract: ({ anchor }) => ({ target: anchor[1] }) },
      { anchor: /Missing LaunchHandler ([\w.-]{1,100})/, hint: "Missing LaunchHandler", extract: ({ anchor }) => ({ target: anchor[1] }) },
    ],
    message: ({ target }) => `The launch target ${quote(target)} does not exist in this install of ${loaderOfTarget(target)}.`,
    solutions: ({ target }) => [
      `Run the ${loaderOfTarget(target)} installer again (Install client, or Install server into the server folder) and start the profile it creates.`,
      "Start the game with the launch profile or instance made for this exact loader version; do not copy another version's arguments.",
    ],
    key: ({ target }) => target,
  }),

  defineRule<MainClass>({
    ...jvm,
    code: "main-class-missing",
    category: "broken-install",
    summary: "Java cannot find the main class to start: a loader or game jar is missing, or the launch arguments are broken.",
    shapes: [{
      anchor: /Could not find or load main class (\S{1,300})/,
      hint: ["Error", "Could not find or load main class"],
      extract: ({ anchor }) => {
        const name = anchor[1];
        if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(name)) return { name, provider: null };
        return { name, provider: MAIN_CLASSES.find(([pattern]) => pattern.test(name))?.[1] ?? "a library of the game" };
      },
    }],
    message: ({ name, provider }) =>
      provider
        ? `Java cannot find the main class ${quote(name)}: ${provider} is missing from the install.`
        : `Java was told to start ${quote(name)}, which is not a class: the launch arguments contain a stray word.`,
    solutions: ({ provider }) =>
      provider
        ? [REINSTALL]
        : ["Check the JVM arguments in the launcher or the start script: quote paths that contain spaces and start every option with '-'."],
    key: ({ name }) => name,
  }),

  defineRule<{ detail: string }>({
    ...jvm,
    code: "modified-jar",
    category: "broken-install",
    summary: "A signed jar was modified (SHA1 digest error, invalid signature file): files were copied into a game or library jar.",
    shapes: [{
      anchor: /SecurityException: ((?:SHA-?1|SHA-?256) digest error for \S{1,300}|[Ii]nvalid signature file digest for [^\n]{1,200}|invalid SHA-?1 signature file digest for \S{1,300})/,
      hint: "SecurityException",
      extract: ({ anchor }) => ({ detail: anchor[1].trim() }),
    }],
    message: ({ detail }) => `A signed jar of the game was modified after it was signed (${quote(detail)}).`,
    solutions: () => [
      REINSTALL,
      "Install mods through the loader and the mods folder, never by copying files into the game's jar; if you edited a jar on purpose, delete the .SF and .RSA files in its META-INF folder.",
    ],
    key: () => "",
  }),

  defineRule<{ file: string; reason: string }>({
    ...jvm,
    code: "jar-damaged",
    category: "broken-install",
    summary: "A jar (a mod, a library, the server jar) is not a readable zip file: its download was cut short or it was damaged on disk.",
    shapes: [
      {
        // `Error analyzing .../mods/lithium-fabric-0.13.1+mc1.21.1.jar: java.util.zip.ZipException: zip END header not found`
        // (Fabric), `Failed to read ...jar ... ZipException: invalid CEN header` (Forge, ModLauncher).
        anchor: /([^\\/\s:'"`]{1,200}\.jar)\b[^\n]{0,60}?ZipException: ([^\n]{1,200})/,
        hint: "ZipException",
        extract: ({ anchor }) => ({ file: anchor[1], reason: anchor[2].trim() }),
      },
      {
        // `java -jar` on a damaged file: `Error: Invalid or corrupt jarfile server.jar`
        anchor: /Invalid or corrupt jarfile (\S[^\n]{0,300})/,
        hint: ["Error", "Invalid or corrupt jarfile"],
        extract: ({ anchor }) => ({ file: baseName(anchor[1].trim()), reason: "invalid or corrupt jarfile" }),
      },
    ],
    message: ({ file, reason }) => `The file ${quote(file)} is damaged (${reason}): it is not a complete jar, most often a download that was cut short.`,
    solutions: ({ file }) => [
      `Delete ${quote(file)} and download it again from its official page (or let the launcher repair the instance).`,
      "If it comes back damaged, check that the disk is not full and that no antivirus program quarantines part of it.",
    ],
    key: ({ file }) => file,
  }),

  defineRule<{ file: string }>({
    ...jvm,
    code: "java-install-damaged",
    category: "broken-install",
    summary: "The Java installation the game was started with is incomplete: the JVM cannot read its own files (jvm.cfg).",
    shapes: [{
      // Windows and Linux Java 8 alike: ``Error: could not open `C:\Program Files\Java\jre1.8.0_441\lib\amd64\jvm.cfg'``
      anchor: /could not open `([^'`\n]{1,400}jvm\.cfg)'/,
      hint: ["Error", "jvm.cfg"],
      extract: ({ anchor }) => ({ file: anchor[1] }),
    }],
    message: ({ file }) => `The Java installation is damaged: it cannot open its own file ${quote(file)}.`,
    solutions: () => [
      "Reinstall Java (or let the launcher download its own Java again), then select the new installation in the launcher's Java settings.",
      "If the launcher points at a Java folder that was moved or partly deleted, choose another Java there.",
    ],
    key: ({ file }) => file,
  }),

  defineRule<{ folder: string }>({
    ...jvm,
    code: "mod-unpacked",
    category: "broken-install",
    summary: "A mod was unpacked into a folder inside the mods folder instead of staying a .jar file.",
    shapes: [{
      anchor: /Mod file (\S[^\n]{0,400}?) is missing (?:META-INF\/)?(?:neoforge\.)?mods\.toml file/,
      hint: ["Mod file ", "mods.toml file"],
      // Only folders: jars without mods.toml (OptiFine, libraries, Fabric mods) are common and mostly harmless.
      extract: ({ anchor }) => (/\.(?:jar|zip|litemod|disabled)$/i.test(anchor[1]) ? null : { folder: anchor[1] }),
    }],
    message: ({ folder }) => `The mods folder contains the unpacked folder ${quote(baseName(folder))} instead of a mod's .jar file.`,
    solutions: ({ folder }) => [`Delete the folder ${quote(folder)} and put the mod's original .jar file in the mods folder (mods must not be unzipped).`],
    key: ({ folder }) => folder,
  }),

  defineRule<ModuleTwice>({
    ...jvm,
    code: "duplicate-module",
    category: "duplicate",
    summary: "Two jars provide the same Java module (OptiFine installed twice, a mod or library in two versions).",
    shapes: [
      {
        anchor: /Module \S{1,100} reads (?:another|more than one) module named (\S{1,100})/,
        hint: ["ResolutionException", " module named "],
        extract: ({ anchor }) => ({ module: anchor[1], files: [] }),
      },
      {
        anchor: /Two versions of module (\S{1,100}) found in \S{1,300} \((\S{1,300}) and (\S{1,300})\)/,
        hint: ["FindException", "Two versions of module"],
        extract: ({ anchor }) => ({ module: anchor[1], files: [anchor[2], anchor[3]] }),
      },
    ],
    message: ({ module, files }) =>
      module.toLowerCase() === "optifine"
        ? `${quote("OptiFine")} is installed twice.`
        : `The module ${quote(module)} is installed twice${files.length ? `: ${quote(files[0])} and ${quote(files[1])}` : ""}.`,
    solutions: ({ module, files }) =>
      module.toLowerCase() === "optifine"
        ? ["Keep one OptiFine: remove the copy in the mods folder, or stop installing it as a launcher version as well."]
        : files.length
          ? [`Remove either ${quote(files[0])} or ${quote(files[1])} (keep the newer one).`]
          : [`Look for two versions of the mod providing ${quote(module)} in the mods folder and remove one.`],
    key: ({ module }) => module,
  }),
];
