/**
 * Calibration of match confidence (issue 12, section 2): on the evaluation set (bench/evaluation), run through
 * the real quick-search use case on real PostgreSQL, a candidate scored around s is right about s% of the time.
 * The name tables (src/core/match-calibration.ts, runner-up-calibration.ts) are isotonic fits on the `fit` halves of
 * this set and of the identity set (bench/calibration/fit-calibration.ts); the check runs on the `test` half (other
 * organisations, other queries), per score decile over every top-5 candidate. Figures: docs/matching.md.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD } from '../../src/core/match';
import {
  DECILE_TOLERANCE,
  decileCalibration,
  decilesOffTarget,
  importEvaluationSet,
  MIN_DECILE,
  runEvaluationQueries,
  type QueryOutcome,
} from '../../bench/calibration/evaluation-outcomes';
import { loadEvaluationSet } from '../../bench/evaluation/evaluation-set';
import { generateQueries } from '../../bench/evaluation/variants';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

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

const topFive = (of: readonly QueryOutcome[]) => of.flatMap((o) => o.candidates.slice(0, 5).map((c) => ({ score: c.match.score, right: c.right })));

describe('match confidence on the evaluation set', () => {
  it(`on the held-out half, every score decile of ${MIN_DECILE}+ top-5 candidates is right within ${DECILE_TOLERANCE} of its mean score (the capped decile: never over-confident)`, () => {
    const table = decileCalibration(topFive(half('test')));
    if (process.env.PRINT_CALIBRATION) console.info(JSON.stringify(table));
    // The check must see more than the exact names at 90-100: the runners-up at the bottom and the capped names.
    expect(table.filter((row) => row.candidates >= MIN_DECILE).length).toBeGreaterThanOrEqual(3);
    expect(decilesOffTarget(table)).toEqual([]);
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
