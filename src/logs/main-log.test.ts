import { describe, expect, test } from "bun:test";
import type { LogFileRecord, LogRecord } from "../storage/log-store.ts";
import { MAIN_LOG_NAME, mainIsFirstFile, mainTextOf, storedTexts } from "./main-log.ts";

const file = (name: string, blobHash: string) => ({ name, blobHash }) as LogFileRecord;
const names = (log: LogRecord) => storedTexts(log).map((text) => `${text.name}${text.isMain ? " (main)" : ""}${text.isNamedFile ? "" : " (as text)"}`);
const record = (blobHash: string, files: LogFileRecord[]) => ({ blobHash, files }) as LogRecord;

describe("an upload's main text", () => {
  test("is its content when it sent some", () => {
    expect(mainTextOf("the log", [{ text: "a file" }])).toEqual({ text: "the log", isFirstFile: false });
  });
  test("is its first file's text when it sent files only (blank content counts as none)", () => {
    expect(mainTextOf(" \n", [{ text: "first" }, { text: "second" }])).toEqual({ text: "first", isFirstFile: true });
  });
  test("is empty when it sent neither", () => {
    expect(mainTextOf("", [])).toEqual({ text: "", isFirstFile: false });
  });
});

describe("a stored log's main log", () => {
  test("uploaded as text: every file is attached, the main log has the default name", () => {
    const log = record("main", [file("crash.txt", "c"), file("latest.log", "l")]);
    expect(mainIsFirstFile(log)).toBe(false);
    expect(names(log)).toEqual([`${MAIN_LOG_NAME} (main) (as text)`, "crash.txt", "latest.log"]);
  });
  test("uploaded as files only: the first file is the main log, listed once under its own name", () => {
    const log = record("first", [file("server.log", "first"), file("crash.txt", "c")]);
    expect(mainIsFirstFile(log)).toBe(true);
    expect(names(log)).toEqual(["server.log (main)", "crash.txt"]);
  });
  test("a later file with the main log's text is still an attached file", () => {
    const log = record("main", [file("crash.txt", "c"), file("copy.log", "main")]);
    expect(names(log)).toEqual([`${MAIN_LOG_NAME} (main) (as text)`, "crash.txt", "copy.log"]);
  });
});
