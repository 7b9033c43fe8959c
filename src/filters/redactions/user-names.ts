import { placeholder } from "../placeholders.ts";
import type { RegexFilterData } from "../model.ts";

/**
 * The account name inside home-directory paths and environment variables. The path is
 * kept as `$1` so a reader still sees where a file was. Folders that name no one (shared
 * profiles, Pterodactyl's fixed server directory) are skipped inside the pattern rather
 * than by exemptions, so that every filter with exemptions has a literal replacement.
 */

/** Characters that end a bare (space-free) name: separators, quotes and list punctuation. */
const nameStop = String.raw`\s\\/"'<>|:*?,;)\]`;
const bareName = String.raw`[^${nameStop}]{1,64}`;
/** The folder name ends here: a stop character or the end of the content. */
const nameEnd = String.raw`(?:[${nameStop}]|$)`;

/**
 * `C:\Users\<name>\`, `C:/Users/<name>/`, JSON-escaped `C:\\Users\\<name>`. Windows
 * profile folders may hold spaces ("John Smith"), so a name with spaces is taken when a
 * separator follows it; otherwise the name ends at the first space.
 */
export const windowsHome: RegexFilterData = {
  pattern: String.raw`(\b[a-z]:[\\/]+Users[\\/]+)(?!(?:Public|Default|All Users)${nameEnd})(?:[^\\/\r\n"'<>|:*?]{1,64}(?=[\\/])|${bareName})`,
  flags: "gi",
  replacement: `$1${placeholder.secret}`,
  exemptions: [],
};

/** The profile folder and the separator after it. */
export const windowsHomeGate = /users[\\/]/gi;

/** macOS `/Users/<name>` and Linux `/home/<name>`, not inside a longer path or URL word. */
export const unixHome: RegexFilterData = {
  pattern: String.raw`((?<![\w.-])(?:/Users/(?!Shared${nameEnd})|/home/(?!container${nameEnd})))${bareName}`,
  flags: "g",
  replacement: `$1${placeholder.secret}`,
  exemptions: [],
};

/** Two whole literals scan in half the time of `\/(?:Users|home)\/`. */
export const unixHomeGate = /\/Users\/|\/home\//g;

/** `USERNAME=steve` in environment dumps, `-Duser.name=steve` in JVM arguments. */
export const userVariable: RegexFilterData = {
  // `Duser` so that `-Duser.name=` has a word boundary before it
  pattern: String.raw`(\b(?:USERNAME|USER|LOGNAME|user\.name|Duser\.name)=)[^\s"',;]+`,
  flags: "g",
  replacement: `$1${placeholder.secret}`,
  exemptions: [],
};

/** `Duser.name=` ends with `user.name=`. */
export const userVariableGate = /(?:USER|USERNAME|LOGNAME|user\.name)=/g;
