/**
 * The levels of docs/ARCHITECTURE.md hold in the code: every relative import in src/ goes to the
 * importer's own folder or to a lower level, never up or across. The table is read from the
 * document itself, so the picture and the code cannot drift apart.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const ROOT = join(import.meta.dir, "..");

function levels(): Map<string, number> {
  const doc = readFileSync(join(ROOT, "docs", "ARCHITECTURE.md"), "utf8");
  const found = new Map<string, number>();
  for (const [, level, places] of doc.matchAll(/^\| (\d+) \| (.+?) \|/gm)) {
    for (const [, place] of places.matchAll(/`(src\/[^`]+?)\/?`/g)) found.set(place, Number(level));
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [relative(ROOT, path)] : [];
  });
}

/** The place of the table a file belongs to (its folder, or the file itself). */
function placeOf(file: string, table: Map<string, number>): string | undefined {
  return [...table.keys()].find((place) => file === place || file.startsWith(`${place}/`));
}

test("every file of src/ has a level in docs/ARCHITECTURE.md", () => {
  const table = levels();
  expect(table.size).toBeGreaterThan(10);
  expect(sourceFiles(join(ROOT, "src")).filter((file) => placeOf(file, table) === undefined)).toEqual([]);
});

test("imports run down the levels: none goes up, none goes across to another place of the same level", () => {
  const table = levels();
  const wrong: string[] = [];
  for (const file of sourceFiles(join(ROOT, "src"))) {
    const from = placeOf(file, table)!;
    for (const [, specifier] of readFileSync(join(ROOT, file), "utf8").matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      const target = normalize(join(dirname(file), specifier));
      const to = placeOf(target, table);
      if (to === undefined || to === from) continue;
      if (table.get(to)! >= table.get(from)!) wrong.push(`${file} -> ${target}`);
    }
  }
  expect(wrong).toEqual([]);
});
