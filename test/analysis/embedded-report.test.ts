import { describe, expect, test } from "bun:test";
import { analyseLog } from "../../src/analysis/index.ts";
import { TICKING_ZOMBIE_REPORT as REPORT } from "./fixtures/crash-logs.ts";

describe("a crash report embedded in a server log", () => {
  const log = [
    "[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4",
    "[12:00:01] [Server thread/INFO]: This server is running Paper version git-Paper-497 (MC: 1.20.4)",
    "[12:00:02] [Server thread/ERROR]: Encountered an unexpected exception",
    ...REPORT,
  ].join("\n");
  const result = analyseLog(log);

  test("keeps the server type of the log", () => {
    expect(result.id).toBe("paper/server");
    expect(result.version).toBe("1.20.4");
  });

  test("still reports the crash-report problem, pointing at the report's lines", () => {
    const ticking = result.analysis.problems.filter((p) => p.message.includes("Zombie"));
    expect(ticking).toHaveLength(1);
    // "Description: Ticking entity" is line 7; the section header is line 12. Both name the same zombie.
    expect(ticking[0].entry.lines[0].number).toBe(7);
    expect(ticking[0].counter).toBe(2);
    expect(ticking[0].solutions.length).toBeGreaterThan(0);
  });

  test("does not change the log's own entries", () => {
    expect(result.entries[2].prefix).toBe("[12:00:02] [Server thread/ERROR]:");
    expect(result.entries[2].lines.at(-1)!.number).toBe(3 + REPORT.length);
  });
});

describe("a ratio-only log with an embedded report", () => {
  // The reference typed it a crash report; the log lines before the report make it the server's log.
  test("is the server's log, whose problems are not doubled", () => {
    const log = ["[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4", "[12:00:01] [Server thread/INFO]: Loading properties", "[12:00:02] [Server thread/INFO]: Preparing level \"world\"", ...REPORT].join("\n");
    const result = analyseLog(log);
    expect(result.id).toBe("vanilla/server");
    expect(result.version).toBe("1.20.4");
    const ticking = result.analysis.problems.filter((p) => p.message.includes("Zombie"));
    expect(ticking).toHaveLength(1);
    expect(ticking[0].counter).toBe(2);
  });
});
