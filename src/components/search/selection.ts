/**
 * The pure half of selecting a result row (spec: "Selection destination", "URL parameters"): the payload
 * the row becomes, the search intent the URL carries, and where the selection leads.
 *
 * A selection is by reference (decision 0017): a row any registry or agent channel delivered is sent as its
 * stream candidate's reference (the server writes the facts it recorded for it, identifiers included, even when it
 * matches an existing organisation); a row only the quick lookup found is sent as its organisation's id.
 */
import { isInactive } from '../../core/registry-status';
import { selectionDestination, type SearchIntent, type SelectionReference } from '../../core/selection';
import type { OrganisationResult } from './search-results-state';

export function selectionCandidateOf(result: OrganisationResult): SelectionReference {
  if (result.ref !== null) return { _type: 'candidate', ref: result.ref };
  if (result.existingOrgId !== null) return { _type: 'internal', existingOrgId: result.existingOrgId };
  // Every streamed row carries a reference and every quick row an organisation: a row with neither is a bug.
  throw new Error(`result row ${result.rowKey} has neither a candidate reference nor an organisation`);
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
