/**
 * detectLogType: pick ONE log type for the whole file (ENGINE.md 1.2).
 * The first detector in candidate order that says `true` wins; otherwise the highest score,
 * earlier candidates winning ties.
 */
import { lineRatio, markerMatches, type Detector } from "./detectors";
import { FORMATS, type FormatName } from "./formats";
import { HYTALE_LOG_TYPES, MINECRAFT_LOG_TYPES, UNKNOWN_LOG_TYPE, type LogType } from "./log-types";

interface Sample {
  text: string;
  lines: readonly string[];
}

/** Minecraft types first; a log none of them claims may still be a Hytale log. */
export function detectLogType(log: Sample): LogType {
  return detectAmong(MINECRAFT_LOG_TYPES, log) ?? detectAmong(HYTALE_LOG_TYPES, log) ?? UNKNOWN_LOG_TYPE;
}

export function detectAmong(candidates: readonly LogType[], log: Sample): LogType | null {
  // A `true` marker beats every score, whatever its position, so markers are checked first
  // and the (costlier) line ratios only when no marker fires.
  for (const type of candidates) {
    for (const detector of type.detectors) {
      if (detector.kind === "markers" && detector.markers.every((m) => markerMatches(log.text, m))) return type;
    }
  }
  const ratios = new Map<FormatName, number | false>();
  let best: LogType | null = null;
  let bestScore = 0;
  for (const type of candidates) {
    for (const detector of type.detectors) {
      const score = scoreOf(detector, log, ratios);
      // Strictly greater: on a tie the earlier candidate stays.
      if (score !== false && (best === null || score > bestScore)) {
        best = type;
        bestScore = score;
      }
    }
  }
  return best;
}

function scoreOf(detector: Detector, log: Sample, ratios: Map<FormatName, number | false>): number | false {
  switch (detector.kind) {
    case "markers":
      return false;
    case "weighted":
      return markerMatches(log.text, detector.marker) ? detector.weight : false;
    case "ratio": {
      if (!ratios.has(detector.format)) {
        const format = FORMATS[detector.format];
        ratios.set(detector.format, format.kind === "header" ? lineRatio(log.lines, format.header) : false);
      }
      return ratios.get(detector.format)!;
    }
  }
}
