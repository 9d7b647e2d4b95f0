/**
 * SelectOrganisation (spec: "Server action: selectOrganisationAction"; DESIGN.md section 8): the candidate a
 * user picked becomes an organisation of theirs.
 *
 * - Existing internal match (`existingOrgId`, visible to the account, redirects followed): no new
 *   organisation; the candidate's identifiers are still written (check digits verified, no duplicates), a
 *   missing type is backfilled, and the organisation joins the account's list. It is enriched automatically
 *   when it was never enriched, is not owned by the caller's account, and a real country is resolvable
 *   (its own, the candidate's or the search's); otherwise the page offers "Enrich now".
 * - Otherwise, under one lock per match key: a visible organisation sharing the composite key, a registry
 *   identifier or the registrable domain is selected instead (`created: false`), so a registry row and an
 *   agent row for one company never become two organisations. Failing that, it is created owned by the
 *   account and on its list, profile PENDING, and `organisation.enrich` is sent in the same transaction
 *   (a send that fails rolls the creation back).
 * - GLO never anchors a persisted country: a new organisation needs a real country from the candidate or the
 *   search, else the selection is rejected (400 on `countryIsoAlpha3`).
 */
import { z } from 'zod';
import type { OrganisationType } from '../../core/candidates';
import type { Identifier } from '../../core/identifiers';
import { compositeKey } from '../../core/composite-key';
import { isCountryAlpha3 } from '../../core/countries';
import { ValidationError } from '../../core/errors';
import { isRegistryIdentifierType, normaliseIdentifierValue, storableIdentifiers } from '../../core/identifiers';
import { organisationEnrichPayload } from '../../core/jobs';
import { searchIntentSchema, selectionCandidateSchema, type SelectionCandidate, type SelectionResult } from '../../core/selection';
import { registrableDomain } from '../../core/website';
import type { FieldSource } from '../enrichment/ports';
import type { JobQueue } from '../jobs/job-queue';
import { countryIsoAlpha3Schema } from '../search/search-request';
import type { SelectedOrganisation, SelectionStore, SelectionTx } from './ports';

export const selectOrganisationInputSchema = z.object({
  candidate: selectionCandidateSchema,
  /** The country the search ran with (GLO allowed: it only matters when the candidate has none). */
  countryIsoAlpha3: countryIsoAlpha3Schema,
  searchIntent: searchIntentSchema.optional(),
});
export type SelectOrganisationInput = z.infer<typeof selectOrganisationInputSchema>;

export interface SelectOrganisationDependencies {
  store: SelectionStore;
  jobs: JobQueue;
}

export type SelectOrganisation = (accountId: string, input: SelectOrganisationInput) => Promise<SelectionResult>;

const NO_COUNTRY_MESSAGE = 'A new organisation needs a country: search in a country rather than Global, or pick a result that names its country';

export function createSelectOrganisation({ store, jobs }: SelectOrganisationDependencies): SelectOrganisation {
  return async (accountId, { candidate, countryIsoAlpha3 }) => {
    const facts = candidateFacts(candidate);
    const searchCountry = realCountry(countryIsoAlpha3);

    async function settleExisting(tx: SelectionTx, existing: SelectedOrganisation): Promise<SelectionResult> {
      await tx.addIdentifiers(existing.id, facts.identifiers, facts.source);
      if (existing.type === null && facts.type !== null) await tx.backfillType(existing.id, facts.type, facts.source);
      if (facts.source === 'registry') await tx.recordRegistryStatus(existing.id, candidate.registryStatus, facts.source);
      await tx.linkToAccount(accountId, existing.id);
      const country = existing.countryIsoAlpha3 ?? facts.country ?? searchCountry;
      if (existing.profileStatus === null && !existing.ownedByAccount && country !== null) {
        const payload = organisationEnrichPayload({ organisationId: existing.id, accountId, website: existing.website, countryIsoAlpha3: country });
        await tx.markPending(existing.id, { profileSource: payload.profileSource });
        await jobs.send('organisation.enrich', payload, { tx: tx.handle });
      }
      return { organisationId: existing.id, created: false };
    }

    return store.transaction(async (tx) => {
      if (candidate.existingOrgId) {
        const existing = await tx.findVisible(accountId, candidate.existingOrgId);
        if (existing) return settleExisting(tx, existing);
        // Gone or not visible: selected as if it had no match, so nothing tells the two apart.
      }
      const country = facts.country ?? searchCountry;
      if (country === null) {
        throw new ValidationError([{ field: 'countryIsoAlpha3', rule: 'invalid_value', message: NO_COUNTRY_MESSAGE }], NO_COUNTRY_MESSAGE);
      }
      const keys = {
        key: compositeKey(country, candidate.canonicalName),
        registryIdentifiers: facts.identifiers.filter((i) => isRegistryIdentifierType(i.type)),
        websiteDomain: facts.website ? (registrableDomain(facts.website) ?? null) : null,
      };
      await tx.lockMatchKeys([
        `key:${keys.key}`,
        ...keys.registryIdentifiers.map((i) => `id:${i.type}:${normaliseIdentifierValue(i.value)}`),
        ...(keys.websiteDomain ? [`domain:${keys.websiteDomain}`] : []),
      ]);
      const match = await tx.findMatch(accountId, keys);
      if (match) return settleExisting(tx, match);

      const organisationId = await tx.create(accountId, {
        name: candidate.canonicalName,
        countryIsoAlpha3: country,
        type: facts.type,
        website: facts.website,
        description: candidate.description.trim() === '' ? null : candidate.description,
        identifiers: facts.identifiers,
        profileSource: facts.website ? 'direct' : 'agentic',
        source: facts.source,
        registryStatus: candidate.registryStatus,
      });
      await jobs.send('organisation.enrich', organisationEnrichPayload({ organisationId, accountId, website: facts.website, countryIsoAlpha3: country }), {
        tx: tx.handle,
      });
      return { organisationId, created: true };
    });
  };
}

interface CandidateFacts {
  identifiers: Identifier[];
  type: OrganisationType | null;
  country: string | null;
  /** A website the search established: an internal row's own, or a stream row's validated one. */
  website: string | null;
  source: FieldSource;
}

function candidateFacts(candidate: SelectionCandidate): CandidateFacts {
  if (candidate._type === 'internal') {
    return { identifiers: [], type: candidate.type ?? null, country: realCountry(candidate.countryIsoAlpha3), website: candidate.website, source: 'selection' };
  }
  return {
    identifiers: storableIdentifiers(candidate.identifiers),
    type: candidate.type,
    country: realCountry(candidate.countryIsoAlpha3),
    website: candidate.websiteValidated ? candidate.website : null,
    source: candidate.source === 'agent' ? 'agent' : 'registry',
  };
}

/** A country that can be persisted: a real ISO alpha-3 code, never GLO, XXX or ''. */
function realCountry(code: string): string | null {
  return code !== 'GLO' && isCountryAlpha3(code) ? code : null;
}
