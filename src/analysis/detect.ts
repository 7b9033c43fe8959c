/**
 * detectLogType: pick ONE log type for the whole file; every line is parsed as that type.
 * The first detector in candidate order that says `true` wins; otherwise the highest score,
 * earlier candidates winning ties.
 */
import { HintLookup, hintsInside, lineRatio, markerMatches, type LineMarker } from "./detectors.ts";
import { FORMATS, type FormatName } from "./formats.ts";
import { logLiterals } from "./literal-index.ts";
import { HYTALE_LOG_TYPES, MINECRAFT_LOG_TYPES, UNKNOWN_LOG_TYPE, type LogType } from "./log-types.ts";

interface Sample {
  text: string;
  lines: readonly string[];
  /** The text's UTF-8 bytes, when known (normalise.ts). */
  utf8?: Uint8Array;
}

const HINTS_INSIDE = hintsInside(
  [...MINECRAFT_LOG_TYPES, ...HYTALE_LOG_TYPES].flatMap((type) =>
    type.detectors.flatMap((detector) =>
      detector.kind === "markers" ? detector.markers.map((m) => m.hint) : detector.kind === "weighted" ? [detector.marker.hint] : [],
    ),
  ),
);

// In an analysis the markers' hints are found by the log's one literal scan (literal-index.ts),
// which the rules and information patterns share.
for (const hint of HINTS_INSIDE.keys()) logLiterals.idOf(hint);

/** The type and how it was decided: a marker settles it, a score only wins over the others. */
export interface Detection {
  type: LogType;
  decidedBy: "marker" | "score" | "fallback";
  /** The hint searches made, for whoever reads the same text next. */
  hints: HintLookup;
}

/** Minecraft types first; a log none of them claims may still be a Hytale log. */
export function detectLogType(log: Sample): LogType {
  return detect(log).type;
}

/**
 * Where the hints are looked up:
 * - "shared scan": in the literal index's one scan of the text (logLiterals), for an analysis,
 *   whose rules read the same scan next, so the hints cost nothing extra;
 * - "own searches": a byte search per hint, skipped when a shorter string inside it is absent
 *   (detectors.ts), for detection alone (upload statistics): the scan of every rule's literal
 *   is the costlier part there. Over the corpus logStats took 9.7-11.0 ms this way against
 *   12.5-14.7 ms with the scan; a 200 KB server log 514 us against 920.
 * Both find the same hints, so the same type.
 */
export type HintSource = "shared scan" | "own searches";

export function detect(log: Sample, source: HintSource = "shared scan"): Detection {
  // Most hints occur in no line at all: finding that out once per hint is most of the saving.
  const index = source === "shared scan" ? logLiterals : undefined;
  const hints = new HintLookup(log.text, { inside: HINTS_INSIDE, index, utf8: log.utf8 });
  const matches = (m: LineMarker) => markerMatches(log.text, m, hints);
  const found = detectAmong(MINECRAFT_LOG_TYPES, log, matches) ?? detectAmong(HYTALE_LOG_TYPES, log, matches);
  return found ? { ...found, hints } : { type: UNKNOWN_LOG_TYPE, decidedBy: "fallback", hints };
}

function detectAmong(
  candidates: readonly LogType[],
  log: Sample,
  matches: (m: LineMarker) => boolean,
): Omit<Detection, "hints"> | null {
  // A `true` marker beats every score, whatever its position, so markers are checked first
  // and the (costlier) line ratios only when no marker fires.
  for (const type of candidates) {
    for (const detector of type.detectors) {
      if (detector.kind === "markers" && detector.markers.every(matches)) return { type, decidedBy: "marker" };
    }
  }
  // The highest score wins, the earlier candidate on a tie. Weighted markers cost a hint
  // lookup, so they are scored first; a line ratio costs a pass over every line, so it is
  // then only worked out as far as it could still beat the best so far.
  const best = new BestCandidate();
  candidates.forEach((type, index) => {
    for (const detector of type.detectors) {
      if (detector.kind === "weighted" && matches(detector.marker)) best.offer(index, type, detector.weight);
    }
  });
  const ratios = new RatioCache(log.lines);
  candidates.forEach((type, index) => {
    for (const detector of type.detectors) {
      if (detector.kind !== "ratio") continue;
      const ratio = ratios.ratioReaching(detector.format, best.scoreToBeat(index));
      if (ratio !== false) best.offer(index, type, ratio);
    }
  });
  return best.type ? { type: best.type, decidedBy: "score" } : null;
}

/** What a candidate at some position must score to win. */
interface Threshold {
  score: number;
  /** Whether reaching `score` exactly is enough (the candidate comes before the best). */
  tieWins: boolean;
}

class BestCandidate {
  type: LogType | null = null;
  private index = Infinity;
  private score = 0;

  offer(index: number, type: LogType, score: number): void {
    if (this.type === null || score > this.score || (score === this.score && index < this.index)) {
      this.type = type;
      this.index = index;
      this.score = score;
    }
  }

  scoreToBeat(index: number): Threshold {
    return this.type === null ? { score: 0, tieWins: false } : { score: this.score, tieWins: index < this.index };
  }
}

/**
 * Line ratios per format, each counted at most once in full. A count given up because it
 * could not reach a threshold remembers the most it could have been, for later thresholds.
 */
class RatioCache {
  private readonly known = new Map<FormatName, { ratio: number | false } | { atMost: number }>();

  constructor(private readonly lines: readonly string[]) {}

  /** The format's line ratio, or false when no line matches or it cannot reach the threshold. */
  ratioReaching(format: FormatName, threshold: Threshold): number | false {
    const known = this.known.get(format);
    if (known && "ratio" in known) return known.ratio !== false && reaches(known.ratio, threshold) ? known.ratio : false;
    if (known && !reaches(known.atMost, threshold)) return false;
    const spec = FORMATS[format];
    if (spec.kind !== "header") {
      this.known.set(format, { ratio: false });
      return false;
    }
    const counted = lineRatio(this.lines, spec.header, (atMost) => !reaches(atMost, threshold));
    this.known.set(format, counted);
    return "ratio" in counted && counted.ratio !== false && reaches(counted.ratio, threshold) ? counted.ratio : false;
  }
}

function reaches(score: number, threshold: Threshold): boolean {
  return threshold.tieWins ? score >= threshold.score : score > threshold.score;
}
