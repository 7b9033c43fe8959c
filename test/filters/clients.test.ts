/**
 * The published filters as other clients run them: the mclo.gs clients are Java (its official
 * library, behind the plugins for Paper, Fabric, Forge, Velocity and BungeeCord) and PHP (PCRE).
 * A Java client written from the shape alone (clients/FilterClient.java) must give what our
 * own JavaScript client gives, and every pattern must compile in PCRE with `/` delimiters.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { filterLog, publishedFilters, type PublishedFilter } from "../../src/filters/index.ts";
import { program, requires } from "../support/requires.ts";
import { applyAsClient } from "./client.ts";
import { keptOnPurpose, redactionsByKind, untouched } from "./samples.ts";

const work = mkdtempSync(join(tmpdir(), "filter-clients-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const rows = Object.values(redactionsByKind).flat();
/** The samples, and lines where JavaScript's Unicode-aware `\s` and `\b` would differ from Java's and PCRE's. */
const sample = [
  ...rows.map(([input]) => input),
  ...keptOnPurpose,
  ...untouched,
  "C:\\Users\\Zoë Müller\\AppData and /home/zoë/x and password:\u00a0hunter2\u00a0next",
  "Ünïcödé 203.0.113.7\u00a0x, é203.0.113.8, token=abc\u2028def and ~émile/x",
  "Steve[/203.0.113.7:51234] logged in\r\nAlex logged in\rthird\n",
].join("\n");

const has = requires({ java: program("java", "default-jdk-headless"), pcre2test: program("pcre2test", "pcre2-utils") });

function runJava(filters: PublishedFilter[], input: string): string {
  const filtersFile = join(work, "filters.json");
  const inputFile = join(work, "input.txt");
  writeFileSync(filtersFile, JSON.stringify(filters));
  writeFileSync(inputFile, input);
  const run = Bun.spawnSync(["java", join(import.meta.dir, "clients", "FilterClient.java"), filtersFile, inputFile]);
  if (run.exitCode !== 0) throw new Error(`the Java client failed: ${run.stderr.toString()}`);
  return run.stdout.toString();
}

describe.skipIf(!has.java)("a Java client", () => {
  test("parses the served list and gives what our JavaScript client gives, byte for byte", () => {
    const served = JSON.parse(JSON.stringify(publishedFilters({ maxBytes: 1 << 20, maxLines: 10_000 })));
    expect(runJava(served, sample)).toBe(applyAsClient(served, sample));
  }, 30_000);

  test("cuts at the same place as the server for the byte and line limits", () => {
    const log = Array.from({ length: 200 }, (_, i) => `[12:00:00] [Server thread/INFO]: line ${i} é€😀`).join("\n");
    for (const limits of [{ maxBytes: 1001, maxLines: 10_000 }, { maxBytes: 1 << 20, maxLines: 37 }]) {
      const limitsOnly = publishedFilters(limits).slice(0, 3);
      expect(runJava(limitsOnly, log)).toBe(filterLog(log, limits).content);
    }
  }, 30_000);
});

describe.skipIf(!has.pcre2test)("PCRE", () => {
  test("compiles every pattern and exemption as a PHP client would write it, /pattern/modifiers", () => {
    const served = publishedFilters({ maxBytes: 1 << 20, maxLines: 10_000 });
    const patterns = served.flatMap((filter) => (filter.type === "regex" ? [...filter.data.patterns, ...filter.data.exemptions] : []));
    // pcre2test reads a pattern line, then subject lines up to a blank line
    const script = patterns.map(({ pattern, modifiers }) => `/${pattern}/${modifiers.join("")}\n\n`).join("");
    const scriptFile = join(work, "patterns.pcre");
    writeFileSync(scriptFile, script);
    const run = Bun.spawnSync(["pcre2test", scriptFile]);
    const output = run.stdout.toString();
    expect(output).not.toContain("Failed:");
    expect(run.exitCode).toBe(0);
    expect(output.match(/^\//gm)?.length).toBe(patterns.length);
  });
});
