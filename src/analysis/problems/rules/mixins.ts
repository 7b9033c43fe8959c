/**
 * Mixin failures, on any loader that uses Mixin (Fabric, Quilt, Forge, NeoForge), behind a log4j
 * prefix or after `Caused by:`. Mixin names the failing mixin as `<config>.json:<Mixin>`, Fabric's
 * fork adds `from mod <id>`; without it the mod is read from the config's name.
 */
import type { LogContext } from "../../model.ts";
import { defineRule, type Shape } from "../define-rule.ts";
import { logShows } from "../log-facts.ts";
import { quote } from "../wording.ts";
import { jvm } from "./cue.ts";

interface MixinFailure {
  mod: string | null;
  config: string | null;
  mixin: string | null;
  target: string | null;
  phase: "apply" | "prepare";
}

/** Words in config names that are not the mod: `mixins.sodium.json`, `create-common.mixins.json`. */
const NOT_THE_MOD = /^(?:mixins?|common|client|server|forge|neoforge|fabric|quilt|compat|core|main|accessors?|default)$/i;

/** The mod a mixin config most likely belongs to: `create.mixins.json` -> create. */
export function modOfConfig(config: string): string | null {
  const part = config.replace(/\.json$/, "").split(".").find((piece) => !NOT_THE_MOD.test(piece));
  return part ? part.replace(/[-_](?:common|client|server|forge|neoforge|fabric|quilt)$/i, "") : null;
}

const CONFIG = String.raw`([\w.$-]{1,200}?\.json):([\w.$]{1,200})`;
const FROM_MOD = String.raw`(?: from mod ([^\s\]]{1,100}))?`;

const failure = (config: string | null, mixin: string | null, mod: string | null, target: string | null, phase: MixinFailure["phase"]): MixinFailure => ({
  mod: mod ?? (config ? modOfConfig(config) : null),
  config,
  mixin,
  target: target?.replace(/\//g, ".") ?? null,
  phase,
});

/** A config named after whitespace or `->` (the phase trail), anywhere after the exception's name. */
const CONFIG_IN_MESSAGE = new RegExp(String.raw`[\s>]${CONFIG}${FROM_MOD}`);

function namedInMessage(classes: string, hint: string): Shape<MixinFailure> {
  return {
    anchor: new RegExp(String.raw`(?:${classes}): `),
    hint: [hint, ".json:"],
    extract: ({ anchor }) => {
      const named = CONFIG_IN_MESSAGE.exec(anchor.input.slice(anchor.index + anchor[0].length - 1));
      return named ? failure(named[1], named[2], named[3] ?? null, null, "apply") : null;
    },
  };
}

const shapes: Shape<MixinFailure>[] = [
  {
    // `Mixin apply for mod x failed x.mixins.json:Foo from mod x -> net.minecraft.Bar: ...` (Fabric),
    // `Mixin apply failed x.mixins.json:Foo -> net.minecraft.Bar: ...` (Mixin itself).
    anchor: new RegExp(String.raw`Mixin apply (?:for mod (\S{1,100}) )?failed ${CONFIG}${FROM_MOD} -> ([\w.$/]{1,300})`),
    hint: "Mixin apply",
    extract: ({ anchor: a }) => failure(a[2], a[3], a[4] ?? a[1] ?? null, a[5], "apply"),
  },
  {
    anchor: /Mixin prepare (?:for mod (\S{1,100}) )?failed preparing ([\w.$]{1,200}) in ([\w.$-]{1,200}?\.json)/,
    hint: "Mixin prepare",
    extract: ({ anchor: a }) => failure(a[3], a[2], a[1] ?? null, null, "prepare"),
  },
  {
    // MixinApplyError / MixinPrepareError: `Mixin [x.mixins.json:Foo from mod x] from phase [DEFAULT] in config [x.mixins.json] FAILED during APPLY`.
    anchor: new RegExp(String.raw`Mixin \[${CONFIG}${FROM_MOD}\] from phase \[\w{1,50}\] in config \[[^\]]{1,200}\] FAILED during (APPLY|PREPARE)`),
    hint: ["Error", "FAILED during"],
    extract: ({ anchor: a }) => failure(a[1], a[2], a[3] ?? null, null, a[4] === "PREPARE" ? "prepare" : "apply"),
  },
  // Injection and validation errors name the mixin inside their message or their phase trail.
  namedInMessage("InvalidMixinException|InvalidInjectionException|InvalidAccessorException", "Exception"),
  namedInMessage("InjectionError", "InjectionError"),
  {
    // Fabric's crash: the transformer error, with the mod named by a `Caused by:` line below it.
    anchor: /MixinTransformerError: An unexpected critical error was encountered/,
    hint: "MixinTransformerError",
    later: { pattern: /^\s*Caused by: .*? from mod ([^\s,\]]+)/, within: 1000 },
    extract: ({ follow }) => failure(null, null, follow![1], null, "apply"),
  },
];

