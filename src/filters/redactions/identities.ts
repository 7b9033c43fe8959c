import { placeholder } from "../placeholders.ts";
import type { Redaction } from "../model.ts";

/**
 * E-mail addresses (accounts, mod authors' contacts in crash reports, panel notifications).
 * The local part starts a run (not inside a longer one), so each character starts at most one
 * attempt and the scan stays linear. It is not bounded to the standard's 64 characters: an
 * address glued to a longer run (`<64 hex>-john@example.com`) was no match at all, and kept.
 */
const local = "[A-Za-z0-9._%+-]";
/** File extensions that are no top-level domain: `crash-bob@example.com.txt` keeps its `.txt`. */
const notAnExtension = "(?!(?:log|txt|gz|jar|json|toml|yml|yaml|cfg|conf|properties)(?![A-Za-z0-9-]))";
export const email: Redaction = {
  name: "e-mail addresses",
  published: true,
  data: {
    patterns: [
      {
        pattern: String.raw`(?<!${local})${local}+@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.${notAnExtension}[A-Za-z]{2,24}(?![A-Za-z0-9-])`,
        modifiers: [],
        replacement: placeholder.email,
      },
    ],
    exemptions: [],
  },
  gate: /[A-Za-z0-9._%+-]@[A-Za-z0-9-]/g,
};
