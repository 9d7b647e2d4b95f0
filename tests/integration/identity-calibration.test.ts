/**
 * Calibration of match confidence on the identity evaluation set v2 (issue 20, sections 3 and 7): real organisations
 * and their real name variation (bench/evaluation/identity.v2.json), run through the real quick-search use case on
 * real PostgreSQL, Global. Over every top-5 candidate of the held-out half (identityHalf: by organisation), the
 * candidates of each score decile are right about as often as their score says. The name tables
 * (src/core/match-calibration.ts) are fitted on the other half only (bench/calibration/fit-calibration.ts).
 * Figures: docs/matching.md.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DECILE_TOLERANCE,
  decileCalibration,
  decilesOffTarget,
  MIN_DECILE,
  importIdentitySet,
  runIdentityQueries,
  sampleByKind,
  type IdentityCandidateOutcome,
} from '../../bench/calibration/evaluation-outcomes';
import { loadIdentitySet } from '../../bench/evaluation/identity-set';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

/** At most this many queries of each kind (a seeded draw, the bench's default). */
const PER_KIND = 300;

let ctx: TestContext;
let outcomes: IdentityCandidateOutcome[];

beforeAll(async () => {
  ctx = await createTestContainer();
  const set = loadIdentitySet(2);
  const setIds = await importIdentitySet(ctx.database.db, set);
  const account = await makeAccount(ctx.database.db);
  outcomes = await runIdentityQueries(ctx.container.quickSearch, account.id, sampleByKind(set.queries, PER_KIND), setIds);
  if (process.env.IDENTITY_OUTCOMES) fs.writeFileSync(process.env.IDENTITY_OUTCOMES, JSON.stringify(outcomes));
}, 900_000);

afterAll(async () => {
  await ctx?.close();
});

const heldOut = () => outcomes.filter((o) => o.half === 'test');
const scored = (of: readonly IdentityCandidateOutcome[]) =>
  of.flatMap((o) => o.candidates.flatMap((c) => (c.score === null ? [] : [{ score: c.score, right: c.right }])));

describe('match confidence on the identity set v2, held-out half', () => {
  it(`every score decile of ${MIN_DECILE}+ top-5 candidates is right within ${DECILE_TOLERANCE} of its mean score (the capped decile: never over-confident)`, () => {
    const table = decileCalibration(scored(heldOut()));
    if (process.env.PRINT_CALIBRATION) console.info(JSON.stringify(table));
    // The check must see the low, the middle and the top of the scale, not only the exact names at 90-100.
    expect(table.filter((row) => row.candidates >= MIN_DECILE).length).toBeGreaterThanOrEqual(5);
    expect(decilesOffTarget(table)).toEqual([]);
  });

  it('every query has at most one candidate decided a match', () => {
    expect(outcomes.filter((o) => o.candidates.filter((c) => c.match === true).length > 1).map((o) => o.query)).toEqual([]);
  });

  it('namesakes are never decided a match, and names that exist nowhere are accepted for at most 1% of queries', () => {
    const namesakes = outcomes.filter((o) => o.kind === 'namesake');
    expect(namesakes.length).toBeGreaterThan(0);
    expect(namesakes.filter((o) => o.candidates.some((c) => c.match === true && !c.right)).map((o) => o.query)).toEqual([]);
    const nowhere = outcomes.filter((o) => o.kind === 'no-organisation');
    expect(nowhere.length).toBeGreaterThanOrEqual(100);
    expect(nowhere.filter((o) => o.candidates.some((c) => c.match === true)).length / nowhere.length).toBeLessThanOrEqual(0.01);
  });
});
