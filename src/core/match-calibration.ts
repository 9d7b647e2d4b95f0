/**
 * The calibration of the name evidence: a monotone mapping from the raw name similarity (0..1, see
 * `nameSimilarity` in match-confidence.ts) to the probability that the candidate is the organisation the
 * query names. Knots are read with linear interpolation between them.
 *
 * How the knots are made: see docs/decisions/0007-match-confidence.md and bench/calibration/ (isotonic
 * regression, pool-adjacent-violators, of "right or not" on the raw similarity, over the fitting half of the
 * evaluation set; the other half is the calibration test's).
 */
export interface CalibrationKnot {
  /** Raw name similarity, 0..1. */
  readonly raw: number;
  /** Probability of a right candidate at that similarity, 0..1. */
  readonly probability: number;
}

/**
 * Increasing in `raw` and in `probability`; the first knot is at raw 0 and the last at raw 1. Fitted on the
 * `fit` half of evaluation set v1 (tests/integration/match-calibration.test.ts checks that it is that fit,
 * and checks it on the other half). Below raw 0.5 nothing is fitted (probability 0): those candidates fall
 * under the relevance floor and the evaluation does not see a fair sample of them.
 */
export const NAME_CALIBRATION: readonly CalibrationKnot[] = [
  { raw: 0, probability: 0 },
  { raw: 0.5, probability: 0 },
  { raw: 0.585, probability: 0.333 },
  { raw: 0.663, probability: 0.707 },
  { raw: 0.726, probability: 0.72 },
  { raw: 0.773, probability: 0.84 },
  { raw: 0.95, probability: 0.994 },
  { raw: 0.989, probability: 0.996 },
  { raw: 1, probability: 0.996 },
];

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
