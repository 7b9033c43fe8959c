/** OptiFine built for another Forge (or game) version than the one installed. */
import { defineRule } from "../define-rule.ts";
import { firstMatchInLog } from "../log-facts.ts";
import { followingLine } from "../report-sections.ts";
import { quote } from "../wording.ts";
import { jvm } from "./cue.ts";

/** OptiFine's own packages: its classes, and the old obfuscated `net.minecraft.src.Config`. */
const OPTIFINE_FRAME = /^\s*at (?:net\.optifine\.|optifine\.|net\.minecraft\.src\.Config\b)/;
const OPTIFINE_VERSION = /OptiFine[_ ](?:\d[\d.]*_)?HD_U_\w{1,10}/;
const FORGE_VERSION = /--fml\.forgeVersion,? ([\w.-]{1,50})|Forge Mod Loader version ([\w.-]{1,50})|MinecraftForge v([\d.]{1,50})/;

interface Mismatch {
  missing: string;
  optifine: string | null;
  forge: string | null;
}

export const optifineRules = [
  defineRule<Mismatch>({
    ...jvm,
    code: "optifine-incompatible",
    category: "wrong-game-version",
    summary: "OptiFine calls a method or field the installed Forge (or game) does not have: it was built for another version.",
    shapes: [{
      anchor: /java\.lang\.NoSuch(?:Method|Field)Error: ([^\n]{1,300})/,
      hint: ["Error", "NoSuch"],
      extract: ({ anchor, entry, log, lineIndex }) => {
        const fromOptiFine = /optifine/i.test(anchor[1]) || OPTIFINE_FRAME.test(followingLine(log, entry, lineIndex) ?? "");
        if (!fromOptiFine) return null;
        const forge = firstMatchInLog(log, FORGE_VERSION);
        return {
          missing: anchor[1].trim().replace(/^'(.*)'$/, "$1"),
          optifine: firstMatchInLog(log, OPTIFINE_VERSION)?.[0] ?? null,
          forge: forge ? (forge[1] ?? forge[2] ?? forge[3]) : null,
        };
      },
    }],
    message: ({ missing, optifine, forge }) =>
      `${quote("OptiFine")}${optifine ? ` (${quote(optifine)})` : ""} does not fit the installed ${forge ? `Forge ${quote(forge)}` : "game or loader version"}: ${quote(missing)} does not exist there.`,
    solutions: ({ forge }) => [
      `Install the OptiFine release made for ${forge ? `Forge ${forge}` : "this version"} (OptiFine's download page names the Forge build each release needs), or the Forge build your OptiFine names.`,
      "Or remove OptiFine from the mods folder.",
    ],
    key: () => "",
  }),
];
