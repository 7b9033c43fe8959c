/**
 * Parser for the requirement lines of Fabric Loader's resolution report, e.g.
 *   - Mod 'Indium' (indium) 1.0.27 requires version 3.2.0 or later of fabric-renderer-api-v1, which is missing!
 *   - Mod 'Fabric API' (fabric-api) 0.141 requires any version between 1.21.11- (inclusive) and 1.21.12- (exclusive) of 'Minecraft' (minecraft), but only the wrong version is present: 1.16.5!
 * (the older one-line form `X requires {dep @ [ver]}` is read by fabric-loading.ts).
 * Hand-rolled with sticky regexes at known positions, so long lines cost linear time.
 */
import { fabricModName } from "../names.ts";

/** A mod as Fabric prints it: `'Display Name' (modid)` or a bare `modid`. */
export interface ModReference {
  name: string | null;
  id: string;
}

export interface Requirement {
  mod: ModReference;
  dependency: ModReference;
  /** Version range in a compact form (`>=1.2`, `>1`, `<2`, `1.0.9`, `>=A, <B`); null for "any version". */
  range: string | null;
  /** The version that is installed but does not fit, when the loader says so. */
  present: string | null;
}

const REFERENCE = /'(.+?)' \(([^)\s]+)\)|([\w.+-]+)/y;
const CONSTRAINT =
  /(?:any version of |version (\S+) or later of |any version after (\S+) of |any version before (\S+) of |any version between (\S+) \((inclusive|exclusive)\) and (\S+) \((inclusive|exclusive)\) of |version (\S+) of )(?:mod )?/y;
const WRONG_VERSION = /, but only the wrong version is present: (.+?)!/y;
/**
 * Launchers that wrap the game's output put their own prefix before each line (HMCL:
 * `[22:03:11] [Game/INFO] `), and may keep the game's own: up to three bracketed groups.
 */
const WRAPPED = String.raw`^(?:\[[^\]\n]{1,100}\]:? ?){0,3}\s*- `;
const RELATION = new RegExp(`${WRAPPED}Mod `);

/** Name users recognise: the quoted display name if any, else the id (fabric -> FabricAPI). */
export function displayName(reference: ModReference): string {
  return reference.name ?? fabricModName(reference.id);
}

function readReference(line: string, at: number): (ModReference & { end: number }) | null {
  REFERENCE.lastIndex = at;
  const match = REFERENCE.exec(line);
  if (!match) return null;
  return match[1] !== undefined
    ? { name: match[1], id: match[2], end: REFERENCE.lastIndex }
    : { name: null, id: match[3], end: REFERENCE.lastIndex };
}

/** The mod a `- Mod ...` line is about, and where its reference ends. */
function readSubject(line: string): (ModReference & { end: number }) | null {
  const lead = RELATION.exec(line);
  return lead ? readReference(line, lead[0].length) : null;
}

export function parseRequirement(line: string): Requirement | null {
  if (!line.includes(" requires ")) return null;
  const mod = readSubject(line);
  if (!mod) return null;
  const requires = line.indexOf(" requires ", mod.end);
  // Between the mod and "requires" there is at most its version.
  if (requires < 0 || !/^(?: \S+)?$/.test(line.slice(mod.end, requires))) return null;
  CONSTRAINT.lastIndex = requires + " requires ".length;
  const constraint = CONSTRAINT.exec(line);
  if (!constraint) return null;
  const dependency = readReference(line, CONSTRAINT.lastIndex);
  if (!dependency) return null;
  WRONG_VERSION.lastIndex = dependency.end;
  const present = WRONG_VERSION.exec(line)?.[1] ?? null;
  return { mod, dependency, range: rangeOf(constraint), present };
}

function rangeOf(c: RegExpExecArray): string | null {
  if (c[1] !== undefined) return `>=${c[1]}`;
  if (c[2] !== undefined) return `>${c[2]}`;
  if (c[3] !== undefined) return `<${c[3]}`;
  if (c[4] !== undefined) {
    const low = c[5] === "inclusive" ? ">=" : ">";
    const high = c[7] === "inclusive" ? "<=" : "<";
    return `${low}${c[4]}, ${high}${c[6]}`;
  }
  if (c[8] !== undefined) return c[8];
  return null;
}

/** `- Mod A ... is incompatible with / conflicts with ... of (mod) B, ...` */
export function parseConflict(line: string): { mod: ModReference; other: ModReference } | null {
  if (!line.includes(" is incompatible with ") && !line.includes(" conflicts with ")) return null;
  const mod = readSubject(line);
  if (!mod) return null;
  let verb = line.indexOf(" is incompatible with ", mod.end);
  if (verb < 0) verb = line.indexOf(" conflicts with ", mod.end);
  if (verb < 0) return null;
  const of = line.indexOf(" of ", verb);
  if (of < 0) return null;
  let at = of + " of ".length;
  if (line.startsWith("mod ", at)) at += "mod ".length;
  const other = readReference(line, at);
  if (!other || line[other.end] !== ",") return null;
  return { mod, other };
}

/**
 * The same requirement in a translated Fabric Loader (Chinese, Russian... launchers ship its
 * translations): `\t - 模组 'Iris' (iris) 1.6.4 需要 0.4.9 或更高版本 的 sodium，但只有错误的版本：0.4.8！`.
 * The structure survives translation: a word for "mod", the quoted name, the id, the version, then
 * the dependency's id among words of another script, with the version needed before it and the
 * wrong one present after it. Only read where those words are not in the Latin script, so that
 * every ASCII word is an id or a version; conflicts ("incompatible") are left alone.
 */
const TRANSLATED_SUBJECT = new RegExp(`${WRAPPED}[^\\x00-\\x7F]{1,20} '([^'\\n]{1,200})' \\(([a-z][\\w-]{0,63})\\) (\\S{1,64}) (.{1,600})$`);
/** ASCII words of the rest of the line: a quoted dependency, an id or a version. */
const TRANSLATED_WORD = /'([^'\n]{1,200})' \(([a-z][\w-]{0,63})\)|([A-Za-z0-9][\w.+-]{0,63})/g;
/** "incompatible", "conflict" and "recommends" (a soft dependency) in the translations launchers ship. */
const TRANSLATED_NOT_REQUIRED = /不兼容|冲突|衝突|推荐|建议|несовместим|конфликт|рекомендует|非互換|競合|推奨|호환되지|권장/;

export function parseTranslatedRequirement(line: string): Requirement | null {
  if (line.length > 800 || !line.includes(" '")) return null;
  const subject = TRANSLATED_SUBJECT.exec(line);
  if (!subject || TRANSLATED_NOT_REQUIRED.test(subject[4])) return null;
  let dependency: ModReference | null = null;
  const versions: string[] = [];
  for (const word of subject[4].matchAll(TRANSLATED_WORD)) {
    const bare = word[3];
    if (bare !== undefined && /^\d/.test(bare)) versions.push(bare);
    else if (dependency === null) dependency = bare !== undefined ? { name: null, id: bare } : { name: word[1], id: word[2] };
  }
  if (dependency === null) return null;
  // Word order differs between languages, the order of facts does not: the version needed comes
  // first, and the wrong one present, when there is one, closes the line.
  return { mod: { name: subject[1], id: subject[2] }, dependency, range: versions[0] ?? null, present: versions.length > 1 ? versions[versions.length - 1] : null };
}

/** A requirement line in English or in a translation. */
export function requirementOf(line: string): Requirement | null {
  return parseRequirement(line) ?? parseTranslatedRequirement(line);
}
