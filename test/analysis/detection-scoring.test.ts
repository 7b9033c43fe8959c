/**
 * Detection scores weighted markers first and stops counting a line ratio once it cannot win
 * (detect.ts). That must pick exactly the type the plain rule picks: every detector scored in
 * candidate order, every marker tested on every line (no hint searches), every ratio counted in
 * full, the first strictly highest score winning.
 */
import { expect, test } from "bun:test";
import { detect, detectLogType } from "../../src/analysis/detect.ts";
import { lineRatio, type LineMarker } from "../../src/analysis/detectors.ts";
import { FORMATS } from "../../src/analysis/formats.ts";
import { HYTALE_LOG_TYPES, MINECRAFT_LOG_TYPES, UNKNOWN_LOG_TYPE, type LogType } from "../../src/analysis/log-types.ts";
import { normaliseLog } from "../../src/analysis/normalise.ts";
import { LOG_TYPE_FIXTURES } from "./fixtures/log-types.ts";

/** Some line matches the marker's pattern (and the line after it, its `next`). */
function plainMarkerMatches(lines: readonly string[], m: LineMarker): boolean {
  return lines.some((line, i) => m.pattern.test(line) && (!m.next || (i + 1 < lines.length && m.next.test(lines[i + 1]))));
}

function plainDetect(candidates: readonly LogType[], lines: readonly string[]): LogType | null {
  for (const type of candidates) {
    for (const detector of type.detectors) {
      if (detector.kind === "markers" && detector.markers.every((m) => plainMarkerMatches(lines, m))) return type;
    }
  }
  let best: LogType | null = null;
  let bestScore = 0;
  for (const type of candidates) {
    for (const detector of type.detectors) {
      let score: number | false = false;
      if (detector.kind === "weighted") score = plainMarkerMatches(lines, detector.marker) ? detector.weight : false;
      if (detector.kind === "ratio") {
        const format = FORMATS[detector.format];
        const counted = format.kind === "header" ? lineRatio(lines, format.header) : { ratio: false as const };
        score = "ratio" in counted ? counted.ratio : false;
      }
      if (score !== false && (best === null || score > bestScore)) {
        best = type;
        bestScore = score;
      }
    }
  }
  return best;
}

const plainType = (text: string) => {
  const { lines } = normaliseLog(text);
  return plainDetect(MINECRAFT_LOG_TYPES, lines) ?? plainDetect(HYTALE_LOG_TYPES, lines) ?? UNKNOWN_LOG_TYPE;
};

/** Lines of two logs mixed in a given share: formats compete on their line ratios, ties included. */
function mixtures(): string[] {
  const texts = LOG_TYPE_FIXTURES.map((fixture) => normaliseLog(fixture.text).lines);
  const mixed: string[] = [];
  for (let a = 0; a < texts.length; a++) {
    for (let b = a + 1; b < texts.length; b += 3) {
      for (const share of [0.25, 0.5, 0.75]) {
        const fromA = texts[a].slice(0, Math.max(1, Math.round(8 * share)));
        const fromB = texts[b].slice(0, Math.max(1, Math.round(8 * (1 - share))));
        mixed.push([...fromA, ...fromB].join("\n"), [...fromB, ...fromA].join("\n"));
      }
    }
  }
  return mixed;
}

/**
 * An earlier candidate's full line ratio (1.0) ties with Forge's weighted marker (1.0): the
 * earlier candidate wins, although its ratio is counted after the marker scored.
 */
const tieWithWeightedMarker = [
  "[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.1",
  "[12:00:01] [Server thread/INFO]: MinecraftForge v47.2.0 Initialized",
  "[12:00:02] [Server thread/INFO]: Done (3.2s)!",
].join("\n");

test("a full line ratio of an earlier candidate ties with a later weighted marker and wins", () => {
  const plain = plainType(tieWithWeightedMarker);
  expect(plain.name).not.toBe("Forge");
  expect(detectLogType(normaliseLog(tieWithWeightedMarker))).toBe(plain);
});

/**
 * Each line preceded by a copy cut short with a non-ASCII character: markers' hints then occur
 * first on lines that may fail, and string offsets stop being byte offsets.
 */
function withNearMisses(text: string): string {
  return text
    .split("\n")
    .flatMap((line) => [`${line.slice(0, Math.floor(line.length * 0.8))}é`, line])
    .join("\n");
}

test("every fixture and every two-log mixture gets the type the plain rule gives, whichever way the hints are found", () => {
  const fixtures = LOG_TYPE_FIXTURES.map((fixture) => fixture.text);
  const samples = [...fixtures, ...fixtures.map(withNearMisses), ...mixtures(), "", "just some text", "[12:00:00] [main/INFO]: x"];
  const differences: string[] = [];
  for (const text of samples) {
    const plain = plainType(normaliseLog(text).text);
    for (const source of ["shared scan", "own searches"] as const) {
      const fast = detect(normaliseLog(text), source).type;
      if (fast !== plain) differences.push(`${plain.name} expected, ${fast.name} given (${source}) for:\n${text.slice(0, 200)}`);
    }
  }
  expect(differences).toEqual([]);
  // The mixtures exercised the scoring, not just the markers: several types come out of them.
  expect(new Set(samples.map((text) => plainType(text).name)).size).toBeGreaterThan(10);
});
