/**
 * SelectCandidate (spec: "Server action: selectOrganisationAction"; DESIGN.md section 8): a candidate as the server
 * obtained it becomes an organisation of the account's. Its callers are SelectOrganisation (select-organisation.ts:
 * the stream's record under the reference a user picked) and the batch apply (a batch row's registry candidate);
 * never a request body (issue 19 section 1, decision 0017), so every fact written here and every field source
 * (`registry`, `agent`) names what the server saw.
 *
 * - Existing internal match (`existingOrgId`, the match the server found, visible to the account, redirects followed): no new
 *   organisation; the candidate's identifiers are still written (check digits verified, no duplicates), a
 *   missing type is backfilled (an agent row's only onto the account's own organisation: what the agent read on
 *   the web is checked against the registry by the enrichment, not here), and the organisation joins the
 *   account's list. It is enriched automatically
 *   when it was never enriched, is not owned by the caller's account, and a real country is resolvable
 *   (its own, the candidate's or the search's); otherwise the page offers "Enrich now".
 * - Otherwise, under one lock per match key: a visible organisation sharing the composite key, a registry
 *   identifier or the registrable domain is selected instead (`created: false`), so a registry row and an
 *   agent row for one company never become two organisations. Failing that, it is created owned by the
 *   account and on its list, profile PENDING, and `organisation.enrich` is sent in the same transaction
 *   (a send that fails rolls the creation back).
 * - GLO never anchors a persisted country: a new organisation needs a real country from the candidate or the
 *   search, else the selection is rejected (400 on `countryIsoAlpha3`).
 *
 * SelectExisting (below) is the quick lookup's row, an organisation selected by id: visible or refused, and nothing
 * written to it but the account's link and its automatic enrichment.
 */
import type { OrganisationType } from '../../core/candidates';
import type { Identifier } from '../../core/identifiers';
import { compositeKey } from '../../core/composite-key';
import { isCountryAlpha3 } from '../../core/countries';
import { ValidationError } from '../../core/errors';
import { isRegistryIdentifierType, normaliseIdentifierValue, storableIdentifiers } from '../../core/identifiers';
import { JOB_POLICIES, organisationEnrichPayload } from '../../core/jobs';
import { UNKNOWN_REGISTRY_STATUS, type RegistryStatus } from '../../core/registry-status';
import type { SelectionCandidate, SelectionResult } from '../../core/selection';
import { registrableDomain } from '../../core/website';
import type { FieldSource } from '../enrichment/ports';
import type { JobQueue } from '../ports';
import type { SelectedOrganisation, SelectionStore, SelectionTx } from './ports';

export interface ObtainedSelection {
  /** The candidate as the server obtained it. */
  candidate: SelectionCandidate;
  /** The country the search ran with (GLO allowed: it only matters when the candidate has none). */
  countryIsoAlpha3: string;
}

export interface SelectCandidateDependencies {
  store: SelectionStore;
  jobs: JobQueue;
}

export type SelectCandidate = (accountId: string, selection: ObtainedSelection) => Promise<SelectionResult>;

const NO_COUNTRY_MESSAGE = 'A new organisation needs a country: search in a country rather than Global, or pick a result that names its country';

export function createSelectCandidate({ store, jobs }: SelectCandidateDependencies): SelectCandidate {
  return async (accountId, { candidate, countryIsoAlpha3 }) => {
    const facts = candidateFacts(candidate);
    const searchCountry = realCountry(countryIsoAlpha3);

    const settleExisting = (tx: SelectionTx, existing: SelectedOrganisation) =>
      settle({ tx, jobs, accountId, existing, facts, searchCountry, registryStatus: candidate.registryStatus });

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
        businessName: facts.businessName,
        formerNames: facts.formerNames,
      });
      await jobs.send('organisation.enrich', organisationEnrichPayload({ organisationId, accountId, website: facts.website, countryIsoAlpha3: country }), {
        tx: tx.handle,
      });
      return { organisationId, created: true };
    });
  };
}

export interface ExistingSelection {
  /** An organisation the quick lookup found. */
  organisationId: string;
  /** The country the search ran with (GLO allowed). */
  countryIsoAlpha3: string;
}

export type SelectExisting = (accountId: string, selection: ExistingSelection) => Promise<SelectionResult>;

/**
 * An organisation selected by id (the quick lookup's row): it must be visible to the account, else the selection
 * is refused as unrecognised (gone and not visible read the same). Nothing is written to it but the account's
 * link and, when due, its automatic enrichment.
 */
export function createSelectExisting({ store, jobs }: SelectCandidateDependencies): SelectExisting {
  return (accountId, { organisationId, countryIsoAlpha3 }) =>
    store.transaction(async (tx) => {
      const existing = await tx.findVisible(accountId, organisationId);
      if (!existing) throw unrecognisedSelection('candidate.existingOrgId');
      return settle({ tx, jobs, accountId, existing, facts: NO_FACTS, searchCountry: realCountry(countryIsoAlpha3), registryStatus: UNKNOWN_REGISTRY_STATUS });
    });
}

