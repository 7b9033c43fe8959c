/**
 * A crash triggered on purpose: holding F3+C for ten seconds (or a debug command) makes the game
 * throw `Manually triggered debug crash`. Nothing is broken; the mods in its stack trace (mixins
 * on the keyboard handler) are bystanders, and naming this cause keeps mod-crash from blaming them.
 */
import { defineRule } from "../define-rule.ts";
import { jvm } from "./cue.ts";

export const debugCrashRules = [
  defineRule<Record<string, never>>({
    ...jvm,
    code: "debug-crash",
    category: "debug-crash",
    summary: "The crash was triggered on purpose (F3+C held, or a debug command): nothing is broken.",
    shapes: [{ anchor: /^(?:Description: |java\.lang\.Throwable: )?Manually triggered debug crash\s*$/, hint: "Manually triggered debug crash", extract: () => ({}) }],
    message: () => "This crash was triggered on purpose (the F3+C keys held for ten seconds, or a debug command): nothing is broken.",
    solutions: () => [
      "Nothing needs fixing: start the game again.",
      "If nobody pressed F3+C, a stuck key, a macro tool or a keyboard remapper held them: check those.",
    ],
    key: () => "",
  }),
];
