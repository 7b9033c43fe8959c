/**
 * Finds every occurrence of many literal strings in one pass over a text (Aho-Corasick).
 *
 * Why: the rules and information patterns each need "which lines hold my phrase". Asking
 * `line.includes(phrase)` per phrase per line costs (phrases x text); this automaton reads each
 * character once whatever the number of phrases, so adding a rule no longer slows every log down.
 *
 * How: the literals form a trie; each state's transitions are completed with the failure links
 * ahead of time (a DFA), so the scan is one table read per character. Characters that occur in no
 * literal share class 0, which always leads back to the start; the table is states x classes.
 */
export class LiteralSearch {
  /** Character code -> class (0: in no literal). */
  readonly classOf = new Uint8Array(65536);
  private readonly classes: number;
  /**
   * The transitions, indexed by state * classes + class. A state is stored premultiplied (its row's
   * start) so the scan adds the class without a multiplication, and negated when literals end
   * there, so the scan tests one sign instead of reading `output` on every character.
   */
  readonly delta: Int32Array;
  /** The literals ending at each state (its own and those of its suffixes): ids, or undefined. */
  private readonly output: (number[] | undefined)[];
  /** The longest literal's length: how early the walks after the first start in a long text. */
  private readonly longest: number;

  constructor(readonly literals: readonly string[]) {
    let classes = 1;
    for (const literal of literals) {
      if (literal.length === 0) throw new Error("LiteralSearch: an empty literal matches everywhere");
      for (let i = 0; i < literal.length; i++) {
        const code = literal.charCodeAt(i);
        if (this.classOf[code] === 0) {
          if (classes === 256) throw new Error("LiteralSearch: more than 255 different characters");
          this.classOf[code] = classes++;
        }
      }
    }
    this.classes = classes;
    this.longest = literals.reduce((most, literal) => Math.max(most, literal.length), 0);

    // The trie, with -1 for a missing transition.
    const trie: Int32Array[] = [new Int32Array(classes).fill(-1)];
    const output: (number[] | undefined)[] = [undefined];
    literals.forEach((literal, id) => {
      let state = 0;
      for (let i = 0; i < literal.length; i++) {
        const c = this.classOf[literal.charCodeAt(i)];
        if (trie[state][c] === -1) {
          trie[state][c] = trie.length;
          trie.push(new Int32Array(classes).fill(-1));
          output.push(undefined);
        }
        state = trie[state][c];
      }
      (output[state] ??= []).push(id);
    });

    // Breadth first: a state's failure state is shallower, so it is complete when reached.
    const delta = new Int32Array(trie.length * classes);
    const failure = new Int32Array(trie.length);
    const queue: number[] = [];
    for (let c = 0; c < classes; c++) {
      const child = trie[0][c];
      delta[c] = child === -1 ? 0 : child;
      if (child !== -1) queue.push(child);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      const fail = failure[state];
      const inherited = output[fail];
      if (inherited) output[state] = [...(output[state] ?? []), ...inherited];
      for (let c = 0; c < classes; c++) {
        const child = trie[state][c];
        if (child === -1) {
          delta[state * classes + c] = delta[fail * classes + c];
        } else {
          delta[state * classes + c] = child;
          failure[child] = delta[fail * classes + c];
          queue.push(child);
        }
      }
    }
    for (let i = 0; i < delta.length; i++) {
      const target = delta[i];
      delta[i] = output[target] ? -target * classes : target * classes;
    }
    this.delta = delta;
    this.output = output;
  }

