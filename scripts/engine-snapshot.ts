#!/usr/bin/env bun
/**
 * A snapshot of everything the engine says, to prove a speed change changes no result. Runs
 * analyseLog on every corpus .log and on the logs the analysis tests use (their fixtures, the
 * generated logs), and the rule fixtures through the tests' own rule runner (log-builder.ts), then
 * writes or compares one JSON: type, version, title, problems, information, and a hash of the
 * parsed entries (levels, times, prefixes, lines).
 *
 *   bun scripts/engine-snapshot.ts write   [file, default /tmp/engine-snapshot.json] [corpus dir]
 *   bun scripts/engine-snapshot.ts compare [file, default /tmp/engine-snapshot.json] [corpus dir]
 *
 * `compare` exits 1 and names the first differing logs when the output is not byte-identical.
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { analyseLog } from "../src/analysis/index.ts";
import type { Insights, LogEntry } from "../src/analysis/model.ts";
import * as crashLogs from "../test/analysis/fixtures/crash-logs.ts";
import { generatedLongStackTrace, generatedServerLog } from "../test/analysis/fixtures/generated-logs.ts";
import * as jvmLogs from "../test/analysis/fixtures/jvm-logs.ts";
import { LOG_TYPE_FIXTURES } from "../test/analysis/fixtures/log-types.ts";
import { ruleFixtures } from "../test/analysis/problems/fixtures.ts";
import { analyse, entriesOf, reportEntriesOf } from "../test/analysis/problems/log-builder.ts";

const [mode = "compare", file = "/tmp/engine-snapshot.json", corpusArg] = process.argv.slice(2);
if (mode !== "write" && mode !== "compare") {
  console.error("usage: bun scripts/engine-snapshot.ts write|compare [file] [corpus dir]");
  process.exit(2);
}
const corpusDir = resolve(corpusArg ?? resolve(import.meta.dir, "../../shared/corpus"));

const lineRefs = (entry: LogEntry) => entry.lines.map((line) => line.number);

/** The insights as a plain value: every field a client reads, entries as a hash. */
function snapshotOf(result: Insights): unknown {
  return {
    id: result.id,
    name: result.name,
    type: result.type,
    version: result.version,
    title: result.title,
    entries: createHash("sha256").update(JSON.stringify(result.entries)).digest("hex"),
    problems: result.analysis.problems.map((p) => ({
      message: p.message,
      counter: p.counter,
      code: p.code,
      category: p.category,
      solutions: p.solutions.map((s) => s.message),
      entry: { level: p.entry.level, prefix: p.entry.prefix, lines: lineRefs(p.entry) },
    })),
    information: result.analysis.information.map((i) => ({
      message: i.message,
      counter: i.counter,
      label: i.label,
      value: i.value,
      entry: { level: i.entry.level, prefix: i.entry.prefix, lines: lineRefs(i.entry) },
    })),
  };
}

const snapshot: Record<string, unknown> = {};

const corpusFiles: string[] = [];
for await (const rel of new Bun.Glob("**/*.log").scan({ cwd: corpusDir })) corpusFiles.push(rel);
corpusFiles.sort();
for (const rel of corpusFiles) {
  const bytes = await Bun.file(`${corpusDir}/${rel}`).bytes();
  snapshot[`corpus/${rel}`] = snapshotOf(analyseLog(bytes));
  // The same log given as a string: the path uploads and tests take.
  snapshot[`corpus-text/${rel}`] = snapshotOf(analyseLog(new TextDecoder().decode(bytes)));
}
for (const [name, text] of Object.entries({ ...crashLogs, ...jvmLogs })) {
  if (typeof text === "string") snapshot[`fixture/${name}`] = snapshotOf(analyseLog(text));
}
for (const fixture of LOG_TYPE_FIXTURES) snapshot[`log-type/${fixture.id}`] = snapshotOf(analyseLog(fixture.text));
ruleFixtures.forEach((fixture, i) => {
  snapshot[`rule/${i}/${fixture.code}/analyseLog`] = snapshotOf(analyseLog(fixture.log));
  const entries = fixture.report ? reportEntriesOf(fixture.log) : entriesOf(fixture.log);
  snapshot[`rule/${i}/${fixture.code}/rules`] = analyse(fixture.groups, fixture.log, entries);
});
snapshot["generated/server-log-2MB"] = snapshotOf(analyseLog(generatedServerLog(2_000_000)));
snapshot["generated/stack-trace-30000"] = snapshotOf(analyseLog(generatedLongStackTrace(30_000)));

const json = JSON.stringify(snapshot, null, 1);
const logs = Object.keys(snapshot).length;
if (mode === "write") {
  await Bun.write(file, json);
  console.log(`wrote ${file}: ${logs} logs (${corpusFiles.length} corpus files), ${json.length} bytes`);
} else {
  const before = await Bun.file(file).text();
  if (before === json) {
    console.log(`identical: ${logs} logs (${corpusFiles.length} corpus files), ${json.length} bytes`);
  } else {
    const old = JSON.parse(before) as Record<string, unknown>;
    const differing = Object.keys({ ...old, ...snapshot }).filter((key) => JSON.stringify(old[key]) !== JSON.stringify(snapshot[key]));
    console.error(`DIFFERENT: ${differing.length} of ${logs} logs differ, e.g.:`);
    for (const key of differing.slice(0, 10)) console.error(`  ${key}`);
    process.exit(1);
  }
}
