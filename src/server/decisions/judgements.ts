/**
 * The account's judgements for the queries a use case answers (issue 20, section 6): the quick lookup, the
 * stream, batch matching and reconciliation look them up here and apply them with `applyJudgements`
 * (core/match-decision.ts). One round trip for many queries (a batch chunk).
 */
import { decisionCountryKey, decisionQueryKey, judgementMapKey, type Judgement } from '../../core/match-decision';
import type { Db } from '../../adapters/db/client';
import { findJudgements } from '../../adapters/db/queries/match-decisions';

export interface JudgedQuery {
  query: string;
  /** The query's country; null, '' or GLO: none. */
  countryIsoAlpha3: string | null;
}

export interface JudgementLookup {
  /** The account's judgements for one query, the latest first ([] when none). */
  forQuery(accountId: string, query: JudgedQuery): Promise<Judgement[]>;
  /** The same for many queries, answered in their order. */
  forQueries(accountId: string, queries: readonly JudgedQuery[]): Promise<Judgement[][]>;
}

/** No judgements: for a use case composed without the decisions store. */
export const NO_JUDGEMENTS: JudgementLookup = {
  forQuery: async () => [],
  forQueries: async (_accountId, queries) => queries.map(() => []),
};

export function createJudgementLookup(db: Db): JudgementLookup {
  const forQueries = async (accountId: string, queries: readonly JudgedQuery[]): Promise<Judgement[][]> => {
    const keys = queries.map((q) => ({ queryKey: decisionQueryKey(q.query), countryKey: decisionCountryKey(q.countryIsoAlpha3) }));
    const wanted = keys.filter((k) => k.queryKey !== '');
    if (wanted.length === 0) return queries.map(() => []);
    const found = await findJudgements(db, { accountId, keys: wanted });
    return keys.map((k) => found.get(judgementMapKey(k.queryKey, k.countryKey)) ?? []);
  };
  return {
    forQueries,
    async forQuery(accountId, query) {
      return (await forQueries(accountId, [query]))[0] ?? [];
    },
  };
}
