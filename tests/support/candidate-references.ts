/**
 * A candidate recorded under a fresh reference for an account, exactly as the search stream records each batch it
 * hands out (the same store, decision 0017), for tests whose subject comes after the selection (enrichment,
 * verification) and whose candidate no contract fake streams as such. Selection itself is tested through the stream.
 */
import type { Db } from '../../src/adapters/db/client';
import { createCandidateReferences } from '../../src/adapters/db/queries/candidate-references';
import type { StreamedSelectionCandidate } from '../../src/core/selection';
import { UNKNOWN_REGISTRY_STATUS } from '../../src/core/registry-status';
import { newCandidateReference } from '../../src/server/selection/candidate-references';

/** The selection's `candidate` for the recorded candidate: `{_type: 'candidate', ref}`. */
export async function recordedReference(db: Db, accountId: string, candidate: StreamedSelectionCandidate): Promise<{ _type: 'candidate'; ref: string }> {
  const ref = newCandidateReference();
  await createCandidateReferences(db).record(accountId, { candidates: [{ ref, candidate }], patches: [] });
  return { _type: 'candidate', ref };
}

/** A national-registry candidate as the stream would record it (AUS, no identifiers unless given). */
export function registryCandidateFacts(name: string, overrides: Partial<StreamedSelectionCandidate> = {}): StreamedSelectionCandidate {
  return {
    _type: 'candidate',
    canonicalName: name,
    description: 'A registered company',
    countryIsoAlpha3: 'AUS',
    key: `AUS|${name.toLowerCase()}`,
    existingOrgId: null,
    source: 'registry_au',
    website: null,
    logo: null,
    accountLinked: false,
    identifiers: [],
    websiteValidated: false,
    nameKind: 'entity',
    matchedBusinessName: null,
    parentEntityName: null,
    registryStatus: UNKNOWN_REGISTRY_STATUS,
    type: 'ProprietaryLimited',
    ...overrides,
  };
}
