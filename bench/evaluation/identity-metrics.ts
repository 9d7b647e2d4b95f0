/**
 * The identity evaluation's figures (issue 20, section 7), pure: recall@1 / recall@5 per kind, names that
 * exist nowhere accepted as a match, namesakes decided a match, queries with more than one `match: true`,
 * calibration per score decile over every candidate of the top five, and pairwise precision / recall / F1.
 */
import { NAMESAKE_SCORE_CAP } from '../../src/core/match-confidence';
import { IN_SCOPE_PAIR_KINDS, KINDS_WITHOUT_TARGET, type IdentityKind, type IdentityPairKind, type IdentityQuery } from './identity-set';

/** One candidate as the lookup answered it, in order. */
export interface AnsweredCandidate {
  /** The identity-set id of the organisation, or null for one outside the set (a synthetic one). */
  setId: string | null;
  /** The calibrated score 0-100, when the lookup gives one. */
  score?: number;
  /** The decision, when the lookup gives one. */
  match?: boolean;
}

export interface IdentityOutcome {
  query: IdentityQuery;
  candidates: AnsweredCandidate[];
}

export interface KindRecall {
  kind: IdentityKind;
  n: number;
  recallAt1: number;
  recallAt5: number;
  /** Queries with a target that got no candidate. */
  empty: number;
  /** Queries with any candidate decided a match. */
  decidedMatch: number;
}

const share = (hits: number, n: number) => (n === 0 ? Number.NaN : hits / n);

function hitWithin(outcome: IdentityOutcome, k: number): boolean {
  const targets = new Set(outcome.query.targetIds);
  return outcome.candidates.slice(0, k).some((c) => c.setId !== null && targets.has(c.setId));
}

/** Recall of the queries of each kind that name an organisation (no-organisation queries have none to recall). */
export function recallByKind(outcomes: readonly IdentityOutcome[], kinds: readonly IdentityKind[]): KindRecall[] {
  return kinds
    .filter((kind) => kind !== 'no-organisation')
    .map((kind) => {
      const of = outcomes.filter((o) => o.query.kind === kind && o.query.targetIds.length > 0);
      return {
        kind,
        n: of.length,
        recallAt1: share(of.filter((o) => hitWithin(o, 1)).length, of.length),
        recallAt5: share(of.filter((o) => hitWithin(o, 5)).length, of.length),
        empty: of.filter((o) => o.candidates.length === 0).length,
        decidedMatch: of.filter((o) => o.candidates.some((c) => c.match === true)).length,
      };
    })
    .filter((r) => r.n > 0);
}

/** Names that exist nowhere: the share of queries naming no organisation with any candidate decided a match. */
export function noOrganisationAccepted(outcomes: readonly IdentityOutcome[]): { n: number; answered: number; accepted: number; rate: number } {
  const none = outcomes.filter((o) => o.query.targetIds.length === 0);
  const accepted = none.filter((o) => o.candidates.some((c) => c.match === true)).length;
  return { n: none.length, answered: none.filter((o) => o.candidates.length > 0).length, accepted, rate: share(accepted, none.length) };
}

/** Namesake queries where an organisation that adds words to the query's name is decided a match. */
export function namesakesAccepted(outcomes: readonly IdentityOutcome[]): { n: number; accepted: number; rate: number } {
  const of = outcomes.filter((o) => (o.query.namesakeIds ?? []).length > 0);
  const accepted = of.filter((o) => {
    const namesakes = new Set(o.query.namesakeIds);
    return o.candidates.some((c) => c.match === true && c.setId !== null && namesakes.has(c.setId));
  }).length;
  return { n: of.length, accepted, rate: share(accepted, of.length) };
}

/** Queries answered with more than one candidate decided a match (the target is at most one). */
export function multipleMatches(outcomes: readonly IdentityOutcome[]): number {
  return outcomes.filter((o) => o.candidates.filter((c) => c.match === true).length > 1).length;
}

