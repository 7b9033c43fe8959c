/**
 * A linear-time regular-expression matcher for the search tool.
 *
 * The model writes the patterns, and a log can talk the model into writing one: JavaScript's
 * backtracking engine would let "(a|aa)+$" spin for minutes on one line. This compiles the usual
 * syntax (literals, ., classes, \d \w \s \b, anchors, groups, |, * + ? {n,m}) to a Thompson NFA
 * and runs it over the line with a state set, so a line costs O(line length x pattern size)
 * whatever the pattern. Backreferences and lookarounds need backtracking and are refused.
 */

type CharTest = (code: number) => boolean;

type State =
  | { kind: "char"; test: CharTest; next: number }
  | { kind: "split"; a: number; b: number }
  | { kind: "assert"; at: "start" | "end" | "word" | "nonword"; next: number }
  | { kind: "match" };

type Ast =
  | { kind: "char"; test: CharTest }
  | { kind: "assert"; at: "start" | "end" | "word" | "nonword" }
  | { kind: "concat"; parts: Ast[] }
  | { kind: "alt"; options: Ast[] }
  | { kind: "repeat"; child: Ast; min: number; max: number }; // max = Infinity for unbounded

/** A bigger program is refused: it bounds the per-character work of the simulation. */
const maxStates = 2_000;
const maxRepeat = 100;

export class PatternError extends Error {}

const isDigit: CharTest = (c) => c >= 48 && c <= 57;
const isWord: CharTest = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isSpace: CharTest = (c) => c === 32 || (c >= 9 && c <= 13) || c === 160 || c === 0xfeff || c === 0x2028 || c === 0x2029 || (c >= 0x2000 && c <= 0x200a);
const not = (test: CharTest): CharTest => (c) => !test(c);

function foldCase(test: CharTest): CharTest {
  return (c) => {
    if (test(c)) return true;
    const char = String.fromCharCode(c);
    const lower = char.toLowerCase().charCodeAt(0);
    const upper = char.toUpperCase().charCodeAt(0);
    return (lower !== c && test(lower)) || (upper !== c && test(upper));
  };
}

class Parser {
  private at = 0;
  constructor(private readonly source: string) {}

  parse(): Ast {
    const ast = this.alternation();
    if (this.at < this.source.length) throw new PatternError(`unmatched ")" at position ${this.at}`);
    return ast;
  }

  private peek(): string | undefined {
    return this.source[this.at];
  }

  private alternation(): Ast {
    const options = [this.concatenation()];
    while (this.peek() === "|") {
      this.at++;
      options.push(this.concatenation());
    }
    return options.length === 1 ? options[0] : { kind: "alt", options };
  }

  private concatenation(): Ast {
    const parts: Ast[] = [];
    while (this.at < this.source.length && this.peek() !== "|" && this.peek() !== ")") parts.push(this.repetition());
    return { kind: "concat", parts };
  }

