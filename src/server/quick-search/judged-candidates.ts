/**
 * The account's remembered decisions in the quick lookup (issue 20, section 6): after rule 10's match and order,
 * `applyJudgements` (core/match-decision.ts) puts an organisation judged `same` for this query first as the match
 * and never lets one judged `different` be a match. An organisation judged `same` that the text did not retrieve
 * (its name shares nothing with the query) is fetched by id and scored like the others, then put first.
 */
import type { Match } from '../../core/match';
import { assessMatch, type MatchQuery } from '../../core/match-confidence';
import { applyJudgements, type Judgement } from '../../core/match-decision';
import type { JudgementLookup } from '../decisions/judgements';
import { deduplicate, type KeyedRow } from './de-duplication';
import type { LookupScope, QuickSearchRow } from './ports';

/** What the quick lookup needs to apply decisions: the account's judgements, and the organisations judged by id. */
export interface JudgedLookups {
  judgements: JudgementLookup;
  /** The visible organisations (in the scope's country, or countryless) among these ids. */
  byIds(params: LookupScope & { ids: readonly string[] }): Promise<QuickSearchRow[]>;
}

type Ranked = KeyedRow & { match: Match };

/** The ranked candidates with the judgements applied; judged `same` ones not among them fetched first. */
export async function withJudgements(
  ranked: readonly Ranked[],
  judgements: readonly Judgement[],
  context: { lookups: JudgedLookups | undefined; scope: LookupScope; query: MatchQuery; filter: string | null },
): Promise<Ranked[]> {
  if (judgements.length === 0) return [...ranked];
  const present = new Set(ranked.map((r) => r.row.id));
  const missing = [...new Set(judgements.filter((j) => j.verdict === 'same' && !present.has(j.organisationId)).map((j) => j.organisationId))];
  const fetched = missing.length === 0 || context.lookups === undefined ? [] : await context.lookups.byIds({ ...context.scope, ids: missing });
  const added = deduplicate(
    fetched.map((row) => ({ row, score: 0 })),
    context.filter,
  ).map(({ row, key }) => ({
    row,
    key,
    match: assessMatch(context.query, { name: row.name, website: row.website, countryIsoAlpha3: row.countryIsoAlpha3 }),
  }));
  return applyJudgements([...ranked, ...added], judgements, (c) => c.row.id);
}
