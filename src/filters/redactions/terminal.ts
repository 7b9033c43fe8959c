import type { Redaction } from "../model.ts";

/**
 * Terminal escape sequences (ANSI colours from server consoles and panels) are removed, not
 * replaced: nothing displays them (the page and the engine show the text without them), and an
 * address or a home path right behind one (`\x1b[33m203.0.113.7`) would otherwise slip past the
 * redactions that refuse a letter before their match. Runs before every redaction.
 */
export const terminalEscapes: Redaction = {
  name: "terminal escape sequences (removed)",
  published: true,
  data: {
    // CSI: ESC [, parameter bytes, intermediate bytes, one final byte (ECMA-48)
    patterns: [{ pattern: String.raw`\x1b\[[0-?]{0,32}[ -\/]{0,8}[@-~]`, modifiers: [], replacement: "" }],
    exemptions: [],
  },
  gate: /\x1b/g,
};
