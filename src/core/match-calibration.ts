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

/** Increasing in `raw` and in `probability`; the first knot is at raw 0 and the last at raw 1. */
export const NAME_CALIBRATION: readonly CalibrationKnot[] = [
  { raw: 0, probability: 0 },
  { raw: 0.5, probability: 0.03 },
  { raw: 0.65, probability: 0.15 },
  { raw: 0.75, probability: 0.35 },
  { raw: 0.85, probability: 0.6 },
  { raw: 0.93, probability: 0.8 },
  { raw: 0.99, probability: 0.92 },
  { raw: 1, probability: 0.97 },
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
