/**
 * Fabric Loader messages the newer-form rules (fabric.ts) do not read: the one-line forms of
 * Fabric Loader 0.11 and before (`x requires {y @ [range]}`), also as printed by translated
 * launcher builds, and mods that need a newer Java (rule group `fabric`).
 */
import { defineRule, type ShapeMatch } from "../define-rule.ts";
import { fabricModName } from "../names.ts";
import { describeRange, requirementKind, versionNeedFixes, versionNeedMessage } from "../requirements.ts";
import { minecraftVersion, runningJava } from "../runtime-facts.ts";
import { fix, quote } from "../wording.ts";
import { useJava } from "./java-runtime.ts";
import { ruleCue } from "./cue.ts";
import { displayName, parseRequirement } from "./fabric-requirements.ts";

const fabric = { groups: ["fabric"] as const, cue: ruleCue };

interface Relation {
  mod: string;
  dependency: string;
  /** null for any version (`*`). */
  range: string | null;
  conflict: boolean;
}

/**
 * `origins requires {fabric @ [1.0.0]}`, `a conflicts with {b @ [*]}`: an id, a short verb (any
 * language: the structure is what counts), then the braced dependency. The verb may not hold a
 * colon, so the id is the word right before it, not the start of the message.
 */
const BRACED = /(?<![\w.+-])([\w.+-]{1,100}) ([^{}:\n]{1,40}?) ?\{([\w.+-]{1,100}) @ \[([^\]\n]{0,300})\]\}/;
/** `Could not resolve valid mod collection (at: x requires y)`, braces optional. */
const COLLECTION = /valid mod collection \(at: ([\w.+-]{1,100}) requires \{?([\w.+-]{1,100})(?: @ \[([^\]\n]{0,300})\])?/;
const CONFLICT_WORDS = /conflict|break|incompatible/i;

const anyVersion = (range: string | undefined) => (!range || range === "*" ? null : range);

function relationOf({ anchor }: ShapeMatch, collection: boolean): Relation {
  if (collection) return { mod: anchor[1], dependency: anchor[2], range: anyVersion(anchor[3]), conflict: false };
  return { mod: anchor[1], dependency: anchor[3], range: anyVersion(anchor[4]), conflict: CONFLICT_WORDS.test(anchor[2]) };
}

const relationShapes = (keep: (relation: Relation) => boolean) => [
  { anchor: BRACED, hint: " @ [", extract: (match: ShapeMatch) => keepIf(relationOf(match, false), keep) },
  { anchor: COLLECTION, hint: ["Exception", "valid mod collection (at: "], extract: (match: ShapeMatch) => keepIf(relationOf(match, true), keep) },
];

function keepIf(relation: Relation, keep: (relation: Relation) => boolean): Relation | null {
  return keep(relation) ? { ...relation, mod: fabricModName(relation.mod), dependency: fabricModName(relation.dependency) } : null;
}

/** Requiring the game or the loader means another version of them, not a missing mod; Java is fabric-mod-needs-java's. */
const requires = (kind: ReturnType<typeof requirementKind>) => (relation: Relation) => !relation.conflict && requirementKind(relation.dependency) === kind;
const relationKey = ({ mod, dependency }: Relation) => `${mod}\n${dependency}`;

/** The Java version a Fabric range asks for at least: `>=17` -> 17, `17` -> 17, `>16` -> 17. */
function javaAtLeast(range: string | null): number | null {
  const match = /^(>=|>)?(?:1\.)?(\d{1,2})\b/.exec(range ?? "");
  if (!match) return null;
  return Number(match[2]) + (match[1] === ">" ? 1 : 0);
}

export const fabricLoadingRules = [
  defineRule<Relation>({
    code: "fabric-legacy-dependency",
    category: "missing-dependency",
    summary: "Fabric Loader 0.11 and older: a mod requires another mod that is missing (`x requires {y @ [range]}`).",
    ...fabric,
    shapes: relationShapes(requires("mod")),
    message: ({ mod, dependency, range }) => `The mod ${quote(mod)} needs ${quote(dependency)}${range ? ` ${describeRange(range)}` : ""}, which is missing.`,
    solutions: ({ dependency, range }) => [fix.modInstall(dependency, range ? describeRange(range) : undefined)],
    key: relationKey,
  }),

  defineRule<Relation & { present: string | null }>({
    code: "fabric-legacy-wrong-version",
    category: "wrong-game-version",
    summary: "Fabric Loader 0.11 and older: a mod requires another Minecraft or Fabric Loader version (`x requires {minecraft @ [1.17.x]}`).",
    ...fabric,
    shapes: relationShapes((r) => requires("game")(r) || requires("loader")(r)).map((shape) => ({
      ...shape,
      extract: (match: ShapeMatch) => {
        const relation = shape.extract(match);
        return relation && { ...relation, present: requirementKind(relation.dependency) === "game" ? minecraftVersion(match.log) : null };
      },
    })),
    message: (r) => versionNeedMessage({ mod: r.mod, id: r.dependency, range: r.range, present: r.present }),
    solutions: (r) => versionNeedFixes({ mod: r.mod, id: r.dependency, range: r.range, present: r.present }),
    key: relationKey,
  }),

  defineRule<Relation>({
    code: "fabric-legacy-conflict",
    category: "incompatible",
    summary: "Fabric Loader 0.11 and older: two installed mods declare a conflict (`Found conflicting mods: x conflicts with {y}`).",
    ...fabric,
    shapes: relationShapes((r) => r.conflict),
    message: ({ mod, dependency }) => `The mods ${quote(mod)} and ${quote(dependency)} are declared as not working together.`,
    solutions: ({ mod, dependency }) => [fix.modRemove(mod), fix.modRemove(dependency)],
    key: relationKey,
  }),

  defineRule<{ mod: string; needed: number; found: number | null }>({
    code: "fabric-mod-needs-java",
    category: "java-too-old",
    summary: "A Fabric mod requires a newer Java than the one running (a `java` dependency).",
    ...fabric,
    shapes: [
      {
        anchor: /requires [^\n]{1,300}?\(java\)/,
        hint: ["Mod '", "(java)"],
        extract: ({ anchor, log }) => {
          const requirement = parseRequirement(anchor.input);
          const needed = javaAtLeast(requirement?.range ?? null);
          if (requirement?.dependency.id !== "java" || needed === null) return null;
          const present = requirement.present === null ? null : javaAtLeast(requirement.present);
          return { mod: displayName(requirement.mod), needed, found: present ?? runningJava(log)?.major ?? null };
        },
      },
      {
        anchor: BRACED,
        hint: "{java @ [",
        extract: ({ anchor, log }) => {
          const needed = javaAtLeast(anchor[4]);
          return anchor[3] === "java" && needed !== null ? { mod: fabricModName(anchor[1]), needed, found: runningJava(log)?.major ?? null } : null;
        },
      },
    ],
    message: ({ mod, needed, found }) => `The mod ${quote(mod)} needs Java ${quote(String(needed))}${found === null ? "" : `, but this log runs Java ${quote(String(found))}`}.`,
    solutions: ({ mod, needed, found }) => [useJava(needed, found), `Or use a release of ${quote(mod)} built for your Java.`],
    key: ({ mod }) => mod,
  }),
];