export interface CalibrationBin {
  /** Scores from `from` to `to` inclusive (the last decile is 90-100). */
  from: number;
  to: number;
  n: number;
  meanScore: number;
  /** Share of the bin's candidates that are an organisation the query names. */
  fractionCorrect: number;
  /** |fractionCorrect - meanScore / 100|; NaN for an empty bin. */
  gap: number;
}

/**
 * Calibration over every candidate among the first `k` of every query (those naming no organisation included:
 * each of their candidates is wrong), by score decile. Candidates without a score are left out.
 */
export function calibrationByDecile(outcomes: readonly IdentityOutcome[], k = 5): CalibrationBin[] {
  const bins = Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i === 9 ? 100 : i * 10 + 9, n: 0, scoreSum: 0, correct: 0 }));
  for (const outcome of outcomes) {
    const targets = new Set(outcome.query.targetIds);
    for (const candidate of outcome.candidates.slice(0, k)) {
      if (candidate.score === undefined) continue;
      const bin = bins[Math.min(9, Math.max(0, Math.floor(candidate.score / 10)))];
      if (bin === undefined) continue;
      bin.n += 1;
      bin.scoreSum += candidate.score;
      if (candidate.setId !== null && targets.has(candidate.setId)) bin.correct += 1;
    }
  }
  return bins.map(({ from, to, n, scoreSum, correct }) => {
    const meanScore = share(scoreSum, n);
    const fractionCorrect = share(correct, n);
    return { from, to, n, meanScore, fractionCorrect, gap: Math.abs(fractionCorrect - meanScore / 100) };
  });
}

/** FNV-1a of a text. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * Which half of the set a query belongs to, for fitting a calibration on one half and judging it on the other: the
 * half of its first target organisation (by a hash of its id), so that no organisation is in both; a query naming
 * no organisation goes by a hash of its text.
 */
export function identityHalf(query: IdentityQuery): 'fit' | 'test' {
  const first = [...query.targetIds].sort()[0];
  return fnv(first ?? `none\u0000${query.query}`) % 2 === 0 ? 'fit' : 'test';
}

/** The largest gap over the bins holding at least `minimum` candidates (NaN when none does). */
export function worstCalibrationGap(bins: readonly CalibrationBin[], minimum = 20): number {
  const gaps = bins.filter((b) => b.n >= minimum).map((b) => b.gap);
  return gaps.length === 0 ? Number.NaN : Math.max(...gaps);
}

/**
 * The decile of the names capped under the match threshold (a partial name, a namesake, a name the query begins:
 * NAMESAKE_SCORE_CAP, match-confidence.ts): 70-79 under the threshold of 80 (60-69 under 70 before decision 0022's
 * threshold section).
 */
export const CAPPED_DECILE_FROM = Math.floor(NAMESAKE_SCORE_CAP / 10) * 10;

/**
 * The worst gap as the calibration tests read the decile of capped names (decision 0022): the bin starting at
 * `cappedFrom` (CAPPED_DECILE_FROM, where a partial name or a namesake is capped under the match threshold by rule,
 * whatever its table says) counts only by how far it is over-confident; every other bin as worstCalibrationGap.
 * Reported beside the strict figure, which is the target's; it is not the target.
 */
export function worstCalibrationGapBesidesCap(bins: readonly CalibrationBin[], cappedFrom = CAPPED_DECILE_FROM, minimum = 20): number {
  const gaps = bins.filter((b) => b.n >= minimum).map((b) => (b.from === cappedFrom ? Math.max(0, b.meanScore / 100 - b.fractionCorrect) : b.gap));
  return gaps.length === 0 ? Number.NaN : Math.max(...gaps);
}

export interface PairwiseFigures {
  pairs: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  precision: number;
  recall: number;
  f1: number;
}

