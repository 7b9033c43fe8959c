import { placeholder } from "../placeholders.ts";
import type { Redaction } from "../model.ts";
import { AFTER_COLOUR_CODE, WORD } from "./portable.ts";

/**
 * IP addresses. Every repetition is bounded, so a match attempt reads at most ~110
 * characters and the scan stays linear.
 */

const octet = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;

/**
 * Four-part versions are valid addresses too (mod lists are full of `3.2.1.196`), so a
 * dotted quad right after one of these words is a version, not an address. Each is its own
 * fixed-length lookbehind, which PCRE accepts as well; the filter's `i` modifier covers casing.
 */
const versionCues = ["version ", "version: ", "version=", "version (", "Unix "];
const notAfterVersionCue = versionCues.map((cue) => `(?<!${cue.replace(/[()]/g, "\\$&")})`).join("");

/**
 * Where a dotted quad is a version, not an address:
 * - glued to a letter, digit, `+` or another dotted number (`v1.2.3.4`, `1.2.3.4.5`, `1.2.3.4+build`),
 *   (a file extension after it is no such thing: `logs/203.0.113.7.log` is an address),
 *   or after `-` (`jei-1.20.1-forge-15.2.0.27`);
 * - inside a mod's file name: a `.jar`/`.zip` follows within the same name (`mod-1.12.2-3.2.0.0-release.jar`);
 *   not across a `/`, `:` or `,` (`http://203.0.113.7:8080/pack.zip`, `203.0.113.7,latest.jar` are addresses);
 * - a cell of Forge's mod table, which starts right after `|` and is padded up to the next `|`.
 * Right after a colour code (`§e203.0.113.7`), after `_`, before `-` and next to a lone `|` it is an address (`host_203.0.113.7`, `203.0.113.7-login`,
 * `ip|203.0.113.7|`).
 */
/** What a file name holds between a version and its extension: no `/`, `:`, `,`, quote or space. */
const FILE_NAME_CHARACTER = String.raw`[A-Za-z0-9._+()\[\]-]`;
const notGluedBefore = `(?:(?<![${WORD.replace("_", "")}.+-])|${AFTER_COLOUR_CODE})`;
const notTableCell = String.raw`(?!(?<=\|)[0-9.]{7,15}[ \t]+\|)`;
const notGluedAfter = String.raw`(?![A-Za-z0-9+]|\.\d|${FILE_NAME_CHARACTER}{0,80}\.(?:jar|zip)(?![A-Za-z0-9]))`;

export const ipv4: Redaction = {
  name: "IPv4 addresses",
  published: true,
  data: {
    patterns: [
      {
        // The (?=\d...) adds nothing to what matches. Written first, it rejects almost every
        // position with one character test before any lookbehind is tried: 3x faster over a
        // 200 KB log (1,420 -> 440 us) than with the lookbehinds first, the same matches.
        pattern: String.raw`(?=\d{1,3}\.\d)${notGluedBefore}${notAfterVersionCue}${notTableCell}(?:${octet}\.){3}${octet}${notGluedAfter}`,
        modifiers: ["i"],
        replacement: placeholder.ipv4,
      },
    ],
    exemptions: [
      // loopback 127.0.0.0/8 and the unspecified address say nothing about anyone
      { pattern: String.raw`^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$`, modifiers: [] },
      { pattern: String.raw`^0\.0\.0\.0$`, modifiers: [] },
      // public resolvers (Cloudflare, Google, Quad9, OpenDNS) help debugging, identify no one
      {
        pattern: String.raw`^(?:1\.1\.1\.1|1\.0\.0\.1|8\.8\.8\.8|8\.8\.4\.4|9\.9\.9\.9|149\.112\.112\.112|208\.67\.222\.222|208\.67\.220\.220)$`,
        modifiers: [],
      },
      // four-part Minecraft versions (1.7.x.y to 1.29.x.y, e.g. 1.20.4.1) read as addresses;
      // this narrow shape gives up about 23,000 addresses of 1.0.0.0/8 (1.2.3.4 is not one)
      { pattern: String.raw`^1\.(?:[7-9]|[12]\d)\.\d{1,2}\.\d$`, modifiers: [] },
    ],
  },
  gate: /\d\.\d{1,3}\.\d{1,3}\.\d/g,
};

const group = "[0-9a-f]{1,4}";
/** Java prints IPv6 socket addresses uncompressed with the port glued on: `/2001:db8:0:0:0:0:0:1:25565`. */
const full = String.raw`(?:${group}:){7}${group}(?![${WORD}]|\.\d|:(?!\d{1,5}(?![${WORD}:])))`;
/**
 * Compressed forms need two groups besides `::`, so `::` in code, `Thread::run` and a
 * lone `::1` stay as they are; times (`12:34:56`) and MACs never have `::` nor 8 groups.
 */
const compressed = [
  String.raw`${group}(?::${group}){0,5}::${group}(?::${group}){0,5}`,
  String.raw`${group}(?::${group}){1,6}::`,
  String.raw`::${group}(?::${group}){1,6}`,
].join("|");

export const ipv6: Redaction = {
  name: "IPv6 addresses",
  published: true,
  data: {
    patterns: [
      {
        // As for IPv4, the (?=...) adds nothing to what matches: written first, it rejects most
        // positions before any lookbehind is tried (Java's client 10 -> 5.3 ms over a 200 KB log).
        // Not inside a longer run of words, colons or dots (a fingerprint `AB:CD:...`, `Thread::run`),
        // but after a label and `:` or `_` whose last letter is no hex digit (`ip:2001:db8::1`,
        // `addr_2001:db8::1`).
        pattern: String.raw`(?=[0-9a-f]{0,4}::?[0-9a-f:])(?:(?<![${WORD}:.])|(?<=[g-zG-Z][:_]))(?:${full}|(?:${compressed})(?![${WORD}:]|\.\d))`,
        modifiers: ["i"],
        replacement: placeholder.ipv6,
      },
    ],
    exemptions: [
      // loopback in any spelling (::0:1, 0:0:0:0:0:0:0:1)
      { pattern: String.raw`^(?:0{0,4}:){2,7}0{0,3}1$`, modifiers: [] },
      // the same public resolvers over IPv6
      {
        pattern: String.raw`^(?:2606:4700:4700::1111|2606:4700:4700::1001|2001:4860:4860::8888|2001:4860:4860::8844|2620:fe::fe|2620:fe::9|2620:119:35::35|2620:119:53::53)$`,
        modifiers: ["i"],
      },
    ],
  },
  // Compressed forms contain `::`; the full form has seven colons with hex groups between.
  gate: /::|:[0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}:/gi,
};
