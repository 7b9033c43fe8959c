/**
 * The last resort for a crash no other rule explains: name the mod or plugin its stack trace
 * points at (crash-culprit.ts). Runs in every Java game log, after all other rules.
 */
import { crashOf, type Culprit } from "../crash-culprit.ts";
import { defineRule } from "../define-rule.ts";
import type { LogEntry } from "../../model.ts";
import { addOnKind, culpritFixes, culpritPhrase, capitalised, whatCrashed, type AddOnKind } from "../wording.ts";

interface CrashCulprit extends Culprit {
  side: "client" | "server" | null;
  addOn: AddOnKind;
}

/** Asked once per entry and empty for all but one: shared (the caller only reads it). */
const NONE: CrashCulprit[] = [];
const NONE_ENTRIES: LogEntry[] = [];

export const modCrashRules = [
  defineRule<CrashCulprit>({
    code: "mod-crash",
    category: "mod-crash",
    summary: "A crash whose stack trace points at a named mod or plugin, when no more specific rule explains it.",
    groups: ["jvm"],
    fallback: true,
    // Only the crash's own entry can hold a finding: the others are not asked.
    entriesOf: (log) => {
      const crash = crashOf(log);
      return crash?.culprit ? [crash.entry] : NONE_ENTRIES;
    },
    scan(entry, log) {
      const crash = crashOf(log);
      if (!crash?.culprit || crash.entry !== entry) return NONE;
      return [{ ...crash.culprit, side: log.side ?? null, addOn: addOnKind(log.software) }];
    },
    message: (c) => `${capitalised(whatCrashed(c.side))} crashed in the code of ${culpritPhrase(c, c.addOn)}.`,
    solutions: (c) => culpritFixes(c, c.addOn),
    key: (c) => c.id ?? c.jar ?? c.name ?? "",
  }),
];
