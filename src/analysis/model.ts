/**
 * The analysis engine's data model: what a parsed log and its insights look like.
 * The output shape (key order included) is the one mclo.gs clients read
 * (docs/API.md, Analysis: The insights shape); everything else in src/analysis builds these values.
 * Pure data: no HTTP, no storage.
 */

/** Entry levels as integers, the numbering clients already understand. */
export const Level = {
  emergency: 0,
  alert: 1,
  critical: 2,
  error: 3,
  warning: 4,
  notice: 5,
  info: 6,
  debug: 7,
  title: 8,
  comment: 9,
  stacktrace: 10,
} as const;
export type LevelNumber = (typeof Level)[keyof typeof Level];

export interface LogLine {
  /** 1-based line number in the uploaded text. */
  number: number;
  content: string;
}

/** A header line and the continuation lines grouped under it (stack traces, mod lists). */
export interface LogEntry {
  level: LevelNumber;
  /** Unix seconds, or null when the log type carries no date. */
  time: number | null;
  /**
   * The header up to and including its closing `]` or `:`, as the entry's first line starts
   * (parse.ts; formats.ts checks the header formats); null for prefix-less lines.
   */
  prefix: string | null;
  lines: LogLine[];
}

/** A fix for a problem. Only `message` is serialised; the rest lets tools automate it. */
export interface Solution {
  message: string;
}

/**
 * The kind of cause, from a closed list (docs/API.md, Analysis: problem categories), so that
 * clients can act on it without knowing our rule codes.
 */
export const PROBLEM_CATEGORIES = [
  "out-of-memory",
  "java-too-old",
  "java-too-new",
  "java-unsupported-runtime",
  "native-library",
  "graphics",
  "missing-dependency",
  "wrong-game-version",
  "incompatible",
  "duplicate",
  "load-failure",
  "mixin-failure",
  "broken-install",
  "config-error",
  "file-problem",
  "entity-crash",
  "block-crash",
  "mod-crash",
  "world-corrupt",
  "port-in-use",
  "eula",
  "server-overloaded",
  "network-auth",
  "debug-crash",
  "other",
] as const;
export type ProblemCategory = (typeof PROBLEM_CATEGORIES)[number];

export interface Problem {
  message: string;
  /** How many matches were merged into this problem. */
  counter: number;
  /** The first entry the problem was found in. */
  entry: LogEntry;
  solutions: Solution[];
  /** The rule that found it (stable, ours): `forge-mod-dependency`. */
  code: string;
  category: ProblemCategory;
}

export interface Information {
  message: string;
  counter: number;
  entry: LogEntry;
  label: string;
  value: string;
}

export interface Analysis {
  problems: Problem[];
  information: Information[];
}

/** The full engine result, in the exact key order clients expect. */
export interface Insights {
  id: string;
  name: string | null;
  type: string;
  version: string | null;
  title: string;
  entries: LogEntry[];
  analysis: Analysis;
}

/**
 * Groups of problem rules, named after the software family they belong to.
 * A log type's analyser is a list of groups. `jvm` holds what any Java log can show whatever its
 * type (memory, Java version, natives, graphics, mixins, files...): every Java analyser runs it.
 */
export type RuleGroup =
  | "jvm"
  | "vanilla"
  | "bukkit"
  | "paper"
  | "folia"
  | "fabric"
  | "forge"
  | "crash-report"
  | "pocketmine"
  | "bedrock";

/** What a problem rule sees of the log besides the entry it is looking at. */
export interface LogContext {
  /** The whole normalised text (CRLF/CR -> LF, no BOM, no ANSI codes). */
  text: string;
  /** All entries of the log (or of the segment being analysed), in order. */
  entries: readonly LogEntry[];
  /** Whether a game client or a server wrote the log; null or absent when it does not say. */
  side?: "client" | "server" | null;
  /** The software the log was detected as (`Paper`, `Forge`...), so rules can say mod or plugin. */
  software?: string | null;
}

/** One occurrence of a problem that a rule found in an entry. */
export interface ProblemFinding {
  message: string;
  solutions: Solution[];
  /**
   * Findings of the same rule with the same key merge into one problem (counter + 1).
   * Key on the entity (plugin, mod, world...) so two different entities stay two problems.
   */
  key: string;
}

/**
 * A problem rule: one entry in the declarative catalog (src/analysis/problems).
 * `find` must run in time linear in the entry's size (no regex that backtracks across lines).
 */
export interface ProblemRule {
  /** kebab-case code, e.g. "plugin-enable-error". */
  code: string;
  category: ProblemCategory;
  /** One sentence on what the rule detects, for the catalog lookup (AI tool, docs). */
  summary: string;
  groups: readonly RuleGroup[];
  /**
   * A last resort: runs after every other rule, and only when none of them found a cause (a
   * problem of another category than `other`, from a rule that is not a `symptom`). `mod-crash`
   * names the mod a crash points at.
   */
  fallback?: boolean;
  /**
   * What the rule finds is a condition the log reports (the server lagging, logins failing), not
   * what stopped the game or server: its problems do not keep the last resorts from naming a
   * crash's culprit. A crashed server that also lagged still needs the mod its trace points at.
   */
  symptom?: boolean;
  /**
   * Runs after the other rules (before the fallbacks), only on entries where none of them found
   * a problem: a general reading of an error (a missing library's class) that a more specific
   * rule, when it knows the error, words better.
   */
  deferred?: boolean;
  /**
   * For a rule that reads the whole log (a fallback such as `mod-crash`): the only entries it can
   * find something in; `find` is not asked about the others.
   */
  entriesOf?: (log: LogContext) => readonly LogEntry[];
  /**
   * A cheap check shared by many rules (problems/line-cue.ts): `find` is only called on entries
   * that carry one of the rule's `gateWords`.
   */
  gate?: EntryGate;
  gateWords?: number;
  find(entry: LogEntry, log: LogContext): ProblemFinding[];
}

/** A cheap check in front of rules: the collector asks it once per entry for all the rules behind it. */
export interface EntryGate {
  /** The words the entry carries, as bits (0: none). */
  wordsOf(entry: LogEntry, log: LogContext): number;
  /**
   * The log's entries that may open the gate, in order (null: any may). Gates whose words are
   * literals of the log's literal index (literal-index.ts) hand its list of entries holding a
   * literal, the same array: where every gate in front of a list of rules does, the collector
   * visits only those entries.
   */
  entriesOpening(log: LogContext): readonly LogEntry[] | null;
}