  /**
   * Every occurrence, in the order they end in the text (several ending at the same place:
   * longest literal first): `ids[k]` ended just before `ends[k]`. Two flat arrays rather than a
   * callback or an object per occurrence: the scan is the hottest loop of the engine.
   *
   * A long text is read as four quarters in one loop (walkFour). Each step of a walk waits for the
   * table read of the step before; walks that do not wait for each other keep the processor busier.
   * Each walk after the first starts early by the longest literal's length less one, so that a
   * literal across a boundary is found by it, and keeps only what ends after its boundary.
   */
  scan(text: string): Occurrences {
    const n = text.length;
    if (n < WALKS_FROM) {
      const found = { ids: [], ends: [] };
      this.walk(text, 0, n, 0, found, 0);
      return found;
    }
    // Quarter q holds the occurrences ending in (bounds[q], bounds[q + 1]]; its walk starts at starts[q].
    const quarter = n >> 2;
    const bounds = [0, quarter, n >> 1, n - quarter, n];
    const overlap = this.longest - 1;
    const starts = [0, Math.max(0, bounds[1] - overlap), Math.max(0, bounds[2] - overlap), Math.max(0, bounds[3] - overlap)];
    const found: Occurrences[] = [0, 1, 2, 3].map(() => ({ ids: [], ends: [] }));
    // All four together for the first quarter's length (the shortest), then each goes on alone.
    const rows = walkFour(this, text, starts, bounds, found);
    const { ids, ends } = found[0];
    for (let q = 1; q < 4; q++) {
      this.walk(text, starts[q] + quarter, bounds[q + 1], rows[q], found[q], bounds[q]);
      for (let k = 0; k < found[q].ids.length; k++) {
        ids.push(found[q].ids[k]);
        ends.push(found[q].ends[k]);
      }
    }
    return found[0];
  }

  /** One walk over text[from, to) from `row`, keeping what ends after `after`. */
  private walk(text: string, from: number, to: number, row: number, found: Occurrences, after: number): void {
    const { classOf, delta } = this;
    for (let i = from; i < to; i++) {
      row = delta[row + classOf[text.charCodeAt(i)]];
      if (row < 0) row = this.record(-row, i + 1, after, found);
    }
  }

  /** Files the literals ending at `end` in state `row` (premultiplied) when `end` is after `after`; returns the row. */
  record(row: number, end: number, after: number, found: Occurrences): number {
    if (end > after) {
      for (const id of this.output[row / this.classes]!) {
        found.ids.push(id);
        found.ends.push(end);
      }
    }
    return row;
  }
}

/** Occurrences in the order they end: `ids[k]` ended just before `ends[k]`. */
export interface Occurrences {
  ids: number[];
  ends: number[];
}

/**
 * Four walks in step from `starts`, for the first quarter's length, filing into `found` what ends
 * after `bounds`; returns the four walks' rows. A function of its own, with the walks in plain locals:
 * written inside `scan`, the same loop ran between 0.8 and 1.06 of the two-walk scan's time from
 * one process to the next (the JIT's luck); alone, at 0.80-0.86 in every process tried.
 */
function walkFour(
  search: LiteralSearch,
  text: string,
  starts: readonly number[],
  bounds: readonly number[],
  found: readonly Occurrences[],
): number[] {
  const { classOf, delta } = search;
  const length = bounds[1];
  const [, second, third, fourth] = starts;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (let i = 0; i < length; i++) {
    a = delta[a + classOf[text.charCodeAt(i)]];
    b = delta[b + classOf[text.charCodeAt(second + i)]];
    c = delta[c + classOf[text.charCodeAt(third + i)]];
    d = delta[d + classOf[text.charCodeAt(fourth + i)]];
    if ((a | b | c | d) < 0) {
      if (a < 0) a = search.record(-a, i + 1, 0, found[0]);
      if (b < 0) b = search.record(-b, second + i + 1, bounds[1], found[1]);
      if (c < 0) c = search.record(-c, third + i + 1, bounds[2], found[2]);
      if (d < 0) d = search.record(-d, fourth + i + 1, bounds[3], found[3]);
    }
  }
  return [a, b, c, d];
}

/**
 * Below this length one walk does as well: the other walks' overlap and merge cost more than they
 * save. It also keeps each quarter longer than the overlap (a literal is far shorter than 1 KiB).
 */
const WALKS_FROM = 4096;
