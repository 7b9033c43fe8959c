import { placeholder } from "../placeholders.ts";
import type { RegexFilterData } from "../model.ts";

/**
 * IP addresses. Every repetition is bounded, so a match attempt reads at most ~45
 * characters and the scan stays linear.
 */

const octet = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;

/**
 * Four-part versions are valid addresses too (mod lists are full of `3.2.1.196`), so a
 * dotted quad right after one of these words is a version, not an address. Each is its own
 * fixed-length lookbehind, which PCRE accepts as well; the filter's `i` flag covers casing.
 */
const versionCues = ["version ", "version: ", "version=", "version (", "Unix "];
const notAfterVersionCue = versionCues.map((cue) => `(?<!${cue.replace(/[()]/g, "\\$&")})`).join("");

/**
 * Not glued to a word, `+`/`-` or another dotted number: that keeps `mod-1.2.3.4.jar`,
 * `v1.2.3.4` and the middle of `1.2.3.4.5` intact, while `/1.2.3.4:25565`, `[1.2.3.4]`
 * and an address ending a sentence are still found. Not before padding and `|` either:
 * that is the version column of Forge's mod table.
 */
export const ipv4: RegexFilterData = {
  // the (?=\d...) adds nothing to what matches; it lets the scan skip most digits ~2x faster
  pattern: String.raw`(?<![\w.+-])(?=\d{1,3}\.\d)${notAfterVersionCue}(?:${octet}\.){3}${octet}(?![\w+-]|\.\w|[ \t]*\|)`,
  flags: "gi",
  replacement: placeholder.ipv4,
  exemptions: [
    // loopback 127.0.0.0/8 and the unspecified address say nothing about anyone
    String.raw`^127\.`,
    String.raw`^0\.0\.0\.0$`,
    // public resolvers (Cloudflare, Google, Quad9, OpenDNS) help debugging, identify no one
    String.raw`^(?:1\.1\.1\.1|1\.0\.0\.1|8\.8\.8\.8|8\.8\.4\.4|9\.9\.9\.9|149\.112\.112\.112|208\.67\.222\.222|208\.67\.220\.220)$`,
    // four-part Minecraft versions (1.7.x.y to 1.29.x.y, e.g. 1.20.4.1) read as addresses;
    // this narrow shape gives up about 23,000 addresses of 1.0.0.0/8 (1.2.3.4 is not one)
    String.raw`^1\.(?:[7-9]|[12]\d)\.\d{1,2}\.\d$`,
  ],
};

/** Every line holding an IPv4 match holds four dot-separated digit runs (see apply.ts: gates). */
export const ipv4Gate = /\d\.\d{1,3}\.\d{1,3}\.\d/g;

const group = "[0-9a-f]{1,4}";
/** Java prints IPv6 socket addresses uncompressed with the port glued on: `/2001:db8:0:0:0:0:0:1:25565`. */
const full = String.raw`(?:${group}:){7}${group}(?![\w]|\.\d|:(?!\d{1,5}(?![\w:])))`;
/**
 * Compressed forms need two groups besides `::`, so `::` in code, `Thread::run` and a
 * lone `::1` stay as they are; times (`12:34:56`) and MACs never have `::` nor 8 groups.
 */
const compressed = [
  String.raw`${group}(?::${group}){0,5}::${group}(?::${group}){0,5}`,
  String.raw`${group}(?::${group}){1,6}::`,
  String.raw`::${group}(?::${group}){1,6}`,
].join("|");

export const ipv6: RegexFilterData = {
  // as for IPv4, the (?=...) only lets the scan reject most hex characters quickly
  pattern: String.raw`(?<![\w:.])(?=[0-9a-f]{0,4}::?[0-9a-f:])(?:${full}|(?:${compressed})(?![\w:]|\.\d))`,
  flags: "gi",
  replacement: placeholder.ipv6,
  exemptions: [
    // loopback in any spelling (::0:1, 0:0:0:0:0:0:0:1)
    String.raw`^(?:0{0,4}:){2,7}0{0,3}1$`,
    // the same public resolvers over IPv6
    String.raw`^(?:2606:4700:4700::1111|2606:4700:4700::1001|2001:4860:4860::8888|2001:4860:4860::8844|2620:fe::fe|2620:fe::9|2620:119:35::35|2620:119:53::53)$`,
  ],
};

/** Compressed forms contain `::`; the full form has seven colons with hex groups between. */
export const ipv6Gate = /::|:[0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}:/gi;
