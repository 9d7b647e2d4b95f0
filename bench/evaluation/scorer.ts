/**
 * The evaluation's scorer (pure): recall@1 and recall@5 per kind, how many queries that have a match got
 * no candidate at all, and the false-accept rate: the share of no-organisation queries whose top candidate
 * is decided a match (`match.match === true`). While candidates carry no `match` decision the rate is
 * reported as 'n/a', never guessed from anything else.
 */
import { VARIANT_KINDS, type EvaluationQuery, type VariantKind } from './variants';

/** One candidate as the quick lookup answered it, in order. */
export interface ScoredCandidate {
  /** The evaluation id of the organisation, or null for an organisation outside the evaluation set. */
  evaluationId: string | null;
  /** The candidate's match decision, when the lookup gives one. */
  match?: { match: boolean };
}

export interface QueryOutcome {
  query: EvaluationQuery;
  candidates: ScoredCandidate[];
}

export interface KindFigures {
  kind: VariantKind;
  /** Queries of this kind. */
  n: number;
  /** Share whose first candidate is a target (NaN for no-organisation). */
  recallAt1: number;
  /** Share with a target among the first five. */
  recallAt5: number;
  /** Queries that have a match and got no candidate at all. */
  empty: number;
}

export interface EvaluationFigures {
  byKind: KindFigures[];
  /** Every query that has a match, all kinds together. */
  all: KindFigures & { kind: 'exact' };
  noOrganisation: {
    n: number;
    /** Queries naming no organisation that got at least one candidate. */
    answered: number;
    /** Share whose top candidate is decided a match; 'n/a' while candidates carry no decision. */
    falseAcceptRate: number | 'n/a';
  };
}

function share(hits: number, n: number): number {
  return n === 0 ? Number.NaN : hits / n;
}

function hitWithin(outcome: QueryOutcome, k: number): boolean {
  const targets = new Set(outcome.query.targetIds);
  return outcome.candidates.slice(0, k).some((c) => c.evaluationId !== null && targets.has(c.evaluationId));
}

function figuresOf(kind: VariantKind, outcomes: readonly QueryOutcome[]): KindFigures {
  return {
    kind,
    n: outcomes.length,
    recallAt1: share(outcomes.filter((o) => hitWithin(o, 1)).length, outcomes.length),
    recallAt5: share(outcomes.filter((o) => hitWithin(o, 5)).length, outcomes.length),
    empty: outcomes.filter((o) => o.candidates.length === 0).length,
  };
}

export function scoreEvaluation(outcomes: readonly QueryOutcome[]): EvaluationFigures {
  const withMatch = outcomes.filter((o) => o.query.targetIds.length > 0);
  const byKind = VARIANT_KINDS.filter((kind) => kind !== 'no-organisation')
    .map((kind) =>
      figuresOf(
        kind,
        withMatch.filter((o) => o.query.kind === kind),
      ),
    )
    .filter((f) => f.n > 0);
  const none = outcomes.filter((o) => o.query.targetIds.length === 0);
  const tops = none.map((o) => o.candidates[0]).filter((c): c is ScoredCandidate => c !== undefined);
  const decided = tops.every((c) => c.match !== undefined) && tops.length > 0;
  return {
    byKind,
    all: { ...figuresOf('exact', withMatch), kind: 'exact' },
    noOrganisation: {
      n: none.length,
      answered: tops.length,
      falseAcceptRate: decided ? share(tops.filter((c) => c.match?.match === true).length, none.length) : 'n/a',
    },
  };
}
