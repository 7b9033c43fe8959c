/** Two mods at odds in a crash's own exception (rule group `jvm`). */
import { crashOf, culpritAt, culpritName, type Culprit } from "../crash-culprit.ts";
import { defineRule, type ShapeMatch } from "../define-rule.ts";
import { isPlatformModule } from "../stack-frames.ts";
import { addOnKind, capitalised, culpritFixes, culpritPhrase, quote, type AddOnKind } from "../wording.ts";
import { jvm } from "./cue.ts";

interface ClassCast {
  /** The mod whose code made the cast (the trace's culprit). */
  culprit: Culprit;
  /** The module of the object's class: the other mod. */
  owner: string;
  /** Simple names: the object's class and what it was cast to. */
  object: string;
  target: string;
  addOn: AddOnKind;
}

/**
 * `class com.simibubi...SeatEntity cannot be cast to class net.minecraft...LivingEntity
 * (com.simibubi...SeatEntity is in module create@0.5.1.f of loader 'TRANSFORMER' ...`: Java names
 * the module each class came from, so the object's mod is known whatever the trace says.
 */
const CLASS_CAST = /ClassCastException: class ([\w$.]{1,300}) cannot be cast to class ([\w$.]{1,300}) \([\w$.]{1,300} is in module ([\w.-]{1,100})@/;

const simpleName = (className: string) => className.slice(className.lastIndexOf(".") + 1);

/** Lines between a report's description and its exception (a blank line, a wrapped message). */
const REPORT_LEAD_IN = 6;

/**
 * Whether the match is the crash's own exception: in the crash's entry, or, in a crash report
 * (a line an entry), a few lines below its description.
 */
function isTheCrash({ entry, log }: ShapeMatch): boolean {
  const crash = crashOf(log);
  if (!crash) return false;
  if (crash.entry === entry) return true;
  if (crash.entry.lines.length !== 1) return false;
  const from = log.entries.indexOf(crash.entry);
  const at = log.entries.indexOf(entry, from);
  return at > from && at - from <= REPORT_LEAD_IN;
}

export const modConflictRules = [
  defineRule<ClassCast>({
    ...jvm,
    code: "mods-class-cast",
    category: "incompatible",
    summary: "The crash is one mod treating an object of another mod as something it is not (a ClassCastException between their classes): the two do not work together.",
    shapes: [{
      anchor: CLASS_CAST,
      hint: "ClassCastException",
      extract: (match) => {
        // Only the crash itself: a cast caught and logged along the way is no cause.
        if (!isTheCrash(match)) return null;
        const owner = match.anchor[3];
        // An object of the game's or the loader's names no second mod.
        if (isPlatformModule(owner)) return null;
        const culprit = culpritAt(match.entry, match.lineIndex, match.log);
        if (!culprit || culprit.id === owner) return null;
        return { culprit, owner, object: simpleName(match.anchor[1]), target: simpleName(match.anchor[2]), addOn: addOnKind(match.log.software) };
      },
    }],
    message: ({ culprit, owner, object, target, addOn }) =>
      `${capitalised(culpritPhrase(culprit, addOn))} treats ${quote(object)} of the ${addOn} ${quote(owner)} as a ${quote(target)}, which it is not: the two do not work together.`,
    solutions: ({ culprit, owner, addOn }) => [
      ...culpritFixes(culprit, addOn),
      `If the latest releases still crash together, remove ${quote(culpritName(culprit))} or ${quote(owner)}, and report the crash to ${quote(culpritName(culprit))}.`,
    ],
    key: ({ culprit, owner }) => `${culpritName(culprit)}\n${owner}`,
  }),
];
