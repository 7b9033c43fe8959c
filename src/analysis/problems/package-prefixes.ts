/**
 * Package prefixes (`com.mojang.`, `net.blay09.mods.waystones.`) looked up by a class name's first
 * segment. Stack traces ask about thousands of frames, and a walk along a whole list of prefixes
 * per frame was most of the time of a long trace. A prefix holding a dot can only start a class
 * name whose first segment is its own, so only those prefixes are tried, in list order.
 */
export class PackagePrefixes<V> {
  private readonly bySegment = new Map<string, (readonly [string, V])[]>();

  constructor(entries: readonly (readonly [string, V])[]) {
    for (const entry of entries) {
      const dot = entry[0].indexOf(".");
      if (dot <= 0) throw new Error(`PackagePrefixes: ${JSON.stringify(entry[0])} names no package segment`);
      const segment = entry[0].slice(0, dot);
      const list = this.bySegment.get(segment);
      if (list) list.push(entry);
      else this.bySegment.set(segment, [entry]);
    }
  }

  /** The value of the longest prefix the class name starts with (the first listed among equals), or undefined. */
  longest(className: string): V | undefined {
    let best: readonly [string, V] | undefined;
    for (const entry of this.candidates(className)) {
      if (className.startsWith(entry[0]) && (best === undefined || entry[0].length > best[0].length)) best = entry;
    }
    return best?.[1];
  }

  /** Whether some prefix starts the class name. */
  starts(className: string): boolean {
    for (const entry of this.candidates(className)) if (className.startsWith(entry[0])) return true;
    return false;
  }

  private candidates(className: string): readonly (readonly [string, V])[] {
    const dot = className.indexOf(".");
    return (dot > 0 && this.bySegment.get(className.slice(0, dot))) || NONE;
  }
}

const NONE: readonly never[] = [];
