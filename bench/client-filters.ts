#!/usr/bin/env bun
/**
 * `bun run bench:client-filters`: what the filter list we publish (GET /v1/filters) costs the
 * clients that run it before uploading, next to what the server pays for the longer list it
 * runs itself. Clients have no gates (src/filters/apply.ts): every pattern reads the whole log.
 *
 *   - the server: filterLog, gated, in this process;
 *   - a JavaScript client: each published pattern as a RegExp (test/filters/client.ts);
 *   - a Java client: java.util.regex (test/filters/clients/FilterClient.java, the mclo.gs
 *     library's language), when java and javac are installed;
 *   - a PHP client: PCRE (bench/php-peer/filters.php), when php is installed.
 *
 * Each runs the list over bench/fixtures.ts's 200 KB Forge log for ROUNDS rounds and keeps the
 * best time of each filter. Writes bench/results/client-filters.md.
 *
 *   bun run bench:client-filters [rounds, default 20]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { filterLog, publishedFilters } from "../src/filters/index.ts";
import { redactions } from "../src/filters/list.ts";
import { applyAsClient } from "../test/filters/client.ts";
import { forgeServerLog } from "./fixtures.ts";

const ROUNDS = Number(process.argv[2] ?? 20);
// The defaults of MAX_LENGTH and MAX_LINES (src/config.ts): what a client fetching the list gets.
const limits = { maxBytes: 10 * 1024 * 1024, maxLines: 25_000 };
const published = publishedFilters(limits);
const names = published.map((filter, index) => {
  if (filter.type !== "regex") return filter.type;
  // The regex steps are the published redactions, in order.
  const regexIndex = published.slice(0, index).filter((other) => other.type === "regex").length;
  return redactions.filter((redaction) => redaction.published)[regexIndex].name;
});
const log = forgeServerLog();
const scratch = mkdtempSync(join(tmpdir(), "logpaste-client-filters-"));
const filtersFile = join(scratch, "filters.json");
const inputFile = join(scratch, "forge.log");
await Bun.write(filtersFile, JSON.stringify(published));
await Bun.write(inputFile, log);

/** Best milliseconds of `run` over the rounds. */
function best(run: () => void): number {
  let fastest = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

/** A program's per-filter times (a JSON array on stdout), or why there are none. */
function external(command: string[]): number[] | string {
  const run = Bun.spawnSync(command, { cwd: scratch });
  if (run.exitCode !== 0) return `failed: ${run.stderr.toString().trim().split("\n").slice(-3).join(" / ")}`;
  return JSON.parse(run.stdout.toString()) as number[];
}

const columns: { client: string; times: number[] | string }[] = [];
const server = best(() => filterLog(log, limits));
columns.push({ client: "JavaScript (Bun), no gates", times: published.map((filter) => best(() => applyAsClient([filter], log))) });
if (Bun.which("java") && Bun.which("javac")) {
  const classes = join(scratch, "classes");
  const compiled = Bun.spawnSync([
    "javac", "-d", classes,
    join(import.meta.dir, "..", "test", "filters", "clients", "FilterClient.java"),
    join(import.meta.dir, "client-filters", "FilterTiming.java"),
  ]);
  columns.push({
    client: "Java (java.util.regex)",
    times: compiled.exitCode === 0 ? external(["java", "-cp", classes, "FilterTiming", filtersFile, inputFile, String(ROUNDS)]) : `javac failed: ${compiled.stderr.toString().trim()}`,
  });
} else {
  columns.push({ client: "Java (java.util.regex)", times: "java and javac are not installed (apt-get install default-jdk-headless)" });
}
columns.push({
  client: "PHP (PCRE)",
  times: Bun.which("php")
    ? external(["php", join(import.meta.dir, "client-filters", "timing.php"), filtersFile, inputFile, String(ROUNDS)])
    : "php is not installed (apt-get install php-cli)",
});
rmSync(scratch, { recursive: true, force: true });

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const measured = columns.filter((column): column is { client: string; times: number[] } => Array.isArray(column.times));
/** What a command prints of its version (java -version writes to stderr). */
const version = (command: string[], pattern: RegExp) => {
  const printed = Bun.spawnSync(command);
  return pattern.exec(printed.stdout.toString() + printed.stderr.toString())?.[0];
};
const software = [
  `Bun ${Bun.version}`,
  Bun.which("java") ? version(["java", "-version"], /version "[^"]+"/)?.replace("version", "Java") : null,
  Bun.which("php") ? `PHP ${Bun.spawnSync(["php", "-r", "echo PHP_VERSION;"]).stdout.toString()}` : null,
].filter(Boolean);
const commit = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: import.meta.dir }).stdout.toString().trim();
const report = [
  "# The published filters on the clients: latest run",
  "",
  `Generated by \`bun run bench:client-filters${process.argv[2] ? ` ${process.argv[2]}` : ""}\` on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} at commit ${commit} (${software.join(", ")}).`,
  `The list GET /v1/filters serves, over bench/fixtures.ts's Forge log (${log.length} bytes), best of ${ROUNDS} rounds per filter, in ms.`,
  "Clients run every pattern over the whole log; the server runs a longer list (its own redactions too), each",
  "pattern only on the lines its gate finds.",
  "",
  `The server's whole list (filterLog, gated): **${ms(server)} ms**.`,
  "",
  `| filter | ${measured.map((column) => column.client).join(" | ")} |`,
  `|---|${measured.map(() => "---:").join("|")}|`,
  ...published.map((_, index) => `| ${names[index]} | ${measured.map((column) => ms(column.times[index])).join(" | ")} |`),
  `| **the whole list** | ${measured.map((column) => `**${ms(column.times.reduce((sum, time) => sum + time, 0))}**`).join(" | ")} |`,
  "",
  ...columns.filter((column) => !Array.isArray(column.times)).map((column) => `- ${column.client}: ${column.times}`),
  "",
].join("\n");
const out = join(import.meta.dir, "results", "client-filters.md");
await Bun.write(out, report);
console.log(report);
console.log(`wrote ${out}`);