  private repetition(): Ast {
    let ast = this.atom();
    for (;;) {
      const char = this.peek();
      let min: number;
      let max: number;
      if (char === "*") [min, max] = [0, Infinity];
      else if (char === "+") [min, max] = [1, Infinity];
      else if (char === "?") [min, max] = [0, 1];
      else if (char === "{" && /^\{\d+(,\d*)?\}/.test(this.source.slice(this.at))) {
        const [, low, comma, high] = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at))!;
        min = Number(low);
        max = comma === undefined ? min : high === "" || high === undefined ? Infinity : Number(high);
        if (max < min) throw new PatternError("numbers out of order in {} quantifier");
        if (min > maxRepeat || (max !== Infinity && max > maxRepeat)) throw new PatternError(`a {} quantifier may not exceed ${maxRepeat}`);
        this.at += /^\{\d+(,\d*)?\}/.exec(this.source.slice(this.at))![0].length - 1;
      } else return ast;
      this.at++;
      if (this.peek() === "?") this.at++; // lazy or greedy: same answer for "does the line match"
      if (ast.kind === "assert") throw new PatternError("nothing to repeat");
      ast = { kind: "repeat", child: ast, min, max };
    }
  }

  private atom(): Ast {
    const char = this.source[this.at++];
    switch (char) {
      case "(": {
        if (this.peek() === "?") {
          const rest = this.source.slice(this.at);
          const prefix = /^\?(?::|<[A-Za-z_$][\w$]*>)/.exec(rest);
          if (!prefix) throw new PatternError("lookahead and lookbehind are not supported; search for the text itself");
          this.at += prefix[0].length;
        }
        const inner = this.alternation();
        if (this.source[this.at++] !== ")") throw new PatternError('missing ")"');
        return inner;
      }
      case ".":
        return { kind: "char", test: (c) => c !== 10 && c !== 13 && c !== 0x2028 && c !== 0x2029 };
      case "^":
        return { kind: "assert", at: "start" };
      case "$":
        return { kind: "assert", at: "end" };
      case "[":
        return { kind: "char", test: this.characterClass() };
      case "\\":
        return this.escape();
      case "*":
      case "+":
      case "?":
        throw new PatternError(`nothing to repeat before "${char}"`);
      case ")":
        throw new PatternError('unmatched ")"');
      default: {
        const code = char.charCodeAt(0);
        return { kind: "char", test: (c) => c === code };
      }
    }
  }

  /** After a backslash, outside a class. */
  private escape(): Ast {
    const char = this.source[this.at];
    const classTest = this.classEscape();
    if (classTest) return { kind: "char", test: classTest };
    if (char === "b") {
      this.at++;
      return { kind: "assert", at: "word" };
    }
    if (char === "B") {
      this.at++;
      return { kind: "assert", at: "nonword" };
    }
    const code = this.escapedCode(false);
    return { kind: "char", test: (c) => c === code };
  }

  /** \d \D \w \W \s \S, or null for any other escape (nothing consumed then). */
  private classEscape(): CharTest | null {
    const tests: Record<string, CharTest> = { d: isDigit, D: not(isDigit), w: isWord, W: not(isWord), s: isSpace, S: not(isSpace) };
    const test = Object.hasOwn(tests, this.source[this.at]) ? tests[this.source[this.at]] : null;
    if (test !== null) this.at++;
    return test;
  }

  /** The character code of a single-character escape (\t, \x41, \., ...). In a class, \b is backspace. */
  private escapedCode(inClass: boolean): number {
    const char = this.source[this.at++];
    if (char === undefined) throw new PatternError("\\ at end of pattern");
    const named: Record<string, number> = { t: 9, n: 10, r: 13, f: 12, v: 11, "0": 0 };
    if (char in named) return named[char];
    if (char === "b" && inClass) return 8;
    if (char === "x" || char === "u") {
      const digits = char === "x" ? 2 : 4;
      const hex = this.source.slice(this.at, this.at + digits);
      if (hex.length !== digits || !/^[0-9a-fA-F]+$/.test(hex)) throw new PatternError(`bad \\${char} escape`);
      this.at += digits;
      return parseInt(hex, 16);
    }
    if (/[1-9]/.test(char) || char === "k") throw new PatternError("backreferences are not supported");
    if (/[A-Za-z]/.test(char)) throw new PatternError(`unknown escape \\${char}`);
    return char.charCodeAt(0);
  }

  private characterClass(): CharTest {
    const negated = this.peek() === "^";
    if (negated) this.at++;
    const tests: CharTest[] = [];
    for (;;) {
      if (this.at >= this.source.length) throw new PatternError('missing "]"');
      if (this.peek() === "]") break; // as in JavaScript, "[]" matches nothing and "[^]" anything
      const low = this.classAtom();
      if (this.peek() === "-" && this.source[this.at + 1] !== "]" && this.at + 1 < this.source.length && typeof low === "number") {
        this.at++;
        const high = this.classAtom();
        if (typeof high !== "number") throw new PatternError("a class range must be between two characters");
        if (high < low) throw new PatternError("range out of order in character class");
        tests.push((c) => c >= low && c <= high);
      } else {
        tests.push(typeof low === "number" ? (c) => c === low : low);
      }
    }
    this.at++; // "]"
    const any: CharTest = (c) => tests.some((test) => test(c));
    return negated ? not(any) : any;
  }

  /** One member of a class: a character code, or a test for \d \w \s and friends. */
  private classAtom(): number | CharTest {
    const char = this.source[this.at++];
    if (char !== "\\") return char.charCodeAt(0);
    return this.classEscape() ?? this.escapedCode(true);
  }
}

class Compiler {
  readonly states: State[] = [{ kind: "match" }];

  private add(state: State): number {
    if (this.states.length >= maxStates) throw new PatternError("the pattern is too complex");
    this.states.push(state);
    return this.states.length - 1;
  }

  /** Compiles `ast` so that it continues at state `next`; returns its start state. */
  compile(ast: Ast, next: number, caseless: boolean): number {
    switch (ast.kind) {
      case "char":
        return this.add({ kind: "char", test: caseless ? foldCase(ast.test) : ast.test, next });
      case "assert":
        return this.add({ kind: "assert", at: ast.at, next });
      case "concat": {
        let start = next;
        for (let index = ast.parts.length - 1; index >= 0; index--) start = this.compile(ast.parts[index], start, caseless);
        return start;
      }
      case "alt": {
        const starts = ast.options.map((option) => this.compile(option, next, caseless));
        return starts.reduceRight((b, a) => this.add({ kind: "split", a, b }));
      }
      case "repeat": {
        let start = next;
        if (ast.max === Infinity) {
          // x* : loop = split(body -> loop, next)
          const loop = this.add({ kind: "split", a: -1, b: next });
          const body = this.compile(ast.child, loop, caseless);
          (this.states[loop] as { a: number }).a = body;
          start = loop;
        } else {
          for (let optional = ast.max - ast.min; optional > 0; optional--) {
            const body = this.compile(ast.child, start, caseless);
            start = this.add({ kind: "split", a: body, b: next });
            next = start;
          }
        }
        for (let required = 0; required < ast.min; required++) start = this.compile(ast.child, start, caseless);
        return start;
      }
    }
  }
}

