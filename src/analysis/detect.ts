/**
 * detectLogType: pick ONE log type for the whole file (ENGINE.md 1.2).
 * The first detector in candidate order that says `true` wins; otherwise the highest score,
 * earlier candidates winning ties.
 */
import { HintLookup, lineRatio, markerMatches, type Detector, type LineMarker } from "./detectors";
import { FORMATS, type FormatName } from "./formats";
import { HYTALE_LOG_TYPES, MINECRAFT_LOG_TYPES, UNKNOWN_LOG_TYPE, type LogType } from "./log-types";

interface Sample {
  text: string;
  lines: readonly string[];
}

/** Minecraft types first; a log none of them claims may still be a Hytale log. */
export function detectLogType(log: Sample): LogType {
  // Most hints occur in no line at all: finding that out once per hint is most of the saving.
  const hints = new HintLookup(log.text);
  const matches = (m: LineMarker) => hints.has(m.hint) && markerMatches(log.text, m);
  return detectAmong(MINECRAFT_LOG_TYPES, log, matches) ?? detectAmong(HYTALE_LOG_TYPES, log, matches) ?? UNKNOWN_LOG_TYPE;
}

function detectAmong(candidates: readonly LogType[], log: Sample, matches: (m: LineMarker) => boolean): LogType | null {
  // A `true` marker beats every score, whatever its position, so markers are checked first
  // and the (costlier) line ratios only when no marker fires.
  for (const type of candidates) {
    for (const detector of type.detectors) {
      if (detector.kind === "markers" && detector.markers.every(matches)) return type;
    }
  }
  const ratios = new Map<FormatName, number | false>();
  const topScore = highestPossibleScore(candidates);
  let best: LogType | null = null;
  let bestScore = 0;
  for (const type of candidates) {
    // Nobody after this can score strictly more, so their (costly) line ratios are not needed.
    if (best !== null && bestScore >= topScore) break;
    for (const detector of type.detectors) {
      const score = scoreOf(detector, log, ratios, matches);
      // Strictly greater: on a tie the earlier candidate stays.
      if (score !== false && (best === null || score > bestScore)) {
        best = type;
        bestScore = score;
      }
    }
  }
  return best;
}

/** A line ratio is at most 1; weights are what their detectors say. */
function highestPossibleScore(candidates: readonly LogType[]): number {
  let top = 1;
  for (const type of candidates) {
    for (const detector of type.detectors) if (detector.kind === "weighted") top = Math.max(top, detector.weight);
  }
  return top;
}

function scoreOf(
  detector: Detector,
  log: Sample,
  ratios: Map<FormatName, number | false>,
  matches: (m: LineMarker) => boolean,
): number | false {
  switch (detector.kind) {
    case "markers":
      return false;
    case "weighted":
      return matches(detector.marker) ? detector.weight : false;
    case "ratio": {
      if (!ratios.has(detector.format)) {
        const format = FORMATS[detector.format];
        ratios.set(detector.format, format.kind === "header" ? lineRatio(log.lines, format.header) : false);
      }
      return ratios.get(detector.format)!;
    }
  }
}
