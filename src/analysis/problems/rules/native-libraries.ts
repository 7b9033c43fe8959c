/** Native libraries (LWJGL's .dll/.so/.dylib files, system libraries) that could not be loaded. */
import { defineRule } from "../define-rule.ts";
import { baseName } from "../names.ts";
import { quote } from "../wording.ts";
import { jvm } from "./cue.ts";

type Reason = "not-found" | "architecture" | "dependencies" | "system-library" | "mismatch" | "other";

interface NativeFailure {
  library: string;
  reason: Reason;
  detail: string;
}

/** A native file's path: Windows drive letters and spaces allowed, up to the extension. */
const NATIVE_FILE = String.raw`(?:[A-Za-z]:)?[^:'"\n]{1,300}?\.(?:dll|so(?:\.\d+)*|dylib|jnilib)`;
/** `UnsatisfiedLinkError: <what>`, the forms the JVM and LWJGL print, most specific first. */
const FORMS: readonly [RegExp, (match: RegExpExecArray) => NativeFailure][] = [
  [/^no (\S{1,200}) in java\.library\.path/, (m) => ({ library: m[1], reason: "not-found", detail: m[0] })],
  [/^Failed to locate library: (\S{1,200})/, (m) => ({ library: m[1], reason: "not-found", detail: m[0] })],
  [/^Can't load library: (\S{1,300})/, (m) => ({ library: baseName(m[1]), reason: "not-found", detail: "Can't load library" })],
  [
    new RegExp(String.raw`^(${NATIVE_FILE}): (${NATIVE_FILE}): cannot open shared object file`),
    (m) => ({ library: m[2], reason: "system-library", detail: `${m[2]}: cannot open shared object file` }),
  ],
  [
    new RegExp(String.raw`^(${NATIVE_FILE}): (.{1,200})`),
    (m) => ({ library: baseName(m[1]), reason: reasonOf(m[2]), detail: m[2].trim() }),
  ],
  // A Java method whose native code is missing: the LWJGL jars and natives are different versions.
  [/^'[^']{1,300}? ([\w$.]{1,200})\(/, (m) => ({ library: m[1].split(".").slice(0, 2).join(".") === "org.lwjgl" ? "LWJGL" : m[1], reason: "mismatch", detail: m[0] })],
];

function reasonOf(detail: string): Reason {
  if (/32-bit .dll on a AMD 64-bit|64-bit .dll on a IA 32-bit|not a valid Win32 application|incompatible architecture|wrong ELF class/.test(detail)) return "architecture";
  if (/Can't find dependent libraries|specified module could not be found/.test(detail)) return "dependencies";
  return "other";
}

const REDOWNLOAD = "Let the launcher download the game's libraries again (reinstall the version or repair the instance); check that an antivirus did not remove the native files.";

export const nativeLibraryRules = [
  defineRule<NativeFailure>({
    ...jvm,
    code: "native-library-failed",
    category: "native-library",
    summary: "A native library (LWJGL natives, a .dll/.so/.dylib) is missing or could not be loaded (UnsatisfiedLinkError).",
    shapes: [{
      anchor: /UnsatisfiedLinkError: ([^\n]{1,500})/,
      hint: "UnsatisfiedLinkError",
      extract: ({ anchor }) => {
        for (const [form, read] of FORMS) {
          const match = form.exec(anchor[1]);
          if (match) return read(match);
        }
        return { library: anchor[1].trim().slice(0, 100), reason: "other", detail: anchor[1].trim() };
      },
    }],
    message: ({ library, detail }) => `The native library ${quote(library)} could not be loaded (${detail}).`,
    solutions: ({ library, reason }) => {
      switch (reason) {
        case "architecture":
          return ["The native files and Java are built for different processors: use a 64-bit Java on a 64-bit system (on Apple Silicon, an arm64 Java with arm64 natives).", REDOWNLOAD];
        case "dependencies":
          return [`Install the latest Microsoft Visual C++ Redistributable (x64) and your graphics driver, which ${quote(library)} depends on.`, REDOWNLOAD];
        case "system-library":
          return [`Install the system package that provides ${quote(library)} (for example with your distribution's package manager).`];
        case "mismatch":
          return ["The LWJGL jars and its native files come from different versions: reinstall the game version, or reset the instance's LWJGL version in the launcher."];
        default:
          return [REDOWNLOAD, "On macOS with Apple Silicon or on Linux on ARM, use a launcher that provides native libraries for your processor (for example Prism Launcher)."];
      }
    },
    key: ({ library }) => library,
  }),
];