export interface LineRegex {
  test(line: string): boolean;
}

/**
 * A lazily built DFA over the NFA (the RE2 approach): each DFA state is the set of NFA states
 * waiting for the next character, plus what the assertions need to know (at the line start? was
 * the previous character a word character?). A transition is computed from the NFA once, then
 * cached, so a warm matcher costs one table lookup per character; the cache is bounded and simply
 * dropped when full, which keeps the worst case at O(line length x pattern size).
 */
interface DfaState {
  /** NFA states reached by the last character (before following splits and assertions). */
  seeds: number[];
  atStart: boolean;
  previousIsWord: boolean;
  /** Transitions for char codes < 128; `matched` when the match state was reached. */
  ascii: (DfaState | typeof matched | undefined)[];
  other: Map<number, DfaState | typeof matched>;
  matchesAtEnd?: boolean;
}

const matched = Symbol("matched");
const maxDfaStates = 4_000;

export function compileLineRegex(pattern: string, caseSensitive: boolean): LineRegex {
  const ast = new Parser(pattern).parse();
  const compiler = new Compiler();
  const start = compiler.compile(ast, 0, !caseSensitive);
  const states = compiler.states;

  const mark = new Int32Array(states.length).fill(-1);
  const stack = new Int32Array(states.length * 2 + 2);
  let generation = 0;

  /**
   * Follows splits and assertions from `seeds` at a position whose surroundings are described by
   * the flags; returns the character-consuming states reached, or `matched`.
   */
  function closure(seeds: readonly number[], atStart: boolean, atEnd: boolean, previousIsWord: boolean, nextIsWord: boolean): number[] | typeof matched {
    generation++;
    const out: number[] = [];
    let top = 0;
    for (let index = seeds.length - 1; index >= 0; index--) stack[top++] = seeds[index];
    while (top > 0) {
      const id = stack[--top];
      if (mark[id] === generation) continue;
      mark[id] = generation;
      const node = states[id];
      if (node.kind === "match") return matched;
      if (node.kind === "split") {
        stack[top++] = node.b;
        stack[top++] = node.a;
      } else if (node.kind === "assert") {
        const boundary = previousIsWord !== nextIsWord;
        const holds =
          node.at === "start" ? atStart
          : node.at === "end" ? atEnd
          : node.at === "word" ? boundary
          : !boundary;
        if (holds) stack[top++] = node.next;
      } else {
        out.push(id);
      }
    }
    return out;
  }

  let cache = new Map<string, DfaState>();
  const dfaState = (seeds: number[], atStart: boolean, previousIsWord: boolean): DfaState => {
    seeds.sort((a, b) => a - b);
    const key = `${atStart ? "S" : ""}${previousIsWord ? "W" : ""}:${seeds.join(",")}`;
    let state = cache.get(key);
    if (!state) {
      if (cache.size >= maxDfaStates) cache = new Map();
      state = { seeds, atStart, previousIsWord, ascii: [], other: new Map() };
      cache.set(key, state);
    }
    return state;
  };

  const transition = (state: DfaState, code: number): DfaState | typeof matched => {
    const nextIsWord = isWord(code);
    const reached = closure(state.seeds, state.atStart, false, state.previousIsWord, nextIsWord);
    if (reached === matched) return matched;
    const seeds = [start]; // unanchored: a match may also begin after this character
    for (const id of reached) {
      const node = states[id] as Extract<State, { kind: "char" }>;
      if (node.test(code) && !seeds.includes(node.next)) seeds.push(node.next);
    }
    return dfaState(seeds, false, nextIsWord);
  };

  const initial = () => dfaState([start], true, false);

  return {
    test(line: string): boolean {
      let state = initial();
      for (let pos = 0; pos < line.length; pos++) {
        const code = line.charCodeAt(pos);
        let next = code < 128 ? state.ascii[code] : state.other.get(code);
        if (next === undefined) {
          next = transition(state, code);
          if (code < 128) state.ascii[code] = next;
          else state.other.set(code, next);
        }
        if (next === matched) return true;
        state = next;
      }
      state.matchesAtEnd ??= closure(state.seeds, state.atStart, true, state.previousIsWord, false) === matched;
      return state.matchesAtEnd;
    },
  };
}
