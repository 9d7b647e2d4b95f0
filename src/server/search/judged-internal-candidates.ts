/**
 * The stream's remembered "same" (issue 20, section 6): the organisations the account judged `same` for this query,
 * as internal candidates (the quick lookup's shape, ../quick-search/internal-candidate.ts), for those no provider
 * returned. Read by id, scoped like the quick lookup (visible to the account, in the query's country or countryless);
 * each scored against the query like any candidate (`assessMatch`); place-candidates.ts applies the judgement
 * (first, `matchedOn.decision: 'same'`). Each comes with the identifiers stored for it (`identifiersOf`; none without
 * it), which the placement reads, never writes: a provider row carrying them is the same company (issue 20 section 5).
 */
import type { InternalQuickSearchCandidate } from '../../core/candidates';
import type { Identifier } from '../../core/identifiers';
import { GLOBAL_SEARCH_SCOPE } from '../../core/countries';
import { assessMatch, type MatchQuery } from '../../core/match-confidence';
import type { LogoService } from '../ports';
import { deduplicate } from '../quick-search/de-duplication';
import { toInternalCandidate } from '../quick-search/internal-candidate';
import type { JudgedLookups } from '../quick-search/judged-candidates';
import type { InternalMatches } from './ports';

/** The organisations judged `same`, read by id (the quick lookup's `JudgedLookups.byIds`), and their stored identifiers. */
export type JudgedOrganisations = Pick<JudgedLookups, 'byIds'> & {
  /** The identifiers stored for each of these (already visible) organisations, by organisation id. */
  identifiersOf?(organisationIds: readonly string[]): Promise<ReadonlyMap<string, readonly Identifier[]>>;
};

/** An organisation judged `same`, as the internal candidate the stream writes, with its stored identifiers beside it. */
export type JudgedInternalCandidate = InternalQuickSearchCandidate & { identifiers: readonly Identifier[] };

export interface JudgedInternalCandidatesDependencies {
  organisations: JudgedOrganisations;
  internalMatches: Pick<InternalMatches, 'linkedOrganisationIds'>;
  logo: LogoService;
}

/** The visible organisations among `ids`, in their order, as internal candidates scored against the query. */
export async function judgedInternalCandidates(
  deps: JudgedInternalCandidatesDependencies,
  params: { accountId: string; countryIsoAlpha3: string; matchQuery: MatchQuery; ids: readonly string[] },
): Promise<JudgedInternalCandidate[]> {
  if (params.ids.length === 0) return [];
  const filter = params.countryIsoAlpha3 === GLOBAL_SEARCH_SCOPE ? null : params.countryIsoAlpha3;
  const rows = await deps.organisations.byIds({ accountId: params.accountId, countryIsoAlpha3: filter, ids: params.ids });
  const order = new Map(params.ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const notOwned = rows.filter((row) => !row.ownedByAccount).map((row) => row.id);
  const [linked, identifiers] = await Promise.all([
    notOwned.length === 0 ? new Set<string>() : deps.internalMatches.linkedOrganisationIds({ accountId: params.accountId, organisationIds: notOwned }),
    rows.length === 0 || deps.organisations.identifiersOf === undefined
      ? new Map<string, readonly Identifier[]>()
      : deps.organisations.identifiersOf(rows.map((row) => row.id)),
  ]);
  return deduplicate(
    rows.map((row) => ({ row, score: 0 })),
    filter,
  ).map(({ row, key }) => ({
    ...toInternalCandidate(row, key, assessMatch(params.matchQuery, { name: row.name, website: row.website, countryIsoAlpha3: row.countryIsoAlpha3 }), {
      countryIsoAlpha3: params.countryIsoAlpha3,
      logo: deps.logo,
      accountLinked: row.ownedByAccount || linked.has(row.id),
    }),
    identifiers: identifiers.get(row.id) ?? [],
  }));
}
