/**
 * Detector kinds (markers that settle the type, a share of matching lines, a fixed weight)
 * and how they are evaluated.
 *
 * Markers are tested line by line, found through a literal `hint` (a plain substring search),
 * so detection stays linear on 10 MB logs and no pattern can run across line boundaries.
 */
import { indented, type FormatName } from "./formats.ts";
import type { LiteralIndex } from "./literal-index.ts";

export interface LineMarker {
  /** A literal that every matching line contains; lines without it are never tested. */
  hint: string;
  /** Tested against one line (`^`/`$` are the line's start and end). */
  pattern: RegExp;
  /** When set, the line right after the marker line must match this too. */
  next?: RegExp;
}

export type Detector =
  /** True when every marker matches some line (one marker: "single", several: "multi"). */
  | { kind: "markers"; markers: readonly LineMarker[] }
  /** Share of lines that are headers of the format. */
  | { kind: "ratio"; format: FormatName }
  /** A fixed score when the marker matches (Forge's `MinecraftForge v... Initialized`). */
  | { kind: "weighted"; marker: LineMarker; weight: number };

export function marker(hint: string, source: string, flags = "", next?: string): LineMarker {
  return { hint, pattern: new RegExp(source, flags), next: next === undefined ? undefined : new RegExp(next, flags) };
}

export const markers = (...list: LineMarker[]): Detector => ({ kind: "markers", markers: list });
export const ratio = (format: FormatName): Detector => ({ kind: "ratio", format });
export const weighted = (m: LineMarker, weight: number): Detector => ({ kind: "weighted", marker: m, weight });

/** Whether some line of `text` matches the marker; `hints` may already know where its hint is. */
export function markerMatches(text: string, m: LineMarker, hints: HintLookup): boolean {
  let from = 0;
  for (let nth = 0; ; nth++) {
    const at = hints.occurrence(m.hint, nth);
    if (at < 0) return false;
    // Further occurrences on a line already tested.
    if (at < from) continue;
    const start = text.lastIndexOf("\n", at) + 1;
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    if (m.pattern.test(text.slice(start, end))) {
      if (!m.next) return true;
      if (end < text.length) {
        let nextEnd = text.indexOf("\n", end + 1);
        if (nextEnd < 0) nextEnd = text.length;
        if (m.next.test(text.slice(end + 1, nextEnd))) return true;
      }
    }
    from = end + 1;
  }
}

/**
 * Which hints occur in a text, each searched for once. The search runs on the UTF-8 bytes:
 * JSC's String#indexOf slows down sharply when the hint starts with a common letter (152 us
 * for "rand" in a 200 KB log, against 5 us on the bytes), and a hint occurs in the bytes
 * exactly when it occurs in the text, UTF-8 being self-synchronising. A hint registered with the
 * log's literal index (`index`) needs no search of its own: the index's one scan of the text has
 * found it already.
 */
export class HintLookup {
  private bytes: Buffer | null = null;
  private readonly found = new Map<string, boolean>();
  /** Where each hint occurs, found as far as asked: several markers share a hint. */
  private readonly positions = new Map<string, number[]>();

  private readonly inside: ReadonlyMap<string, readonly string[]>;
  private readonly index: LiteralIndex | undefined;

  /**
   * `inside`: for a hint, shorter strings whose absence rules it out (see `hintsInside`);
   * `index`: the literal index whose scan answers for the hints registered with it;
   * `utf8`: the text's UTF-8 bytes, when the caller has them already.
   */
  constructor(
    private readonly text: string,
    options: { inside?: ReadonlyMap<string, readonly string[]>; index?: LiteralIndex; utf8?: Uint8Array } = {},
  ) {
    this.inside = options.inside ?? new Map();
    this.index = options.index;
    if (options.utf8) this.bytes = Buffer.from(options.utf8.buffer, options.utf8.byteOffset, options.utf8.byteLength);
  }

  /** Whether the hints are looked up in a literal index (each registered hint at no cost). */
  get indexed(): boolean {
    return this.index !== undefined;
  }

