import { describe, expect, it } from 'vitest';
import {
  calibrationByDecile,
  multipleMatches,
  namesakesAccepted,
  noOrganisationAccepted,
  pairwiseFigures,
  recallByKind,
  targetChecks,
  worstCalibrationGap,
  worstCalibrationGapBesidesCap,
  CAPPED_DECILE_FROM,
  identityHalf,
  inScopePairwise,
  pairwiseByKind,
  type IdentityOutcome,
  type PairDecision,
} from './identity-metrics';
import { IDENTITY_KINDS } from './identity-set';

const outcomes: IdentityOutcome[] = [
  // Found first, the only match.
  {
    query: { kind: 'exact', query: 'Alpha LLC', targetIds: ['a'] },
    candidates: [
      { setId: 'a', score: 95, match: true },
      { setId: null, score: 15, match: false },
    ],
  },
  // Found second: a recall@5 hit, not a recall@1 hit; two matches.
  {
    query: { kind: 'exact', query: 'Beta JSC', targetIds: ['b'] },
    candidates: [
      { setId: 'c', score: 85, match: true },
      { setId: 'b', score: 82, match: true },
    ],
  },
  // Not found at all.
  { query: { kind: 'partial', query: 'Gamma', targetIds: ['g'] }, candidates: [] },
  // A namesake decided a match beside the right one.
  {
    query: { kind: 'namesake', query: 'Delta Holding', targetIds: ['d'], namesakeIds: ['d2'] },
    candidates: [
      { setId: 'd', score: 99, match: true },
      { setId: 'd2', score: 87, match: true },
    ],
  },
  // Names nothing: one accepted, one answered without a match, one unanswered.
  { query: { kind: 'no-organisation', query: 'Epsilon', targetIds: [] }, candidates: [{ setId: 'e', score: 72, match: true }] },
  { query: { kind: 'no-organisation', query: 'Zeta', targetIds: [] }, candidates: [{ setId: 'z', score: 40, match: false }] },
  { query: { kind: 'no-organisation', query: 'Eta', targetIds: [] }, candidates: [] },
];

describe('recallByKind', () => {
  it('counts a target among the first one and the first five, per kind, and leaves out kinds without queries', () => {
    const recall = recallByKind(outcomes, IDENTITY_KINDS);
    expect(recall.map((r) => r.kind)).toEqual(['exact', 'partial', 'namesake']);
    expect(recall[0]).toEqual({ kind: 'exact', n: 2, recallAt1: 0.5, recallAt5: 1, empty: 0, decidedMatch: 2 });
    expect(recall[1]).toEqual({ kind: 'partial', n: 1, recallAt1: 0, recallAt5: 0, empty: 1, decidedMatch: 0 });
  });
});

describe('noOrganisationAccepted and namesakesAccepted', () => {
  it('counts queries naming nothing that got any candidate decided a match', () => {
    expect(noOrganisationAccepted(outcomes)).toEqual({ n: 3, answered: 2, accepted: 1, rate: 1 / 3 });
  });
  it('counts namesake queries where an organisation adding words is decided a match', () => {
    expect(namesakesAccepted(outcomes)).toEqual({ n: 1, accepted: 1, rate: 1 });
    expect(namesakesAccepted(outcomes.slice(0, 3)).rate).toBeNaN();
  });
});

describe('multipleMatches', () => {
  it('counts queries with more than one candidate decided a match', () => {
    expect(multipleMatches(outcomes)).toBe(2);
  });
});

describe('calibrationByDecile', () => {
  it('bins every candidate of the top five by score and compares the share correct with the mean score', () => {
    const bins = calibrationByDecile(outcomes);
    expect(bins).toHaveLength(10);
    const eighties = bins[8];
    // 85 (wrong), 82 (right), 87 (wrong, a namesake).
    expect(eighties).toMatchObject({ from: 80, to: 89, n: 3, fractionCorrect: 1 / 3 });
    expect(eighties?.meanScore).toBeCloseTo((85 + 82 + 87) / 3);
    expect(eighties?.gap).toBeCloseTo(Math.abs(1 / 3 - (85 + 82 + 87) / 300));
    expect(bins[9]).toMatchObject({ from: 90, to: 100, n: 2, fractionCorrect: 1 });
    expect(bins[0]?.n).toBe(0);
    expect(bins[0]?.gap).toBeNaN();
  });
  it('counts only the first k candidates and skips candidates without a score', () => {
    const many: IdentityOutcome = {
      query: { kind: 'exact', query: 'x', targetIds: ['x'] },
      candidates: [{ setId: 'x' }, ...Array.from({ length: 6 }, () => ({ setId: null, score: 55 }))],
    };
    expect(calibrationByDecile([many])[5]?.n).toBe(4);
  });
  it('reports the worst gap over bins holding enough candidates', () => {
    const bins = calibrationByDecile(outcomes);
    expect(worstCalibrationGap(bins, 3)).toBeCloseTo(bins[8]?.gap ?? Number.NaN);
    expect(worstCalibrationGap(bins, 100)).toBeNaN();
  });

  it('besides the cap, reads the capped decile only by its over-confidence', () => {
    const bin = (from: number, meanScore: number, fractionCorrect: number) => ({
      from,
      to: from + 9,
      n: 50,
      meanScore,
      fractionCorrect,
      gap: Math.abs(fractionCorrect - meanScore / 100),
    });
    // The capped decile is 70-79 under the threshold of 80 (decision 0022).
    expect(CAPPED_DECILE_FROM).toBe(70);
    const underConfidentCap = [bin(40, 45, 0.4), bin(70, 79, 0.95)];
    expect(worstCalibrationGap(underConfidentCap)).toBeCloseTo(0.16);
    expect(worstCalibrationGapBesidesCap(underConfidentCap)).toBeCloseTo(0.05);
    // Over-confident, the capped decile counts.
    expect(worstCalibrationGapBesidesCap([bin(40, 45, 0.4), bin(70, 79, 0.6)])).toBeCloseTo(0.19);
    // Another decile under-confident counts in full.
    expect(worstCalibrationGapBesidesCap([bin(50, 55, 0.75), bin(70, 79, 0.95)])).toBeCloseTo(0.2);
  });
});

