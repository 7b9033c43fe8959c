#!/usr/bin/env bun
/**
 * Proves a change to src/filters changes no output: runs the privacy filters of a git revision
 * (default HEAD) and of the working tree over every log of a corpus, and compares the results
 * byte for byte (filterLog at the service's default limits, and redactText, which source,
 * metadata and file names pass). Speed work on the filters must leave this at 0 differences.
 *
 *   bun scripts/check-filter-output.ts [--ref REV] [--corpus DIR]
 *
 * Default corpus: /work/shared/corpus (real logs; never copied into the repository). Exits 1 on
 * any difference, naming the files.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const ref = option("--ref", "HEAD");
const corpus = option("--corpus", "/work/shared/corpus");
const repo = join(import.meta.dir, "..");

interface Filters {
  filterLog(content: string, limits: { maxBytes: number; maxLines: number }): { content: string; truncated: boolean };
  redactText(text: string): string;
}

/** src/filters as it was at `ref`, extracted beside node_modules' reach (it imports typebox). */
async function filtersAt(revision: string): Promise<{ filters: Filters; cleanup(): void }> {
  const dir = mkdtempSync(join(tmpdir(), "filters-at-"));
  const archive = Bun.spawnSync(["git", "-C", repo, "archive", revision, "src/filters"], { stdout: "pipe", stderr: "pipe" });
  if (archive.exitCode !== 0) throw new Error(`git archive ${revision}: ${archive.stderr.toString()}`);
  Bun.spawnSync(["tar", "-x", "-C", dir], { stdin: archive.stdout });
  Bun.spawnSync(["ln", "-s", join(repo, "node_modules"), join(dir, "node_modules")]);
  const filters = (await import(join(dir, "src/filters/index.ts"))) as Filters;
  return { filters, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function logsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return logsUnder(path);
    return /\.(log|txt)$/.test(name) ? [path] : [];
  });
}

// The service's defaults (config.ts: MAX_LENGTH, MAX_LINES), plus limits that never cut, so
// every redaction sees whole files too.
const limitSets = [
  { maxBytes: 10 * 1024 * 1024, maxLines: 25_000 },
  { maxBytes: Number.MAX_SAFE_INTEGER, maxLines: Number.MAX_SAFE_INTEGER },
];

const before = await filtersAt(ref);
const after = (await import(join(repo, "src/filters/index.ts"))) as Filters;
const files = logsUnder(corpus);
const differing: string[] = [];
let bytes = 0;
try {
  for (const path of files) {
    const text = await Bun.file(path).text();
    bytes += text.length;
    const outputs = (filters: Filters) => [
      ...limitSets.map((limits) => JSON.stringify(filters.filterLog(text, limits))),
      filters.redactText(text),
    ];
    const [old, now] = [outputs(before.filters), outputs(after)];
    if (old.some((output, index) => output !== now[index])) differing.push(relative(corpus, path));
  }
} finally {
  before.cleanup();
}
console.log(`${files.length} corpus logs (${(bytes / 1e6).toFixed(1)} MB): ${differing.length} differ between ${ref} and the working tree`);
for (const name of differing) console.log(`  differs: ${name}`);
process.exit(differing.length === 0 ? 0 : 1);