/**
 * OptiFine rewrites the game's rendering classes on load (Forge's transformation service, or
 * OptiFabric on Fabric), so another mod's mixin into them finds its targets gone: with OptiFine
 * installed, a failed mixin of another mod is that conflict.
 */
const OPTIFINE_INSTALLED = /OptiFineTransformationService|OptiFine_[\w.]{1,40}_HD_U|\boptifabric\b/i;
const isOptiFineConflict = (failed: MixinFailure, log: LogContext) =>
  failed.mod !== null && !/^opti/i.test(failed.mod) && logShows(log, OPTIFINE_INSTALLED);

/** The shapes, keeping only the failures `keep` says are this rule's. */
const shapesWhere = (keep: (failed: MixinFailure, log: LogContext) => boolean): Shape<MixinFailure>[] =>
  shapes.map((shape) => ({
    ...shape,
    extract: (match) => {
      const failed = shape.extract(match);
      return failed && keep(failed, match.log) ? failed : null;
    },
  }));

export const mixinRules = [
  defineRule<MixinFailure>({
    ...jvm,
    code: "optifine-mixin-conflict",
    category: "incompatible",
    summary: "With OptiFine installed, another mod's mixin cannot be applied: OptiFine changed the same game code.",
    shapes: shapesWhere(isOptiFineConflict),
    message: ({ mod, mixin }) =>
      `OptiFine and the mod ${quote(mod!)} change the same game code: ${mixin ? `its mixin ${quote(mixin)}` : "its mixin"} could not be applied, which stopped the game.`,
    solutions: ({ mod }) => [
      `Remove OptiFine: ${quote(mod!)} and OptiFine do not work together (for shaders, use Iris or Oculus instead).`,
      `Or keep OptiFine and remove ${quote(mod!)}.`,
    ],
    key: ({ mod }) => mod!,
  }),
  defineRule<MixinFailure>({
    ...jvm,
    code: "mixin-failed",
    category: "mixin-failure",
    summary: "A mod's mixin failed to prepare or apply (names the mixin config, the mixin and its mod).",
    shapes: shapesWhere((failed, log) => !isOptiFineConflict(failed, log)),
    message: ({ mod, config, mixin, target, phase }) => {
      const what = mixin ? `The mixin ${quote(mixin)}${config ? ` of ${quote(config)}` : ""}` : "A mixin";
      const owner = mod ? ` (mod ${quote(mod)})` : "";
      const where = phase === "prepare" ? " failed while being prepared" : ` could not be applied${target ? ` to ${quote(target)}` : ""}`;
      return `${what}${owner}${where}, which stopped the game.`;
    },
    solutions: ({ mod }) => [
      mod ? `Update ${quote(mod)} to its newest release for this Minecraft and loader version.` : "Update the mod that owns this mixin config to its newest release for this Minecraft and loader version.",
      "If it started after adding or updating another mod, the two change the same code: remove one of them (OptiFine and performance mods are frequent partners).",
    ],
    key: ({ mod, config }) => mod ?? config ?? "",
  }),
];
