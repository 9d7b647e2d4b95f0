/**
 * SelectOrganisation (spec: "Server action: selectOrganisationAction"; issue 19 section 1, decision 0017): the row
 * a user picked, by reference, becomes an organisation of theirs.
 *
 * - `{_type: 'candidate', ref}` (a streamed row): the facts are the ones the stream recorded under the reference
 *   for this account (candidate-references.ts); a reference that is unknown, expired or another account's is a 400
 *   on `candidate.ref`. Then SelectCandidate (select-candidate.ts) settles or creates from those facts.
 * - `{_type: 'internal', existingOrgId}` (a quick lookup row): SelectExisting, the organisation by id, which must be
 *   visible to the account (else a 400 on `candidate.existingOrgId`); nothing is written to it.
 *
 * Nothing else in the request is read: whatever else a client sends as the candidate is dropped by the schema.
 */
import { z } from 'zod';
import { searchIntentSchema, selectionReferenceSchema, type SelectionResult } from '../../core/selection';
import { countryIsoAlpha3Schema } from '../search/search-request';
import type { CandidateReferences } from './candidate-references';
import { unrecognisedSelection, type SelectCandidate, type SelectExisting } from './select-candidate';

export const selectOrganisationInputSchema = z.object({
  candidate: selectionReferenceSchema,
  /** The country the search ran with (GLO allowed: it only matters when the candidate has none). */
  countryIsoAlpha3: countryIsoAlpha3Schema,
  searchIntent: searchIntentSchema.optional(),
});
export type SelectOrganisationInput = z.infer<typeof selectOrganisationInputSchema>;

export type SelectOrganisation = (accountId: string, input: SelectOrganisationInput) => Promise<SelectionResult>;

export interface SelectOrganisationDependencies {
  references: Pick<CandidateReferences, 'find'>;
  selectCandidate: SelectCandidate;
  selectExisting: SelectExisting;
}

export function createSelectOrganisation(deps: SelectOrganisationDependencies): SelectOrganisation {
  return async (accountId, { candidate, countryIsoAlpha3 }) => {
    if (candidate._type === 'internal') return deps.selectExisting(accountId, { organisationId: candidate.existingOrgId, countryIsoAlpha3 });
    const recorded = await deps.references.find(accountId, candidate.ref);
    if (recorded === null) throw unrecognisedSelection('candidate.ref');
    return deps.selectCandidate(accountId, { candidate: recorded, countryIsoAlpha3 });
  };
}
