/**
 * A stored organisation as an internal candidate (spec: InternalQuickSearchCandidate; the quick lookup's rules 8 and
 * 9): `_type` and `source` 'internal', its country (candidate-country.ts), its logo from its website, whether the
 * account has it in its list, its register's status, the former name the query matched ("formerly ...") and its
 * match. The quick lookup answers these; the stream adds one for an organisation judged "same" that no provider
 * returned (issue 20, section 6).
 */
import type { InternalQuickSearchCandidate } from '../../core/candidates';
import type { Match } from '../../core/match';
import type { LogoService } from '../ports';
import { candidateCountry } from './candidate-country';
import type { QuickSearchRow } from './ports';

export interface InternalCandidateContext {
  /** The country the query asked for (a real alpha-3 or GLO). */
  countryIsoAlpha3: string;
  logo: LogoService;
  /** The account has the organisation in its list. */
  accountLinked: boolean;
}

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
