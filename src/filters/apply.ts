import type { FilterResult, Redaction } from "./model.ts";
import type { ServerFilter } from "./list.ts";
import { limitBytes, limitLines } from "./limits.ts";

export interface ApplyOptions {
  /**
   * Run gated redactions only on the lines their gate passes (the default). Gates change how
   * fast a redaction runs, never what it does; tests turn them off to prove it.
   */
  gated?: boolean;
}

/** Run a filter list as docs/API.md ("Filters") defines each step. */
export function applyFilters(filters: readonly ServerFilter[], content: string, { gated = true }: ApplyOptions = {}): FilterResult {
  let truncated = false;
  for (let index = 0; index < filters.length; index++) {
    const filter = filters[index];
    const before = content;
    switch (filter.type) {
      case "trim":
        content = content.trim();
        break;
      case "limit-bytes":
        content = limitBytes(content, filter.data.limit);
        truncated ||= content !== before;
        break;
      case "limit-lines":
        content = limitLines(content, filter.data.limit);
        truncated ||= content !== before;
        break;
      case "regex": {
        const gate = gated ? filter.redaction.gate : undefined;
        if (!gate) {
          content = redact(compiled(filter.redaction), content);
          break;
        }
        // The redactions right after this one with the same gate run on the same lines, in order.
        const group = [compiled(filter.redaction)];
        for (let next = filters[index + 1]; next?.type === "regex" && next.redaction.gate === gate; next = filters[index + 1]) {
          group.push(compiled(next.redaction));
          index++;
        }
        content = redactGated(group, gate, content);
        break;
      }
    }
  }
  return { content, truncated };
}

interface CompiledPattern {
  regex: RegExp;
  /** The replacement in String.prototype.replace's syntax: `$` doubled where it is literal. */
  native: string;
  /** The literal replacement, for matches judged one by one against exemptions. */
  literal: string;
}

interface CompiledRedaction {
  patterns: CompiledPattern[];
  exemptions: RegExp[];
}

/** Redactions are frozen constants, so each is compiled once for the process. */
const cache = new WeakMap<Redaction, CompiledRedaction>();

function compiled(redaction: Redaction): CompiledRedaction {
  let entry = cache.get(redaction);
  if (!entry) {
    const { serverPatterns, data } = redaction;
    // Published replacements are literal text (clients insert them as they are); the server's
    // own forms may use `$1`.
    const literalReplacements = redaction.published && !serverPatterns;
    entry = {
      patterns: (serverPatterns ?? data.patterns).map(({ pattern, modifiers, replacement }) => ({
        regex: new RegExp(pattern, `g${modifiers.join("")}`),
        native: literalReplacements ? replacement.replaceAll("$", "$$$$") : replacement,
        literal: replacement,
      })),
      exemptions: data.exemptions.map(({ pattern, modifiers }) => new RegExp(pattern, modifiers.join(""))),
    };
    cache.set(redaction, entry);
  }
  return entry;
}

/**
 * Every pattern in turn over the whole text. A match in which an exemption finds something
 * stays (only published redactions have exemptions, so the replacement there is literal); the native replacement (no callback per match) is several times faster where there
 * are no exemptions.
 */
function redact({ patterns, exemptions }: CompiledRedaction, content: string): string {
  for (const { regex, native, literal } of patterns) {
    content =
      exemptions.length === 0
        ? content.replace(regex, native)
        : content.replace(regex, (match: string) => (exemptions.some((exemption) => exemption.test(match)) ? match : literal));
  }
  return content;
}

/**
 * The same as `redact` for each redaction in turn, run only on the lines where their common
 * gate finds something and the lines near them (a redaction changes only lines the gate
 * passes, so the next one's lines are the same). Several redactions (addresses, keyed secrets, player UUIDs) scan slowly because every
 * position starts a lookbehind or an alternation; their gates are plain scans at a tenth of
 * that, and real logs have few lines that pass them.
 *
 * Equal to the whole-content run because of two properties every gated pattern has (the
 * equivalence test in test/filters runs both over the samples): no match contains a line
 * break, and its lookarounds judge a line break as they judge the start or end of the text
 * (a negated class without `\n`, a line break among the stop characters, or `^`/`$`). A gate
 * must find something in every line its patterns can match: it is written beside them.
 */
function redactGated(redactions: readonly CompiledRedaction[], gate: RegExp, content: string): string {
  let result = "";
  let copiedUpTo = 0;
  let changed = false;
  gate.lastIndex = 0;
  let hit = gate.exec(content);
  while (hit !== null) {
    const blockStart = content.lastIndexOf("\n", hit.index) + 1;
    let blockEnd = lineEndAt(content, hit.index);
    // Hits close together make one block of whole lines: one replace per block, not per line,
    // so text where every line passes the gate costs no more than the whole-content run.
    // Each step moves the end a whole gap past the hit, so dense hits cost one search per gap,
    // not one per line (extra lines in a block are harmless: lines without a hit do not change).
    for (hit = nextHit(gate, content, blockEnd); hit !== null && hit.index - blockEnd <= BLOCK_GAP; hit = nextHit(gate, content, blockEnd)) {
      blockEnd = lineEndAt(content, Math.min(hit.index + BLOCK_GAP, content.length));
    }
    const block = content.slice(blockStart, blockEnd);
    let redacted = block;
    for (const redaction of redactions) redacted = redact(redaction, redacted);
    changed ||= redacted !== block;
    result += content.slice(copiedUpTo, blockStart) + redacted;
    copiedUpTo = blockEnd;
  }
  // Unchanged content stays the same string: no 200 KB copy for a gate that passed in vain.
  return changed ? result + content.slice(copiedUpTo) : content;
}

/** Characters between two gate hits that still put them in one block. */
const BLOCK_GAP = 512;

function lineEndAt(content: string, index: number): number {
  const lineEnd = content.indexOf("\n", index);
  return lineEnd < 0 ? content.length : lineEnd;
}

/** The gate's next hit from `from` (the end of a line that is done). */
function nextHit(gate: RegExp, content: string, from: number): RegExpExecArray | null {
  gate.lastIndex = from;
  return gate.exec(content);
}
