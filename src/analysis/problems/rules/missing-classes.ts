/**
 * Missing classes: code asked the JVM for a class no installed jar provides
 * (`NoClassDefFoundError: dev/architectury/...`, `ClassNotFoundException: net.minecraft.class_123`).
 * Whose class it is tells the cause: a library's means the library is missing; the game's means
 * the add-on was built for another Minecraft version (or for the client, on a server); anything
 * else, when no other rule explains the crash, means some dependency of the add-on is missing.
 */
import { crashOf, culpritAt, culpritName, type Culprit } from "../crash-culprit.ts";
import type { LogContext, LogEntry } from "../../model.ts";
import { defineRule, type Shape, type ShapeMatch } from "../define-rule.ts";
import { knownModOf, type KnownMod } from "../known-mods.ts";
import { minecraftVersion } from "../runtime-facts.ts";
import { addOnKind, capitalised, culpritPhrase, quote, type AddOnKind } from "../wording.ts";
import { jvm } from "./cue.ts";

interface MissingClass {
  /** `dev.architectury.event.Event`, with dots whatever the message used. */
  className: string;
  /** The add-on whose code asked for it, when its frames name one. */
  culprit: Culprit | null;
  addOn: AddOnKind;
}

// `Could not initialize class X` is a class that exists but failed its static set-up: another cause.
const NO_CLASS_DEF = /NoClassDefFoundError: (?!Could not initialize)L?([a-zA-Z_$][\w$]*(?:[/.][\w$]+){1,40})/;
const CLASS_NOT_FOUND = /ClassNotFoundException: ([a-zA-Z_$][\w$]*(?:\.[\w$]+){1,40})/;

