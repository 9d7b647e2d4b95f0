/**
 * Calibration of match confidence (issue 12, section 2): on the evaluation set (bench/evaluation), run through
 * the real quick-search use case on real PostgreSQL, a candidate scored around s is right about s% of the time.
 * The name calibration table (src/core/match-calibration.ts) is the isotonic fit of the `fit` half; the check
 * runs on the `test` half (other organisations, other queries). Figures: README "Match confidence".
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD } from '../../src/core/match';
import { calibrate } from '../../src/core/match-calibration';
import { importEvaluationSet, nameObservations, reliabilityTable, runEvaluationQueries, type QueryOutcome } from '../../bench/calibration/evaluation-outcomes';
import { fitNameCalibration } from '../../bench/calibration/isotonic';
import { loadEvaluationSet } from '../../bench/evaluation/evaluation-set';
import { generateQueries } from '../../bench/evaluation/variants';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

/** Observed precision of a bucket lies within this of its mean score (as a share). */
const TOLERANCE = 0.12;
/** Buckets with fewer candidates are reported but not held to the tolerance (too few to say). */
const MIN_BUCKET = 30;
/**
 * Buckets from this score up are held to TOLERANCE. Below it, v1's held-out half has too few candidates (about
 * 70 under 40) and the fit's first block is over-confident there (20-40: about 10% right for a mean of 31).
 */
const CALIBRATED_FROM = 40;
/** The score bands the held-out check holds to TOLERANCE. */
const HELD_BANDS = [
  [CALIBRATED_FROM, 70],
  [70, 90],
  [90, 101],
] as const;
const SEED = 1;

let ctx: TestContext;
let outcomes: QueryOutcome[];

beforeAll(async () => {
  ctx = await createTestContainer();
  const set = loadEvaluationSet();
  const evaluationIds = await importEvaluationSet(ctx.database.db, set);
  const account = await makeAccount(ctx.database.db);
  outcomes = await runEvaluationQueries(ctx.container.quickSearch, account.id, generateQueries(set, SEED), evaluationIds);
  if (process.env.CALIBRATION_OUTCOMES) fs.writeFileSync(process.env.CALIBRATION_OUTCOMES, JSON.stringify(outcomes));
}, 600_000);

afterAll(async () => {
  await ctx?.close();
});

const half = (which: 'fit' | 'test') => outcomes.filter((o) => o.half === which);

describe('match confidence on the evaluation set', () => {
  it('the committed name calibration is the isotonic fit of the fitting half (within 0.1 at every raw similarity)', () => {
    // Not equal to the fit: which candidates the lookup returns (the floor, the order) depends on the table,
    // so refitting moves the table a little; the committed one is the fit of a run made with its predecessor.
    const fitted = fitNameCalibration(nameObservations(half('fit')));
    if (process.env.PRINT_CALIBRATION) console.info(JSON.stringify(fitted));
    for (let raw = 0; raw <= 1.0001; raw += 0.05) {
      expect({ raw: raw.toFixed(2), gap: Math.abs(calibrate(raw) - calibrate(raw, fitted)) <= 0.1 }).toEqual({ raw: raw.toFixed(2), gap: true });
    }
  });

  it(`on the held-out half, each score band from ${CALIBRATED_FROM} up is right about as often as its score says; below it, rarely right`, () => {
    const table = reliabilityTable(half('test'));
    if (process.env.PRINT_CALIBRATION) console.info(JSON.stringify(table));
    // Held to the tolerance in bands wide enough to hold a hundred candidates or more on v1's held-out half: the
    // README's ten-point buckets under 90 hold 30-90 candidates each, whose observed share varies by +-0.15 from
    // one fit to the next (the table decides which loose candidates clear the floor), so they are reported only.
    const held = reliabilityTable(half('test'), HELD_BANDS).filter((row) => row.candidates >= MIN_BUCKET);
    if (process.env.PRINT_CALIBRATION) console.info(JSON.stringify(held));
    // Since a partial name or a namesake is capped under the threshold (issue 20 section 3), names alone seldom score
    // 70-89 on v1 (11 candidates of the held-out half): that band is held only when it holds enough to measure.
    expect(held.map((row) => `${row.from}-${row.to}`)).toEqual(expect.arrayContaining([`${CALIBRATED_FROM}-70`, '90-101']));
    for (const row of held)
      expect({ bucket: `${row.from}-${row.to}`, gap: Math.abs(row.precision - row.meanScore / 100) <= TOLERANCE }).toEqual({
        bucket: `${row.from}-${row.to}`,
        gap: true,
      });
    // Under CALIBRATED_FROM the table is over-confident on v1 (README): the check there is only that such
    // candidates are seldom right, far from the decision.
    for (const row of table.filter((r) => r.candidates >= MIN_BUCKET && r.from < CALIBRATED_FROM)) expect(row.precision).toBeLessThan(0.4);
  });

  it('queries naming no organisation: the top candidate is decided a match for at most 1% of them', () => {
    const none = outcomes.filter((o) => o.query.kind === 'no-organisation');
    expect(none.length).toBeGreaterThanOrEqual(100);
    const accepted = none.filter((o) => o.candidates[0]?.match.match === true);
    expect(accepted.map((o) => o.query.query)).toEqual([]);
    expect(accepted.length / none.length).toBeLessThanOrEqual(0.01);
  });

  it('queries naming an organisation: the decision accepts the right one as the top candidate for most of them', () => {
    const named = half('test').filter((o) => o.query.kind !== 'no-organisation');
    const acceptedRight = named.filter((o) => o.candidates[0]?.right === true && (o.candidates[0]?.match.score ?? 0) >= MATCH_THRESHOLD);
    if (process.env.PRINT_CALIBRATION) console.info(`accepted right at top: ${acceptedRight.length} of ${named.length}`);
    expect(acceptedRight.length / named.length).toBeGreaterThan(0.5);
  });
});
