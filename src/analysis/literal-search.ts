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
  private readonly classOf = new Uint8Array(65536);
  private readonly classes: number;
  /**
   * The transitions, indexed by state * classes + class. A state is stored premultiplied (its row's
   * start) so the scan adds the class without a multiplication, and negated when literals end
   * there, so the scan tests one sign instead of reading `output` on every character.
   */
  private readonly delta: Int32Array;
  /** The literals ending at each state (its own and those of its suffixes): ids, or undefined. */
  private readonly output: (number[] | undefined)[];

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
   */
  scan(text: string): { ids: number[]; ends: number[] } {
    const { classOf, classes, delta, output } = this;
    const ids: number[] = [];
    const ends: number[] = [];
    let row = 0;
    for (let i = 0; i < text.length; i++) {
      row = delta[row + classOf[text.charCodeAt(i)]];
      if (row < 0) {
        row = -row;
        for (const id of output[row / classes]!) {
          ids.push(id);
          ends.push(i + 1);
        }
      }
    }
    return { ids, ends };
  }
}
