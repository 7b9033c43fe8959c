import { placeholder } from "../placeholders.ts";
import type { Redaction } from "../model.ts";
import { after, afterText, COLOUR_CODE, combine, literal, SPACE } from "./portable.ts";

/**
 * The account name inside home-directory paths and environment variables. The path around it
 * is kept (the lookbehind is not part of the match), so a reader still sees where a file was.
 * Folders that name no one (shared profiles, Pterodactyl's fixed server directory) are skipped
 * inside the pattern.
 */

/** Characters that end a bare (space-free) name: separators, quotes and list punctuation. */
const nameStop = String.raw`${SPACE}\\\/"'<>|:*?,;)\]`;
const bareName = String.raw`[^${nameStop}]{1,64}`;
/** The folder name ends here: a stop character or the end of the content. */
const nameEnd = String.raw`(?:[${nameStop}]|$)`;

/** Windows profile roots, after a drive, a share or a WSL mount. */
const profileRoots = ["Users", "Documents and Settings"];

/**
 * `C:\Users\<name>\`, `\\server\users\<name>`, `C:\Documents and Settings\<name>`, forward
 * slashes (`C:/Users/<name>`, WSL's `/mnt/c/Users/<name>`) and JSON-escaped backslashes
 * (`C:\\Users\\<name>`). Profile folders may hold spaces ("John Smith"), so a name with spaces
 * is taken when a separator follows it; otherwise the name ends at the first space.
 */
export const windowsHome: Redaction = {
  name: "user names in Windows profile paths",
  published: true,
  data: {
    patterns: [
      {
        pattern: [
          after([
            ...combine(["\\"], profileRoots, ["\\"]).map(literal),
            ...combine(["\\\\"], profileRoots, ["\\\\"]).map(literal),
            ...profileRoots.map((root) => String.raw`[a-z]:\/${root}\/`),
            ...profileRoots.map((root) => String.raw`\/mnt\/[a-z]\/${root}\/`),
          ]),
          String.raw`(?!(?:Public|Default|Default User|All Users)${nameEnd})`,
          String.raw`(?:[^\\\/\r\n"'<>|:*?]{1,64}(?=[\\\/])|${bareName})`,
        ].join(""),
        modifiers: ["i"],
        replacement: placeholder.secret,
      },
    ],
    exemptions: [],
  },
  gate: /(?:users|documents and settings)[\\/]/gi,
};

/**
 * macOS `/Users/<name>`, Linux `/home/<name>` (also Fedora Atomic's `/var/home/` and FreeBSD's
 * `/usr/home/`). `/home/` and `/Users/` count only at the start of a path, not inside a URL
 * (`example.com/home/page`).
 */
const pathStart = "[^A-Za-z0-9_.-]";
/** Lookbehind alternatives: a colour code (`§e`), then `text`; a code before a path is no word glued to it. */
const colourThen = (text: string) => COLOUR_CODE.map((code) => code + literal(text));
export const unixHome: Redaction = {
  name: "user names in Unix home paths",
  published: true,
  data: {
    patterns: [
      {
        pattern: `${after([`^${literal("/home/")}`, pathStart + literal("/home/"), ...colourThen("/home/"), literal("/var/home/"), literal("/usr/home/")])}(?!container${nameEnd})${bareName}`,
        modifiers: [],
        replacement: placeholder.secret,
      },
      {
        pattern: `${after([`^${literal("/Users/")}`, pathStart + literal("/Users/"), ...colourThen("/Users/")])}(?!Shared${nameEnd})${bareName}`,
        modifiers: [],
        replacement: placeholder.secret,
      },
    ],
    exemptions: [],
  },
  // Two whole literals scan in half the time of `\/(?:Users|home)\/`.
  gate: /\/Users\/|\/home\//g,
};

/** `~steve/.minecraft`: a shell's short form of another user's home folder. `~/` names no one. */
export const tildeHome: Redaction = {
  name: "user names after ~",
  published: true,
  data: {
    patterns: [
      {
        pattern: String.raw`${after(["^~", `[${SPACE}"'=(:,]~`])}[A-Za-z_][A-Za-z0-9_.-]{0,31}(?=[\\\/${SPACE}"',;)]|$)`,
        modifiers: [],
        replacement: placeholder.secret,
      },
    ],
    exemptions: [],
  },
  gate: /~[A-Za-z_]/g,
};

/** `USERNAME=steve` in environment dumps, `-Duser.name=steve` in JVM arguments, `SUDO_USER=steve`. */
export const userVariable: Redaction = {
  name: "user names in environment variables",
  published: true,
  data: {
    patterns: [
      {
        pattern: `${afterText(["USERNAME=", "USER=", "LOGNAME=", "user.name="])}[^${SPACE}"',;]+`,
        modifiers: [],
        replacement: placeholder.secret,
      },
    ],
    exemptions: [],
  },
  gate: /(?:USER|USERNAME|LOGNAME|user\.name)=/g,
};