describe('pairwiseFigures', () => {
  it('gives precision, recall and F1 of the same-organisation decisions', () => {
    const figures = pairwiseFigures([
      { same: true, decided: true },
      { same: true, decided: true },
      { same: true, decided: false },
      { same: false, decided: true },
      { same: false, decided: false },
    ]);
    expect(figures).toMatchObject({ pairs: 5, truePositives: 2, falsePositives: 1, falseNegatives: 1, trueNegatives: 1 });
    expect(figures.precision).toBeCloseTo(2 / 3);
    expect(figures.recall).toBeCloseTo(2 / 3);
    expect(figures.f1).toBeCloseTo(2 / 3);
  });
  it('has no precision when nothing is decided the same', () => {
    const figures = pairwiseFigures([{ same: true, decided: false }]);
    expect(figures.precision).toBeNaN();
    expect(figures.recall).toBe(0);
  });
});

describe('targetChecks', () => {
  it('holds exact names and identifiers to recall@1, other kinds to recall@5, and the decision figures to theirs', () => {
    const checks = targetChecks({
      recall: [
        ...recallByKind(outcomes, IDENTITY_KINDS),
        { kind: 'other-name', n: 1, recallAt1: 0, recallAt5: 0, empty: 1, decidedMatch: 0 },
        { kind: 'rename', n: 1, recallAt1: 0, recallAt5: 0, empty: 1, decidedMatch: 0 },
        { kind: 'translation', n: 1, recallAt1: 0, recallAt5: 0, empty: 1, decidedMatch: 0 },
      ],
      noOrganisationRate: 0.01,
      pairwise: { precision: 0.96, f1: Number.NaN },
      worstCalibrationGap: 0.1,
      multipleMatches: 2,
    });
    expect(checks.map((c) => [c.target, c.met])).toEqual([
      ['exact recall@1 >= 0.99', false],
      ['partial recall@5 >= 0.9', false],
      ['namesake recall@5 >= 0.9', true],
      ['pairwise precision >= 0.95 (in-scope pairs)', true],
      ['pairwise F1 >= 0.9 (in-scope pairs)', false],
      ['no-organisation accepted <= 0.01', true],
      ['calibration gap <= 0.1 (every decile of 20+, held-out half)', true],
      ['queries with more than one match: true = 0', false],
    ]);
  });
});

describe('pairwise by kind', () => {
  const decisions: PairDecision[] = [
    { kind: 'spelling', same: true, decided: true },
    { kind: 'spelling', same: true, decided: false },
    { kind: 'translation', same: true, decided: false },
    { kind: 'namesake', same: false, decided: true },
    { kind: 'shared-word', same: false, decided: false },
  ];

  it('reports each kind with pairs on its own', () => {
    expect(
      pairwiseByKind(decisions, ['spelling', 'transliteration', 'namesake']).map((k) => [
        k.kind,
        k.figures.pairs,
        k.figures.truePositives,
        k.figures.falsePositives,
      ]),
    ).toEqual([
      ['spelling', 2, 1, 0],
      ['namesake', 1, 0, 1],
    ]);
  });

  it('holds the target on the in-scope pairs only: a missed translation does not count, a namesake accepted does', () => {
    const f = inScopePairwise(decisions);
    expect([f.pairs, f.truePositives, f.falsePositives, f.falseNegatives, f.trueNegatives]).toEqual([4, 1, 1, 1, 1]);
  });
});

describe('identityHalf', () => {
  it('puts every query of one organisation in the same half, and splits the organisations about evenly', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `org-${i}`);
    const halves = ids.map((id) => identityHalf({ kind: 'exact', query: id, targetIds: [id] }));
    expect(ids.every((id, i) => identityHalf({ kind: 'partial', query: `other ${id}`, targetIds: [id] }) === halves[i])).toBe(true);
    const fit = halves.filter((h) => h === 'fit').length;
    expect(fit).toBeGreaterThan(160);
    expect(fit).toBeLessThan(240);
  });
});
