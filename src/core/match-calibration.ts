/**
 * The calibration of the name evidence: monotone mappings, one per shape of name, from the raw name similarity
 * (0..1, see `nameSimilarity` in match-confidence.ts) to the probability that the candidate is the organisation the
 * query names. Knots are read with linear interpolation between them.
 *
 * How the knots are made: see docs/decisions/0007-match-confidence.md, 0022-calibrated-every-candidate.md and
 * bench/calibration/ (isotonic regression, pool-adjacent-violators, of "right or not" on the raw similarity, over the
 * fit halves of both evaluation sets; the other halves are the calibration tests').
 */
export interface CalibrationKnot {
  /** Raw name similarity, 0..1. */
  readonly raw: number;
  /** Probability of a right candidate at that similarity, 0..1. */
  readonly probability: number;
}

/**
 * One table per shape of name (`nameEvidence` in match-confidence.ts), for a candidate that is the first of its
 * answer (a runner-up is scored by runner-up-calibration.ts). Each is increasing in `raw` and in `probability`, from
 * raw 0 to raw 1, and is the isotonic fit (bench/calibration/isotonic.ts) of the first candidates of that shape on
 * the **fit halves** of both evaluation sets (v1 and the identity set v2, split by organisation), made by
 * bench/calibration/fit-calibration.ts; tests/integration/match-calibration.test.ts and identity-calibration.test.ts
 * check them on the other halves. The whole range is fitted: a candidate of little similarity that the lookup shows
 * (a name being typed, a typo step's row, a rare shared word) gets an honest score, not 0 (decision 0022).
 */
export const NAME_CALIBRATION: readonly CalibrationKnot[] = [
  { raw: 0, probability: 0.933 },
  { raw: 0.818, probability: 0.933 },
  { raw: 0.956, probability: 0.996 },
  { raw: 1, probability: 0.999 },
];

/** A name lacking one of the query's words (not a mistyped one): "Emami Realty" for "Emami Infrastructure". */
export const PARTIAL_NAME_CALIBRATION: readonly CalibrationKnot[] = [
  { raw: 0, probability: 0.217 },
  { raw: 0.315, probability: 0.217 },
  { raw: 0.397, probability: 0.267 },
  { raw: 0.449, probability: 0.3 },
  { raw: 0.571, probability: 0.333 },
  { raw: 0.737, probability: 0.483 },
  { raw: 0.883, probability: 0.571 },
  { raw: 1, probability: 0.571 },
];

/** A name whose only words the query lacks are the query's words mistyped twice: "National" for "Natoinal". */
export const MISTYPED_NAME_CALIBRATION: readonly CalibrationKnot[] = [
  { raw: 0, probability: 0 },
  { raw: 0.279, probability: 0 },
  { raw: 0.373, probability: 0.9 },
  { raw: 0.667, probability: 0.967 },
  { raw: 0.826, probability: 1 },
  { raw: 1, probability: 1 },
];

/** A name adding a distinctive word the query lacks, the query not its beginning: "Hangzhou Hikvision Digital Technology" for "Hikvision". */
export const NAMESAKE_NAME_CALIBRATION: readonly CalibrationKnot[] = [
  { raw: 0, probability: 0.875 },
  { raw: 0.518, probability: 0.875 },
  { raw: 0.782, probability: 0.925 },
  { raw: 1, probability: 0.925 },
];

/** A name the query begins, adding a distinctive word: "Mitsubishi Heavy Industries" for "Mitsubishi Heavy". */
export const BEGUN_NAME_CALIBRATION: readonly CalibrationKnot[] = [
  { raw: 0, probability: 0.731 },
  { raw: 0.613, probability: 0.731 },
  { raw: 0.704, probability: 0.795 },
  { raw: 0.768, probability: 0.846 },
  { raw: 0.867, probability: 1 },
  { raw: 1, probability: 1 },
];

/** How the candidate's best name stands to the query's (match-confidence.ts, `nameEvidence`). */
export type NameShape = 'whole' | 'partial' | 'mistyped' | 'namesake' | 'begun';

/** One table per shape of name. */
export type NameCalibrations = Readonly<Record<NameShape, readonly CalibrationKnot[]>>;

export const NAME_CALIBRATIONS: NameCalibrations = {
  whole: NAME_CALIBRATION,
  partial: PARTIAL_NAME_CALIBRATION,
  mistyped: MISTYPED_NAME_CALIBRATION,
  namesake: NAMESAKE_NAME_CALIBRATION,
  begun: BEGUN_NAME_CALIBRATION,
};

/** The calibrated probability of a raw similarity (clamped to 0..1) by linear interpolation between knots. */
export function calibrate(raw: number, knots: readonly CalibrationKnot[] = NAME_CALIBRATION): number {
  const x = Math.min(1, Math.max(0, raw));
  let previous: CalibrationKnot | undefined;
  for (const knot of knots) {
    if (x <= knot.raw) {
      if (previous === undefined || knot.raw === previous.raw) return knot.probability;
      const t = (x - previous.raw) / (knot.raw - previous.raw);
      return previous.probability + t * (knot.probability - previous.probability);
    }
    previous = knot;
  }
  return previous?.probability ?? 0;
}
