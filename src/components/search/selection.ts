/**
 * The pure half of selecting a result row (spec: "Selection destination", "URL parameters"): the payload
 * the row becomes, the search intent the URL carries, and where the selection leads.
 *
 * A merged row is sent as what found it: a row any registry or agent channel delivered goes as a stream
 * candidate (its identifiers are written even when it matches an existing organisation), a row only the
 * quick lookup found goes as the internal candidate.
 */
import type { SearchSource } from '../../core/candidates';
import { isInactive } from '../../core/registry-status';
import { selectionDestination, type SearchIntent, type SelectionCandidate } from '../../core/selection';
import type { OrganisationResult } from './search-results-state';

const isSearchSource = (source: string): source is SearchSource => source === 'agent' || source === 'registry_au' || source === 'registry_global';

export function selectionCandidateOf(result: OrganisationResult): SelectionCandidate {
  const streamSource = result.sources.find(isSearchSource);
  if (streamSource === undefined && result.existingOrgId !== null) {
    return {
      _type: 'internal',
      canonicalName: result.canonicalName,
      description: result.description,
      countryIsoAlpha3: result.countryIsoAlpha3,
      key: result.key,
      existingOrgId: result.existingOrgId,
      source: 'internal',
      logo: result.logo,
      website: result.website,
      accountLinked: result.accountLinked,
      type: result.type,
      registryStatus: result.registryStatus,
    };
  }
  return {
    _type: 'candidate',
    canonicalName: result.canonicalName,
    description: result.description,
    countryIsoAlpha3: result.countryIsoAlpha3,
    key: result.key,
    existingOrgId: result.existingOrgId,
    // A row without an internal match always has a streamed channel; 'agent' is only the type's fallback.
    source: streamSource ?? 'agent',
    website: result.website,
    logo: result.logo,
    accountLinked: result.accountLinked,
    identifiers: result.identifiers.map((identifier) => ({ type: identifier.type, value: identifier.value })),
    websiteValidated: result.websiteValidated,
    nameKind: result.nameKind,
    matchedBusinessName: result.matchedBusinessName,
    parentEntityName: result.parentEntityName,
    type: result.type,
    score: result.score,
    registryStatus: result.registryStatus,
  };
}

/**
 * Selecting a row the register lists as inactive (dissolved, cancelled, struck off) asks first: "Select it
 * anyway?" (issue 20, section 4). Every other row is selected at once.
 */
export function selectionNeedsConfirmation(result: Pick<OrganisationResult, 'registryStatus'>): boolean {
  return isInactive(result.registryStatus);
}

/** The query parameter that asks the destination to show the confirm header. */
export const CONFIRM_PARAM = 'confirm';

export interface SelectionOutcome {
  readonly organisationId: string;
  readonly created: boolean;
}

/**
 * Where a selection leads: `selectionDestination` by intent; a newly created organisation adds
 * `confirm=1` and the search's `q` and `country`, so the confirm header can ask and, on No, go back.
 */
export function selectionTarget(outcome: SelectionOutcome, search: { intent: SearchIntent | null; query: string; country: string }): string {
  const destination = selectionDestination(outcome.organisationId, search.intent);
  if (!outcome.created) return destination;
  const url = new URL(destination, 'http://destination.invalid');
  url.searchParams.set(CONFIRM_PARAM, '1');
  if (search.query) url.searchParams.set('q', search.query);
  if (search.country) url.searchParams.set('country', search.country);
  return `${url.pathname}${url.search}`;
}
