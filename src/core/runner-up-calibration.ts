/**
 * The score of a runner-up (issue 20, section 3: calibrated over every candidate shown, not only the best). The name
 * tables (match-calibration.ts) say how often a candidate is right when it is the first of its answer; a candidate
 * the answer ranks after another is right far less often at the same similarity (on the evaluation sets' fit halves,
 * a runner-up scored 30-59 as a first is right about 1 time in 20: the first is usually the one meant). So a
 * runner-up under MATCH_THRESHOLD is scored by RUNNER_UP_CALIBRATION, a monotone table of the score it would have as
 * a first: the runners-up keep their order, and none passes a candidate it ranked after. A runner-up at or over the
 * threshold (the same name in two countries, the same identifier) keeps its score: the at-most-one-match rule
 * (one-match.ts) and batch decisions read those. Fitted by bench/calibration/fit-calibration.ts.
 */
import { MATCH_THRESHOLD, type Match } from './match';
import { calibrate, type CalibrationKnot } from './match-calibration';

/** The runner-up's probability by its score as a first (0..1): isotonic fit on the evaluation sets' fit halves. */
export const RUNNER_UP_CALIBRATION: readonly CalibrationKnot[] = [
  { raw: 0, probability: 0 },
  { raw: 0.165, probability: 0 },
  { raw: 0.22, probability: 0.017 },
  { raw: 0.394, probability: 0.031 },
  { raw: 0.69, probability: 0.124 },
  { raw: 1, probability: 0.124 },
];

/** The score of a candidate ranked after another, from its score as a first. */
export function runnerUpScore(score: number, knots: readonly CalibrationKnot[] = RUNNER_UP_CALIBRATION): number {
  if (score >= MATCH_THRESHOLD) return score;
  return Math.min(score, Math.round(100 * calibrate(score / 100, knots)));
}

/** The candidates, in their order, the first as scored and every runner-up under the threshold by runnerUpScore. */
export function withRunnersUpScored<T extends { match: Match }>(candidates: readonly T[], knots: readonly CalibrationKnot[] = RUNNER_UP_CALIBRATION): T[] {
  return candidates.map((candidate, rank) => {
    if (rank === 0) return candidate;
    const score = runnerUpScore(candidate.match.score, knots);
    return score === candidate.match.score ? candidate : { ...candidate, match: { ...candidate.match, score } };
  });
}