  has(hint: string): boolean {
    const id = this.index?.registeredId(hint);
    if (id !== undefined) return this.index!.startsIn(this.text, id).length > 0;
    let present = this.found.get(hint);
    if (present === undefined) {
      // A hint holding an absent hint is absent too, without a search of its own.
      present = (this.inside.get(hint) ?? []).every((shorter) => this.has(shorter)) && this.search(hint);
      this.found.set(hint, present);
    }
    return present;
  }

  /** Where the `nth` occurrence of `hint` starts in the text (from 0), or -1 when there is none. */
  occurrence(hint: string, nth: number): number {
    const id = this.index?.registeredId(hint);
    if (id !== undefined) return this.index!.startsIn(this.text, id)[nth] ?? -1;
    let positions = this.positions.get(hint);
    if (!positions) {
      positions = [];
      this.positions.set(hint, positions);
    }
    while (positions.length <= nth) {
      const last = positions.at(-1);
      if (last === -1) return -1;
      positions.push(this.has(hint) ? this.indexOf(hint, last === undefined ? 0 : last + 1) : -1);
    }
    return positions[nth];
  }

  private search(hint: string): boolean {
    return this.utf8().indexOf(encoded(hint)) >= 0;
  }

  /**
   * The text's own offsets. On ASCII text (as long in bytes as in characters) they are the
   * byte offsets too, and the byte search is the fast one.
   */
  private indexOf(hint: string, from: number): number {
    const bytes = this.utf8();
    return bytes.length === this.text.length ? bytes.indexOf(encoded(hint), from) : this.text.indexOf(hint, from);
  }

  private utf8(): Buffer {
    this.bytes ??= Buffer.from(this.text);
    return this.bytes;
  }
}

/**
 * Hints as UTF-8 bytes, encoded once: given a string, Buffer#indexOf encodes it on every call,
 * which cost 4x the search itself in a small log (and 1.5x over the corpus). Hints are the
 * engine's own constants, a few hundred at most.
 */
const encodedHints = new Map<string, Buffer>();

function encoded(hint: string): Buffer {
  let bytes = encodedHints.get(hint);
  if (bytes === undefined) {
    bytes = Buffer.from(hint);
    encodedHints.set(hint, bytes);
  }
  return bytes;
}

/**
 * For each hint, shorter strings it contains whose absence rules it out: the other hints it
 * contains ("rand" in "Server brand changed") and words it shares with other hints ("Fabric",
 * "Report"). A log is of one kind, so most of those words are absent from it, and one search
 * for a word settles every hint that holds it.
 */
export function hintsInside(hints: Iterable<string>): Map<string, string[]> {
  const all = [...new Set(hints)];
  const words = new Set(all.flatMap((hint) => hint.match(/[A-Za-z]{5,}/g) ?? []));
  const shared = [...words].filter((word) => all.filter((hint) => hint.includes(word)).length >= 2);
  return new Map(
    all.map((hint) => [
      hint,
      [...all, ...shared].filter((shorter, index, list) => shorter !== hint && hint.includes(shorter) && list.indexOf(shorter) === index),
    ]),
  );
}

/**
 * Matching lines / all lines (empty ones included); false when no line matches. `header` is a
 * format's (formats.ts), which no indented line matches. `giveUp` is asked after each line that
 * does not match, with the highest ratio still possible; when it says yes, counting stops and
 * that bound is the answer.
 */
export function lineRatio(
  lines: readonly string[],
  header: RegExp,
  giveUp: (atMost: number) => boolean = () => false,
): { ratio: number | false } | { atMost: number } {
  if (lines.length === 0) return { ratio: false };
  let missing = 0;
  for (const line of lines) {
    if (!indented(line) && header.test(line)) continue;
    missing++;
    const atMost = (lines.length - missing) / lines.length;
    if (giveUp(atMost)) return { atMost };
  }
  const matching = lines.length - missing;
  return { ratio: matching === 0 ? false : matching / lines.length };
}
