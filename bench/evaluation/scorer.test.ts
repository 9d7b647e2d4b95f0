import { describe, expect, it } from 'vitest';
import { scoreEvaluation, type QueryOutcome, type ScoredCandidate } from './scorer';
import type { EvaluationQuery } from './variants';

const query = (kind: EvaluationQuery['kind'], targetIds: string[]): EvaluationQuery => ({ kind, query: 'q', targetIds });
const candidates = (...ids: (string | null)[]): ScoredCandidate[] => ids.map((evaluationId) => ({ evaluationId }));

describe('scoreEvaluation', () => {
  it('counts recall@1, recall@5 and empty answers per kind', () => {
    const outcomes: QueryOutcome[] = [
      { query: query('exact', ['a']), candidates: candidates('a', 'b') },
      { query: query('exact', ['b']), candidates: candidates('a', null, 'c', 'd', 'b', 'e') },
      { query: query('exact', ['c']), candidates: candidates('a', 'b', 'd', 'e', 'f', 'c') },
      { query: query('exact', ['d']), candidates: [] },
      { query: query('alias', ['x', 'y']), candidates: candidates('y') },
    ];
    const figures = scoreEvaluation(outcomes);
    const exact = figures.byKind.find((f) => f.kind === 'exact');
    expect(exact).toEqual({ kind: 'exact', n: 4, recallAt1: 0.25, recallAt5: 0.5, empty: 1 });
    // Any of several targets counts (an alias two organisations share).
    expect(figures.byKind.find((f) => f.kind === 'alias')).toMatchObject({ n: 1, recallAt1: 1, recallAt5: 1 });
    expect(figures.all).toMatchObject({ n: 5, recallAt1: 0.4, recallAt5: 0.6, empty: 1 });
    // Kinds without queries are left out.
    expect(figures.byKind.map((f) => f.kind)).toEqual(['exact', 'alias']);
  });

  it('reports the false-accept rate as n/a while candidates carry no match decision', () => {
    const figures = scoreEvaluation([
      { query: query('no-organisation', []), candidates: candidates('a') },
      { query: query('no-organisation', []), candidates: [] },
    ]);
    expect(figures.noOrganisation).toEqual({ n: 2, answered: 1, falseAcceptRate: 'n/a' });
  });

  it('counts a no-organisation query as falsely accepted when its top candidate is decided a match', () => {
    const figures = scoreEvaluation([
      {
        query: query('no-organisation', []),
        candidates: [
          { evaluationId: null, match: { match: true } },
          { evaluationId: 'b', match: { match: false } },
        ],
      },
      {
        query: query('no-organisation', []),
        candidates: [
          { evaluationId: null, match: { match: false } },
          { evaluationId: 'c', match: { match: true } },
        ],
      },
      { query: query('no-organisation', []), candidates: [] },
      { query: query('no-organisation', []), candidates: [{ evaluationId: 'd', match: { match: false } }] },
    ]);
    // Only the top candidate counts, and an empty answer is a correct rejection.
    expect(figures.noOrganisation).toEqual({ n: 4, answered: 3, falseAcceptRate: 0.25 });
  });
});
