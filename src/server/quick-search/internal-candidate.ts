/**
 * A stored organisation as an internal candidate (spec: InternalQuickSearchCandidate; POST
 * /api/organisations/quick-search, rules 7, 8 and 9): `_type` and `source` 'internal', its country, its logo from
 * its website, whether the account has it in its list, its register's status, the former name the query matched
 * ("formerly ...") and its match. The quick lookup answers these; the stream adds one for an organisation judged
 * "same" that no provider returned (issue 20, section 6).
 */
import type { InternalQuickSearchCandidate } from '../../core/candidates';
import { GLOBAL_SEARCH_SCOPE } from '../../core/countries';
import type { Match } from '../../core/match';
import type { LogoService, Log } from '../ports';
import type { AccountMembership, QuickSearchRow } from './ports';

export interface InternalCandidateContext {
  /** The country the query asked for (a real alpha-3 or GLO). */
  countryIsoAlpha3: string;
  logo: LogoService;
  /** The account has the organisation in its list. */
  accountLinked: boolean;
}

/** Rule 9: every candidate is `_type: 'internal'`, `source: 'internal'`. */
export function toInternalCandidate(row: QuickSearchRow, key: string, match: Match, context: InternalCandidateContext): InternalQuickSearchCandidate {
  return {
    _type: 'internal',
    canonicalName: row.name,
    description: row.description ?? '',
    countryIsoAlpha3: candidateCountry(row, context.countryIsoAlpha3),
    key,
    existingOrgId: row.id,
    source: 'internal',
    logo: context.logo.logoFor(row.website),
    website: row.website,
    accountLinked: context.accountLinked,
    registryStatus: row.registryStatus,
    ...(match.matchedOn.nameKind === 'former_name' && match.matchedOn.name !== null ? { formerName: match.matchedOn.name } : {}),
    match,
  };
}

/**
 * Rule 8: "A candidate's `countryIsoAlpha3` is the organisation's first country code, else the country filter, else
 * ''. The raw GLO value never appears on a candidate." GLO is no filter (rule 5), so a countryless organisation
 * found under GLO gets ''.
 */
export function candidateCountry(row: QuickSearchRow, requestedCountry: string): string {
  return row.countryIsoAlpha3 ?? (requestedCountry === GLOBAL_SEARCH_SCOPE ? '' : requestedCountry);
}

/**
 * Rule 7: "`accountLinked` is stamped by one batched membership check for all candidates. If that check fails,
 * every candidate gets accountLinked false and the request still succeeds." The failure is logged.
 */
export async function linkedOrThrowNothing(
  deps: { membership: AccountMembership; log: Pick<Log, 'warn'> },
  accountId: string,
  organisationIds: string[],
): Promise<Set<string>> {
  if (organisationIds.length === 0) return new Set();
  try {
    return await deps.membership.linkedOrganisationIds({ accountId, organisationIds });
  } catch (error) {
    deps.log.warn({ err: error }, 'accountLinked membership check failed; every candidate is unlinked');
    return new Set();
  }
}