const missingClass = (match: ShapeMatch): MissingClass => ({
  className: match.anchor[1].replace(/\//g, "."),
  culprit: culpritAt(match.entry, match.lineIndex, match.log),
  addOn: addOnKind(match.log.software),
});

/** The two ways the JVM says it, each kept only when `keep` says the class is this rule's. */
function missingClassShapes<E>(keep: (found: MissingClass, match: ShapeMatch) => E | null): Shape<E>[] {
  return [
    { anchor: NO_CLASS_DEF, hint: "NoClassDefFoundError", extract: (match) => keep(missingClass(match), match) },
    {
      anchor: CLASS_NOT_FOUND,
      hint: "ClassNotFoundException",
      // Mods and Mixin probe for optional classes and log the miss as a warning (`Error loading
      // class: ...`): only a miss in a trace (the cause of a NoClassDefFoundError, a crash) counts.
      extract: (match) => (match.lineIndex > 0 || match.entry.lines.length > 1 || isCrashEntry(match) ? keep(missingClass(match), match) : null),
    },
  ];
}

const isCrashEntry = (match: ShapeMatch) => crashOf(match.log)?.entry === match.entry;

/** Classes whose absence means a broken install, not an add-on (install.ts words those). */
const LAUNCH_CLASSES = /^(?:net\.minecraft\.(?:client\.main\.Main|server\.Main|launchwrapper\.)|net\.minecraftforge\.bootstrap\.|cpw\.mods\.(?:modlauncher|bootstraplauncher)\.|net\.fabricmc\.loader\.|org\.quiltmc\.loader\.)/;
const GAME_CLASS = /^(?:net\.minecraft\.|com\.mojang\.(?:blaze3d|math|realmsclient)\.)/;
const CLIENT_CLASS = /^(?:net\.minecraft\.client\.|com\.mojang\.blaze3d\.|net\.minecraft\.class_\d+$)/;

const requester = (c: MissingClass) => (c.culprit ? culpritPhrase(c.culprit, c.addOn) : `an installed ${c.addOn}`);
const requesterName = (c: MissingClass) => (c.culprit ? quote(culpritName(c.culprit)) : `the ${c.addOn} in the stack trace`);

/** Whether the culprit is the library itself, by its id, name or file (`architectury-9.2.14-fabric.jar`). */
const isLibrary = (culprit: Culprit, library: KnownMod) =>
  [culprit.id, culprit.name, culprit.jar].some((value) => value?.toLowerCase().startsWith(library.id.toLowerCase()));

interface LibraryMissing extends MissingClass {
  library: KnownMod;
  /** A method or field the add-on calls that this version of the library lacks. */
  member?: string;
}

interface GameClassMissing extends MissingClass {
  minecraft: string | null;
}

const isClientOnServer = (found: MissingClass, match: ShapeMatch) => match.log.side === "server" && CLIENT_CLASS.test(found.className);

const THROWN_REFUSAL = /Exception: Attempted to load class /;
/** Entries read past a refusal for the same refusal with a trace. */
const REFUSAL_SEARCH = 400;

/**
 * A refusal and the mod behind it. Forge logs the refusal first on a line of its own and then
 * throws it with the trace that names the mod: a refusal without a culprit takes the first one a
 * later mention of the same words has (looked for once per log and refusal).
 */
function refusal(found: MissingClass, { anchor, entry, log }: ShapeMatch): MissingClass {
  if (found.culprit) return found;
  let known = refusalCulprits.get(log.entries);
  if (!known) refusalCulprits.set(log.entries, (known = new Map()));
  let culprit = known.get(anchor[0]);
  if (culprit === undefined) {
    culprit = laterCulprit(anchor[0], entry, log);
    known.set(anchor[0], culprit);
  }
  return culprit ? { ...found, culprit } : found;
}

const refusalCulprits = new WeakMap<object, Map<string, Culprit | null>>();

/**
 * The refused class, with the culprit of the trace under it. A log's header line alone (Forge's
 * `RuntimeDistCleaner` line) has no trace of its own: reading on across the entries after it, as
 * culpritAt does for excerpts, found nothing and cost a pass over the log for every such line.
 */
function refusedClass(match: ShapeMatch): MissingClass {
  const alone = match.entry.lines.length === 1 && match.entry.prefix !== null;
  return alone ? { className: match.anchor[1], culprit: null, addOn: addOnKind(match.log.software) } : missingClass(match);
}

function laterCulprit(words: string, entry: LogEntry, log: LogContext): Culprit | null {
  const start = log.entries.indexOf(entry);
  for (let e = start; e >= 0 && e < log.entries.length && e <= start + REFUSAL_SEARCH; e++) {
    const lines = log.entries[e].lines;
    for (let l = 0; l < lines.length; l++) {
      if (!lines[l].content.includes(words)) continue;
      const culprit = culpritAt(log.entries[e], l, log);
      if (culprit) return culprit;
    }
  }
  return null;
}

/** What a client-only add-on on a server is called and told, whichever evidence found it. */
const clientOnServer = {
  category: "incompatible",
  message: (c: MissingClass) =>
    `${capitalised(requester(c))} loads client-only code (${quote(c.className)}) on this server: it is a client-only ${c.addOn}, or one that breaks on servers.`,
  solutions: (c: MissingClass) => [
    `Remove ${requesterName(c)} from the server's mods folder if it only belongs on the players' computers; otherwise update it.`,
    "If the stack trace names no mod, remove recently added mods that only change the screen (menus, minimaps, shaders, sounds) until the server starts.",
  ],
  key: (c: MissingClass) => (c.culprit ? culpritName(c.culprit) : c.className),
} as const;

export const missingClassRules = [
  defineRule<LibraryMissing>({
    ...jvm,
    code: "library-missing",
    category: "missing-dependency",
    summary: "A class of a known library mod or plugin cannot be found: the library is not installed, or not in a version that has it.",
    shapes: [
      ...missingClassShapes((found) => {
        // On plugin servers the Bukkit rules word a plugin that fails for a missing library.
        if (found.addOn === "plugin") return null;
        const library = knownModOf(found.className);
        return library ? { ...found, library } : null;
      }),
      {
        // The library is there, in a version without a method or field the add-on calls:
        // `NoSuchMethodError: 'void dev.architectury.event.Event.register(java.lang.Object)'`,
        // `NoSuchFieldError: ... software.bernie.geckolib.core.animation.RawAnimation.LOOP` (the owner only from Java 11 on).
        anchor: /NoSuch(?:Method|Field)Error: '?(?:[\w$.[\]]{1,200} )?([a-z][\w$]*(?:\.[\w$]+){1,30})\.([\w$<>]{1,100})/,
        hint: ["Error", "NoSuch"],
        extract: (match) => {
          const found = { ...missingClass(match), className: match.anchor[1], member: match.anchor[2] };
          const library = found.addOn === "plugin" ? null : knownModOf(found.className);
          // Only a call from another add-on's code: the library failing inside itself is another cause.
          return library && found.culprit && !isLibrary(found.culprit, library) ? { ...found, library } : null;
        },
      },
    ],
    message: (c) =>
      c.member
        ? `${capitalised(requester(c))} needs another version of ${quote(c.library.name)}: it calls ${quote(`${c.className}.${c.member}`)}, which the installed one does not have.`
        : `${capitalised(requester(c))} needs ${quote(c.library.name)}, which is missing (class ${quote(c.className)} not found).`,
    solutions: (c) => [
      `Install ${quote(c.library.name)} in the version made for this Minecraft version and loader (or the version ${requesterName(c)} asks for on its download page).`,
      `If it is installed, update it: this ${c.addOn} needs a version that has ${quote(c.className)}.`,
    ],
    key: (c) => c.library.id,
  }),
  defineRule<GameClassMissing>({
    ...jvm,
    code: "mod-for-other-game-version",
    category: "wrong-game-version",
    deferred: true,
    summary: "A mod asks for a class or method of Minecraft that this game does not have: it was made for another Minecraft version.",
    shapes: [
      ...missingClassShapes((found, match) => {
        if (!GAME_CLASS.test(found.className) || LAUNCH_CLASSES.test(found.className) || isClientOnServer(found, match)) return null;
        return { ...found, minecraft: minecraftVersion(match.log) };
      }),
      {
        // A method of the game that is not there: `NoSuchMethodError: 'void net.minecraft.class_437.method_25420(...)'`
        // (or the old `net.minecraft.client.gui.GuiScreen.func_73863_a(IIF)V`), called by a mod.
        anchor: /NoSuchMethodError: '?(?:[\w$.[\]]{1,200} )?((?:net\.minecraft|com\.mojang\.blaze3d)\.[\w$.]{1,200})\.[\w$<>]{1,100}\(/,
        hint: "NoSuchMethodError",
        extract: (match) => {
          const found = { ...missingClass(match), className: match.anchor[1] };
          // Only when a mod's code called it: the game calling itself is a broken install or another mod's mixin.
          return found.culprit ? { ...found, minecraft: minecraftVersion(match.log) } : null;
        },
      },
    ],
    message: (c) =>
      `${capitalised(requester(c))} asks for ${quote(c.className)}, which this Minecraft${c.minecraft ? ` ${c.minecraft}` : ""} does not have: it was made for another Minecraft version.`,
    solutions: (c) => [
      `Download the build of ${requesterName(c)} made for Minecraft${c.minecraft ? ` ${c.minecraft}` : " this version"} and this loader, or remove it.`,
    ],
    key: (c) => (c.culprit ? culpritName(c.culprit) : c.className),
  }),
  defineRule<MissingClass>({
    ...jvm,
    ...clientOnServer,
    code: "client-mod-on-server",
    // A last resort: a crash report's own rules (a ticking entity...) say more when they apply.
    fallback: true,
    summary: "A client-only mod is installed on a dedicated server: it asks for the game's client code, which a server does not have.",
    shapes: missingClassShapes((found, match) => (isClientOnServer(found, match) ? found : null)),
  }),
  defineRule<MissingClass>({
    ...jvm,
    ...clientOnServer,
    code: "client-code-refused-on-server",
    // The loader's own words leave no doubt, so this is no last resort: it runs beside the
    // loader's generic "failed to load", which does not say why.
    summary: "The loader refuses to load client-only code on a dedicated server (Forge's invalid dist, Fabric's environment type): a client-only mod is installed on the server.",
    shapes: [
      {
        // Forge, NeoForge: `Attempted to load class net/minecraft/client/... for invalid dist DEDICATED_SERVER`.
        anchor: /Attempted to load class (\S{1,300}) for invalid dist DEDICATED_SERVER/,
        hint: ["Exception", "for invalid dist DEDICATED_SERVER"],
        extract: (match) => {
          // Forge also logs the refusal of a mixin's probe for a client class (`Error loading class`),
          // which is harmless: a refusal counts when thrown, or when a trace names its mod.
          const line = match.entry.lines[match.lineIndex].content;
          if (line.includes("Error loading class: ")) return null;
          const found = refusal({ ...refusedClass(match), className: match.anchor[1].replace(/\//g, ".") }, match);
          return found.culprit || THROWN_REFUSAL.test(line) ? found : null;
        },
      },
      {
        // Fabric, Quilt: `Cannot load class net.minecraft.class_310 in environment type SERVER`.
        anchor: /Cannot load class (\S{1,300}) in environment type SERVER/,
        hint: ["Exception", "in environment type SERVER"],
        extract: (match) => refusal(refusedClass(match), match),
      },
    ],
    // The loader repeats the refusal in its summary, without the trace: one problem per class.
    key: (c) => c.className,
  }),
  defineRule<MissingClass>({
    ...jvm,
    code: "class-missing",
    category: "missing-dependency",
    summary: "The crash is a class no installed jar provides, when no other rule explains it: a dependency of the add-on that asked for it is missing or too old.",
    fallback: true,
    shapes: missingClassShapes((found, match) => {
      if (knownModOf(found.className) || GAME_CLASS.test(found.className) || LAUNCH_CLASSES.test(found.className)) return null;
      // Only the crash itself: add-ons probe for optional classes and log what they miss.
      return crashOf(match.log)?.entry === match.entry ? found : null;
    }),
    message: (c) => `${capitalised(requester(c))} needs the class ${quote(c.className)}, which no installed jar provides.`,
    solutions: (c) => [
      `Install the mods ${requesterName(c)} depends on (its download page lists them), in versions made for this Minecraft version.`,
      `Or update ${requesterName(c)}: a version made for the libraries you have may not need this class.`,
    ],
    key: (c) => c.className,
  }),
];
