import { placeholder } from "../placeholders.ts";
import type { RegexFilterData } from "../model.ts";

/** The account name inside home-directory paths and environment variables. */

/** Characters that end a bare (space-free) name: separators, quotes and list punctuation. */
const bareName = String.raw`[^\s\\/"'<>|:*?,;)\]]{1,64}`;

/**
 * `C:\Users\<name>\`, `C:/Users/<name>/`, JSON-escaped `C:\\Users\\<name>`. Windows
 * profile folders may hold spaces ("John Smith"), so a name with spaces is taken when a
 * separator follows it; otherwise the name ends at the first space.
 */
export const windowsHome: RegexFilterData = {
  pattern: String.raw`(\b[a-z]:[\\/]+Users[\\/]+)(?:[^\\/\r\n"'<>|:*?]{1,64}(?=[\\/])|${bareName})`,
  flags: "gi",
  replacement: `$1${placeholder.secret}`,
  // shared profiles, not people
  exemptions: [String.raw`[\\/](?:Public|Default|Default User|All Users)$`],
};

/** macOS `/Users/<name>` and Linux `/home/<name>`, not inside a longer path or URL word. */
export const unixHome: RegexFilterData = {
  pattern: String.raw`((?<![\w.-])/(?:Users|home)/)${bareName}`,
  flags: "g",
  replacement: `$1${placeholder.secret}`,
  // Pterodactyl's fixed server directory and macOS's shared folder name no one
  exemptions: [String.raw`^/home/container$`, String.raw`^/Users/Shared$`],
};

/** `USERNAME=steve` in environment dumps, `-Duser.name=steve` in JVM arguments. */
export const userVariable: RegexFilterData = {
  // `Duser` so that `-Duser.name=` has a word boundary before it
  pattern: String.raw`(\b(?:USERNAME|USER|LOGNAME|user\.name|Duser\.name)=)[^\s"',;]+`,
  flags: "g",
  replacement: `$1${placeholder.secret}`,
  exemptions: [],
};
