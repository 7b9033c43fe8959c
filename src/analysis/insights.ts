/**
 * The analysis pass: for each entry, run the analyser's problem rules and
 * information kinds; merge repeats into counters. Output keeps first-seen order.
 */
import type { Analyser } from "./analysers.ts";
import { INFORMATION_KINDS } from "./information.ts";
import { holdsLiteral, logLiterals } from "./literal-index.ts";
import type { Analysis, EntryGate, Information, LogContext, LogEntry, Problem, ProblemRule } from "./model.ts";

/** Collects problems and information, merging repeats. */
export class AnalysisCollector {
  readonly problems: Problem[] = [];
  readonly information: Information[] = [];
  private readonly problemsByKey = new Map<string, Problem>();
  private readonly informationByKey = new Map<string, Information>();
  /** The first value seen per information kind, for the log's version. */
  readonly firstValueOfKind = new Map<string, string>();
  /** Problems that name a cause: of a category other than `other`, from a rule that is not a symptom. */
  private causes = 0;

  /**
   * Problems of the same rule and key are one problem; the first entry and wording stay.
   * `unexplainedOnly`: only the entries no problem was found in yet.
   */
  runRules(rules: readonly ProblemRule[], entries: readonly LogEntry[], log: LogContext, unexplainedOnly = false): void {
    if (rules.length === 0) return;
    const { gates, gateOf, ungated } = gatePlanOf(rules);
    // Each gate's words for the entry, asked once per entry (-1 stands for "no gate").
    const words = new Int32Array(gates.length + 1);
    words[gates.length] = -1;
    // Without an ungated rule, only the entries that may open a gate can give a finding: where
    // the gates agree on them (EntryGate), a quarter of a log's entries.
    let visited = ungated.length === 0 && entries === log.entries ? (entriesOpeningAll(gates, log) ?? entries) : entries;
    if (unexplainedOnly) {
      const explained = new Set(this.problems.map((problem) => problem.entry));
      visited = visited.filter((entry) => !explained.has(entry));
    }
    for (const entry of visited) {
      let opened = false;
      for (let g = 0; g < gates.length; g++) if ((words[g] = gates[g].wordsOf(entry, log)) !== 0) opened = true;
      // An entry that opens no gate only needs the rules without one: most entries of most logs.
      const tried = opened ? rules : ungated;
      for (let r = 0; r < tried.length; r++) {
        const rule = tried[r];
        if ((words[opened ? gateOf[r] : gates.length] & (rule.gateWords ?? -1)) === 0) continue;
        for (const finding of rule.find(entry, log)) {
          const key = `${rule.code}\u0000${finding.key}`;
          const known = this.problemsByKey.get(key);
          if (known) {
            known.counter++;
            continue;
          }
          // mclo.gs's fields first, in its order; ours after
          const problem: Problem = {
            message: finding.message,
            counter: 1,
            entry,
            solutions: finding.solutions,
            code: rule.code,
            category: rule.category,
          };
          this.problemsByKey.set(key, problem);
          this.problems.push(problem);
          if (rule.category !== "other" && !rule.symptom) this.causes++;
        }
      }
    }
  }

  /**
   * Information of the same kind, label and value is one fact with a counter. Only the entries
   * holding a pattern's hint are read, as the literal index found them (or, where it cannot
   * answer, as a substring search finds them).
   */
  readInformation(analyser: Analyser, entries: readonly LogEntry[], log: LogContext): void {
    if (analyser.information.length === 0) return;
    const wanted = hintBitsOf(analyser);
    // Where the index answers, an entry holding no literal holds no pattern's hint.
    const visited = entries === log.entries ? (logLiterals.entriesOpening(log) ?? entries) : entries;
    for (const entry of visited) {
      const hits = logLiterals.hitsOf(entry, log);
      if (hits !== null && (hits.bits & wanted) === 0) continue;
      let text: string | null = null;
      for (const kindName of analyser.information) {
        const kind = INFORMATION_KINDS[kindName];
        for (const { hint, literal, pattern } of kind.patterns) {
          if (hits !== null ? !holdsLiteral(hits, literal) : !(text ??= entryText(entry)).includes(hint)) continue;
          text ??= entryText(entry);
          for (const match of text.matchAll(pattern)) {
            const value = match[1];
            if (value === undefined || value === "") continue;
            this.addInformation(kindName, kind.label, value, entry);
          }
        }
      }
    }
  }

  /** Whether a problem names a cause (see ProblemRule.fallback and ProblemRule.symptom). */
  foundCause(): boolean {
    return this.causes > 0;
  }

  addInformation(kindName: string, label: string, value: string, entry: LogEntry): void {
    if (!this.firstValueOfKind.has(kindName)) this.firstValueOfKind.set(kindName, value);
    const key = `${kindName}\u0000${label}\u0000${value}`;
    const known = this.informationByKey.get(key);
    if (known) {
      known.counter++;
      return;
    }
    const info: Information = { message: `${label}: ${value}`, counter: 1, entry, label, value };
    this.informationByKey.set(key, info);
    this.information.push(info);
  }

  toAnalysis(): Analysis {
    return { problems: this.problems, information: this.information };
  }
}

/** A rule list's gates, the gate of each rule (its index in `gates`, or `gates.length`: none), and its ungated rules. */
interface GatePlan {
  gates: readonly EntryGate[];
  gateOf: Int32Array;
  ungated: readonly ProblemRule[];
}

/** Worked out once per list: analyse-log.ts hands the collector the same lists for every log (problems/index.ts). */
const gatePlans = new WeakMap<readonly ProblemRule[], GatePlan>();

function gatePlanOf(rules: readonly ProblemRule[]): GatePlan {
  let plan = gatePlans.get(rules);
  if (!plan) {
    const gates = [...new Set(rules.flatMap((rule) => (rule.gate ? [rule.gate] : [])))];
    const gateOf = Int32Array.from(rules, (rule) => (rule.gate ? gates.indexOf(rule.gate) : gates.length));
    plan = { gates, gateOf, ungated: rules.filter((rule) => rule.gate === undefined) };
    gatePlans.set(rules, plan);
  }
  return plan;
}

/** The entries that may open one of the gates, when every gate hands the same list; else null. */
function entriesOpeningAll(gates: readonly EntryGate[], log: LogContext): readonly LogEntry[] | null {
  const first = gates[0]?.entriesOpening(log) ?? null;
  for (let g = 1; g < gates.length && first !== null; g++) if (gates[g].entriesOpening(log) !== first) return null;
  return first;
}

/** The literal-index bits of the hints of an analyser's information patterns, worked out once. */
const hintBits = new WeakMap<Analyser, number>();

function hintBitsOf(analyser: Analyser): number {
  let bits = hintBits.get(analyser);
  if (bits === undefined) {
    bits = 0;
    for (const kindName of analyser.information) for (const { literal } of INFORMATION_KINDS[kindName].patterns) bits |= logLiterals.bitOf(literal);
    hintBits.set(analyser, bits);
  }
  return bits;
}

/** The lines of an entry joined with "\n": what patterns that span lines match against. */
export function entryText(entry: LogEntry): string {
  return entry.lines.length === 1 ? entry.lines[0].content : entry.lines.map((l) => l.content).join("\n");
}