const UNRECOGNISED_MESSAGE = 'This result can no longer be selected: search again and pick it from the new results';

/** A 400 naming the field: a reference the server does not recognise (unknown, expired, another account's), or an organisation the account cannot see. */
export function unrecognisedSelection(field: string): ValidationError {
  return new ValidationError([{ field, rule: 'unknown_reference', message: UNRECOGNISED_MESSAGE }], UNRECOGNISED_MESSAGE);
}

/**
 * Settling on an existing organisation: the facts' identifiers (check digits verified, no duplicates) and a
 * missing type (a registry's onto any organisation, the agent's only onto the account's own), the account's link, and the automatic enrichment when it was never enriched, is not owned by the
 * account and a real country is resolvable (its own, the candidate's or the search's).
 */
async function settle(params: {
  tx: SelectionTx;
  jobs: JobQueue;
  accountId: string;
  existing: SelectedOrganisation;
  facts: CandidateFacts;
  searchCountry: string | null;
  registryStatus: RegistryStatus;
}): Promise<SelectionResult> {
  const { tx, jobs, accountId, existing, facts } = params;
  // What the agent read on the web is checked against the registry only by the enrichment: it goes onto the
  // account's own organisation, never onto one every account sees (a registry's facts go onto either).
  if (existing.ownedByAccount || facts.source === 'registry') {
    await tx.addIdentifiers(existing.id, facts.identifiers, facts.source);
    if (existing.type === null && facts.type !== null) await tx.backfillType(existing.id, facts.type, facts.source);
    if (facts.businessName !== null) await tx.backfillBusinessName(existing.id, facts.businessName, facts.source);
  }
  // The register's status is kept when known (never overwritten by unknown: recordRegistryStatus), and its former names.
  if (facts.source === 'registry') {
    await tx.recordRegistryStatus(existing.id, params.registryStatus, facts.source);
    if (facts.formerNames.length > 0) await tx.addFormerNames(existing.id, facts.formerNames);
  }
  await tx.linkToAccount(accountId, existing.id);
  const country = existing.countryIsoAlpha3 ?? facts.country ?? params.searchCountry;
  if (existing.profileStatus === null && !existing.ownedByAccount && country !== null) {
    const payload = organisationEnrichPayload({ organisationId: existing.id, accountId, website: existing.website, countryIsoAlpha3: country });
    // One pending enrichment per organisation (decision 0019): a job already queued or running is joined.
    const pending = await jobs.pendingJobForUpdate('organisation.enrich', JOB_POLICIES['organisation.enrich'].singletonKey(payload), { tx: tx.handle });
    if (pending === null) {
      await tx.markPending(existing.id, { profileSource: payload.profileSource });
      await jobs.send('organisation.enrich', payload, { tx: tx.handle });
    }
  }
  return { organisationId: existing.id, created: false };
}

interface CandidateFacts {
  identifiers: Identifier[];
  type: OrganisationType | null;
  country: string | null;
  /** A website the search established: an internal row's own, or a stream row's validated one. */
  website: string | null;
  source: FieldSource;
  /** The registry business name the result was found by ("Trading as: ..."), kept as the organisation's business name. */
  businessName: string | null;
  /** Names a register says the company bore before (a registry row's), kept as former names. */
  formerNames: string[];
}

/** An organisation selected by id brings nothing to write. */
const NO_FACTS: CandidateFacts = { identifiers: [], type: null, country: null, website: null, source: 'selection', businessName: null, formerNames: [] };

function candidateFacts(candidate: SelectionCandidate): CandidateFacts {
  if (candidate._type === 'internal') {
    return {
      identifiers: [],
      type: candidate.type ?? null,
      country: realCountry(candidate.countryIsoAlpha3),
      website: candidate.website,
      source: 'selection',
      businessName: null,
      formerNames: [],
    };
  }
  const source = candidate.source === 'agent' ? 'agent' : 'registry';
  return {
    identifiers: storableIdentifiers(candidate.identifiers),
    type: candidate.type,
    country: realCountry(candidate.countryIsoAlpha3),
    website: candidate.websiteValidated ? candidate.website : null,
    source,
    businessName: candidate.source === 'agent' ? null : nonBlank(candidate.matchedBusinessName),
    formerNames: source === 'registry' ? (candidate.formerNames ?? []) : [],
  };
}

/** A country that can be persisted: a real ISO alpha-3 code, never GLO, XXX or ''. */
function realCountry(code: string): string | null {
  return code !== 'GLO' && isCountryAlpha3(code) ? code : null;
}

function nonBlank(text: string | null): string | null {
  return text !== null && text.trim() !== '' ? text.trim() : null;
}
