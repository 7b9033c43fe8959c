import { describe, expect, test } from "bun:test";
import { analyseLog, logStats } from "../../src/analysis/index.ts";

/** A Vanilla log whose problem spans two lines of one entry: the case CRLF used to break. */
const PLAIN = [
  "[14:20:40] [ServerMain/INFO]: Starting minecraft server version 1.21.10",
  "[14:20:41] [ServerMain/ERROR]: Failed to start the minecraft server",
  "java.lang.IllegalArgumentException: Code of Conduct folder does not exist: codeofconduct",
  "\tat net.minecraft.server.Main.main(Main.java:1)",
  "[14:20:42] [Server thread/WARN]: Stopping",
].join("\n");

const encode = (text: string) => new TextEncoder().encode(text);

describe("input normalisation gives the same result as plain LF text", () => {
  const plain = analyseLog(PLAIN);

  test("the plain log itself is analysed (a problem and the version)", () => {
    expect(plain.version).toBe("1.21.10");
    expect(plain.analysis.problems.length).toBeGreaterThan(0);
  });

  test("CRLF line ends", () => {
    expect(analyseLog(PLAIN.replace(/\n/g, "\r\n"))).toEqual(plain);
  });

  test("lone CR line ends", () => {
    expect(analyseLog(PLAIN.replace(/\n/g, "\r"))).toEqual(plain);
  });

  test("a UTF-8 byte order mark, as text or as bytes", () => {
    expect(analyseLog("\uFEFF" + PLAIN)).toEqual(plain);
    expect(analyseLog(new Uint8Array([0xef, 0xbb, 0xbf, ...encode(PLAIN)]))).toEqual(plain);
  });

  test("UTF-16 with a byte order mark (PowerShell redirects)", () => {
    const utf16le = new Uint8Array(2 + PLAIN.length * 2);
    utf16le.set([0xff, 0xfe]);
    for (let i = 0; i < PLAIN.length; i++) utf16le[2 + i * 2] = PLAIN.charCodeAt(i);
    expect(analyseLog(utf16le)).toEqual(plain);
  });

  test("a one-line Vanilla log with a BOM is still Vanilla", () => {
    expect(analyseLog("\uFEFF[12:00:00] [Server thread/INFO]: Done").id).toBe("vanilla/server");
  });

  test("ANSI colour codes around and inside lines", () => {
    const coloured = PLAIN.split("\n")
      .map((line) => `\x1b[0;32;1m${line.replace("Failed", "\x1b[31mFailed\x1b[m")}\x1b[m`)
      .join("\n");
    expect(analyseLog(coloured)).toEqual(plain);
  });

  test("bytes and text give the same result", () => {
    expect(analyseLog(encode(PLAIN))).toEqual(plain);
  });

  test("line numbers stay those of the original file", () => {
    const crlf = analyseLog(PLAIN.replace(/\n/g, "\r\n"));
    expect(crlf.entries.flatMap((e) => e.lines.map((l) => l.number))).toEqual([1, 2, 3, 4, 5]);
    expect(crlf.entries[1].lines[1].content).toBe("java.lang.IllegalArgumentException: Code of Conduct folder does not exist: codeofconduct");
  });
});

describe("robustness", () => {
  test("invalid UTF-8 still gives a full result, with U+FFFD in place of the bad bytes", () => {
    const bytes = new Uint8Array([...encode("[12:00:00] [Server thread/INFO]: caf"), 0xe9, 0xff, ...encode("\n" + PLAIN)]);
    const result = analyseLog(bytes);
    expect(result.id).toBe("vanilla/server");
    expect(result.version).toBe("1.21.10");
    expect(result.entries[0].lines[0].content).toBe("[12:00:00] [Server thread/INFO]: caf\uFFFD\uFFFD");
    expect(() => JSON.stringify(result)).not.toThrow();
  });

  test("arbitrary binary input still gives the full shape", () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16) & 0xff;
    const bytes = Uint8Array.from({ length: 200_000 }, random);
    const result = analyseLog(bytes);
    expect(Object.keys(result)).toEqual(["id", "name", "type", "version", "title", "entries", "analysis"]);
    expect(result.entries.length).toBeGreaterThan(0);
  });

  test("empty input is an unknown log with one empty entry", () => {
    const result = analyseLog("");
    expect(result.id).toBe("unknown/unknown");
    expect(result.entries).toEqual([{ level: 6, time: null, prefix: null, lines: [{ number: 1, content: "" }] }]);
  });

  test("the output has the exact key order clients read", () => {
    const result = analyseLog(PLAIN);
    expect(Object.keys(result)).toEqual(["id", "name", "type", "version", "title", "entries", "analysis"]);
    expect(Object.keys(result.analysis)).toEqual(["problems", "information"]);
    expect(Object.keys(result.entries[0])).toEqual(["level", "time", "prefix", "lines"]);
    expect(Object.keys(result.entries[0].lines[0])).toEqual(["number", "content"]);
    expect(Object.keys(result.analysis.problems[0])).toEqual(["message", "counter", "entry", "solutions", "code", "category"]);
  });

  test("includeEntries: false leaves entries out but keeps the analysis", () => {
    const result = analyseLog(PLAIN, { includeEntries: false });
    expect(result.entries).toEqual([]);
    expect(result.analysis.information).toHaveLength(1);
  });
});

describe("logStats", () => {
  test("counts lines and entries at error level or worse", () => {
    const log = [
      "[12:00:00] [Server thread/INFO]: ok",
      "[12:00:01] [Server thread/ERROR]: bad",
      "java.lang.RuntimeException: bad",
      "[12:00:02] [Server thread/FATAL]: worse",
      "[12:00:03] [Server thread/WARN]: meh",
    ].join("\n");
    expect(logStats(log)).toEqual({ lines: 5, errors: 2 });
    expect(logStats(log.replace(/\n/g, "\r\n"))).toEqual({ lines: 5, errors: 2 });
  });
});