/** Precision, recall and F1 of "same organisation" decisions against the pairs' labels. */
export function pairwiseFigures(decisions: readonly { same: boolean; decided: boolean }[]): PairwiseFigures {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const { same, decided } of decisions) {
    if (decided && same) tp += 1;
    else if (decided) fp += 1;
    else if (same) fn += 1;
    else tn += 1;
  }
  const precision = share(tp, tp + fp);
  const recall = share(tp, tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { pairs: decisions.length, truePositives: tp, falsePositives: fp, falseNegatives: fn, trueNegatives: tn, precision, recall, f1 };
}

/** One pair's label and the decision taken on it. */
export interface PairDecision {
  same: boolean;
  decided: boolean;
  /** What relates the names. */
  kind: IdentityPairKind;
}

/** Pairwise figures per pair kind (in the order given; kinds without pairs left out). */
export function pairwiseByKind(decisions: readonly PairDecision[], kinds: readonly IdentityPairKind[]): { kind: IdentityPairKind; figures: PairwiseFigures }[] {
  return kinds.map((kind) => ({ kind, figures: pairwiseFigures(decisions.filter((d) => d.kind === kind)) })).filter((k) => k.figures.pairs > 0);
}

/** Pairwise figures over the in-scope pairs (IN_SCOPE_PAIR_KINDS: the same name written another way, and every pair of different organisations). */
export function inScopePairwise(decisions: readonly PairDecision[]): PairwiseFigures {
  return pairwiseFigures(decisions.filter((d) => IN_SCOPE_PAIR_KINDS.has(d.kind)));
}

export interface TargetCheck {
  target: string;
  value: number;
  met: boolean;
}

/** Recall@5 every named kind must reach (issue 20 section 7); exact names and identifiers keep recall@1. */
const RECALL_AT_5_TARGET = 0.9;
const RECALL_AT_1_TARGET = 0.99;

/**
 * The targets (section 7, meant at 1M organisations) against measured figures: recall@5 >= 0.9 for every
 * kind with a target, recall@1 >= 0.99 for exact names, bare and typed identifiers, pairwise precision >= 0.95 with F1 >= 0.9 on the in-scope pairs,
 * names that exist nowhere accepted <= 1%, calibration within 0.1 per decile, at most one `match: true` per query.
 * A figure that could not be measured (NaN) does not meet its target.
 */
export function targetChecks(figures: {
  recall: readonly KindRecall[];
  noOrganisationRate: number;
  /** Over the in-scope pairs (inScopePairwise). */
  pairwise: Pick<PairwiseFigures, 'precision' | 'f1'>;
  worstCalibrationGap: number;
  multipleMatches: number;
}): TargetCheck[] {
  const check = (target: string, value: number, met: (v: number) => boolean): TargetCheck => ({ target, value, met: !Number.isNaN(value) && met(value) });
  return [
    // KINDS_WITHOUT_TARGET (acronyms and unrelated trading names, translations, renames sharing no distinctive word)
    // are measured but have no target: no text matcher finds them unless they are stored.
    ...figures.recall
      .filter((r) => !KINDS_WITHOUT_TARGET.has(r.kind))
      .map((r) =>
        ['exact', 'identifier', 'identifier-typed'].includes(r.kind)
          ? check(`${r.kind} recall@1 >= ${RECALL_AT_1_TARGET}`, r.recallAt1, (v) => v >= RECALL_AT_1_TARGET)
          : check(`${r.kind} recall@5 >= ${RECALL_AT_5_TARGET}`, r.recallAt5, (v) => v >= RECALL_AT_5_TARGET),
      ),
    check('pairwise precision >= 0.95 (in-scope pairs)', figures.pairwise.precision, (v) => v >= 0.95),
    check('pairwise F1 >= 0.9 (in-scope pairs)', figures.pairwise.f1, (v) => v >= 0.9),
    check('no-organisation accepted <= 0.01', figures.noOrganisationRate, (v) => v <= 0.01),
    check('calibration gap <= 0.1 (every decile of 20+, held-out half)', figures.worstCalibrationGap, (v) => v <= 0.1),
    check('queries with more than one match: true = 0', figures.multipleMatches, (v) => v === 0),
  ];
}
