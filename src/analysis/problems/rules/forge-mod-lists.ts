/** Parsing Forge's dependency lists such as `[redstoneflux@[2.1.0,2.2.0), forge@[14.23,), forgelin]`. */

export interface ForgeDependency {
  id: string;
  /** The lowest accepted version, when the list gives one. */
  version: string | null;
}

/** Reads `id@version`, `id@[low,high)` and bare `id` items, in order (duplicates kept). */
export function parseForgeDependencies(list: string): ForgeDependency[] {
  const dependencies: ForgeDependency[] = [];
  let i = 0;
  while (i < list.length) {
    while (i < list.length && (list[i] === "," || list[i] === " " || list[i] === "[" || list[i] === "]")) i++;
    const start = i;
    while (i < list.length && list[i] !== "@" && list[i] !== "," && list[i] !== "]") i++;
    const id = list.slice(start, i).trim();
    let version: string | null = null;
    if (list[i] === "@") {
      i++;
      if (list[i] === "[" || list[i] === "(") {
        // A range: keep its lower bound, skip to the closing bracket.
        let close = i + 1;
        while (close < list.length && list[close] !== "]" && list[close] !== ")") close++;
        version = list.slice(i + 1, close).split(",")[0].trim() || null;
        i = close + 1;
      } else {
        const end = list.indexOf(",", i);
        version = list.slice(i, end < 0 ? list.length : end).replace(/\]$/, "").trim() || null;
        i = end < 0 ? list.length : end;
      }
    }
    if (id) dependencies.push({ id, version });
  }
  return dependencies;
}
