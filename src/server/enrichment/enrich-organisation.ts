/**
 * The enrichment orchestrator (spec: selectOrganisationAction's two phases; DESIGN.md section 8), run by the
 * `organisation.enrich` worker.
 *
 * - Direct (`profileSource` 'direct', a website): the company-data provider by registrable domain. A miss
 *   (404), a `for-sale` or `broken` domain, no description, or a provider failure falls back inline to the
 *   agentic pipeline.
 * - Agentic: agent phase 1 (description, website, type), saved at once (the profile still PENDING), then
 *   phase 2 (country, NAICS, identifiers, legal-name alias, parent and subsidiary stubs). A phase-2 failure
 *   keeps what phase 1 saved: the retries and the FAILED state change nothing of it.
 * - Nothing a provider says is written unchecked: a website must pass the website validator; ABN/ACN/CH
 *   values must pass their checks and be confirmed by the registry with a matching name (a claim that fails
 *   is dropped and logged; other identifier types cannot be confirmed and are dropped); NAICS codes must be
 *   existing leaf codes. Every written field records its source and when it was retrieved.
 * - Profile COMPLETED with everything in one transaction, then the Aquila1 sync and, for an account-owned
 *   organisation, verification. A failed attempt throws so the queue retries it with back-off; on the last
 *   attempt the profile settles FAILED with the reason kept. Idempotent: a re-run rewrites the same values.
 */
import type { OrganisationType } from '../../core/candidates';
import type { Identifier } from '../../core/identifiers';
import { isCountryAlpha3 } from '../../core/countries';
import { isValidAbn, isValidAcn, normaliseCompaniesHouseNumber, normaliseIdentifierValue } from '../../core/identifiers';
import type { OrganisationEnrichPayload } from '../../core/jobs';
import { registeredNameMatches } from '../../core/name-match';
import { isGlobal } from '../../core/ownership';
import { registrableDomain } from '../../core/website';
import type { WebsiteValidator } from '../search/ports';
import type { VerifyOrganisation } from '../verification/verify-organisation';
import type {
  AgentProfilePhase1,
  AgentProfilePhase2,
  Aquila1Sync,
  CompanyDataProfile,
  CompanyDataProvider,
  EnrichmentAgent,
  EnrichmentStore,
  EnrichmentSubject,
  EnrichmentTarget,
  EnrichmentWrite,
  FieldSource,
  ProviderFailure,
  RegistryLookups,
  RegistryRecord,
  Sourced,
} from './ports';
import type { RegistryStatus } from '../../core/registry-status';
import type { Log } from '../ports';

export interface EnrichOrganisationDependencies {
  store: EnrichmentStore;
  companyData: CompanyDataProvider;
  agent: EnrichmentAgent;
  registry: RegistryLookups;
  websiteValidator: WebsiteValidator;
  aquila1: Aquila1Sync;
  verify: VerifyOrganisation;
  log: Pick<Log, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}

export interface EnrichmentAttempt {
  /** The queue will not retry after this attempt: a failure settles the profile FAILED. */
  isLastAttempt: boolean;
  signal?: AbortSignal;
}

export type EnrichmentOutcome = 'completed' | 'failed' | 'skipped';

export type EnrichOrganisation = (payload: OrganisationEnrichPayload, attempt: EnrichmentAttempt) => Promise<EnrichmentOutcome>;

/** A failed attempt: the queue retries it; `userReason` is what the organisation page shows once retries are spent. */
export class EnrichmentAttemptFailed extends Error {
  override readonly name = 'EnrichmentAttemptFailed';
  constructor(
    message: string,
    readonly userReason: string,
  ) {
    super(message);
  }
}

const REASONS: Record<ProviderFailure['kind'], string> = {
  configuration: 'The enrichment agent is not configured',
  http: 'The enrichment agent answered with an error',
  timeout: 'The enrichment agent took too long to answer',
  network: 'The enrichment agent could not be reached',
  malformed: 'The enrichment agent gave an answer that could not be read',
  aborted: 'The enrichment was interrupted',
};

export function createEnrichOrganisation(deps: EnrichOrganisationDependencies): EnrichOrganisation {
  const { store, log } = deps;
  const now = deps.now ?? (() => new Date());

  return async (payload, attempt) => {
    const target = await store.load(payload.organisationId);
    if (!target || target.redirectedTo !== null) {
      log.info({ organisationId: payload.organisationId }, 'enrichment skipped: the organisation is gone or redirected');
      return 'skipped';
    }
    try {
      const write = await enrich(target, payload, attempt.signal);
      // An attempt that lost its job to another one (the queue's lease) writes nothing.
      attempt.signal?.throwIfAborted();
      await store.complete(target.id, write, now());
      await deps.aquila1.syncAquila1(target.id);
      log.info({ organisationId: target.id, fields: writtenFields(write) }, 'enrichment completed');
    } catch (error) {
      const reason = error instanceof EnrichmentAttemptFailed ? error.userReason : 'The enrichment failed unexpectedly';
      log.warn({ organisationId: target.id, err: error, isLastAttempt: attempt.isLastAttempt }, 'enrichment attempt failed');
      if (!attempt.isLastAttempt) throw error;
      await store.fail(target.id, reason, now());
      return 'failed';
    }
    if (!isGlobal(target.ownerAccountIds)) {
      try {
        const outcome = await deps.verify(target.id, { signal: attempt.signal });
        if (outcome) log.info({ organisationId: target.id, verdict: outcome.verdict }, 'verification verdict');
      } catch (error) {
        // The profile stands; the organisation stays private until a later verification.
        log.error({ organisationId: target.id, err: error }, 'verification failed');
      }
    }
    return 'completed';
  };

  async function enrich(target: EnrichmentTarget, payload: OrganisationEnrichPayload, signal: AbortSignal | undefined): Promise<EnrichmentWrite> {
    const country = target.countryIsoAlpha3 ?? payload.countryIsoAlpha3 ?? null;
    if (payload.profileSource === 'direct') {
      const direct = await fromCompanyData(target, payload.website, country, signal);
      if (direct) return direct;
    }
    return fromAgent(target, country, signal);
  }

  async function fromCompanyData(
    target: EnrichmentTarget,
    website: string,
    country: string | null,
    signal: AbortSignal | undefined,
  ): Promise<EnrichmentWrite | null> {
    const domain = registrableDomain(website);
    if (!domain) return null;
    const result = await deps.companyData.findByDomain(domain, { signal });
    const retrievedAt = now();
    if (!result.ok) {
      log.warn({ organisationId: target.id, domain, failure: result.failure }, 'company-data provider failed; falling back to the agentic pipeline');
      return null;
    }
    const profile = result.value;
    if (!profile || !usable(profile)) {
      log.info({ organisationId: target.id, domain, state: profile?.domainState ?? 'not found' }, 'company-data miss; falling back to the agentic pipeline');
      return null;
    }
    const from = <T>(value: T): Sourced<T> => ({ value, source: 'company_data', retrievedAt, evidenceUrl: profile.website });
    const write: EnrichmentWrite = { identifiers: [], aliases: [] };
    if (profile.description) write.description = from(profile.description);
    const checkedWebsite = await validatedWebsite(target.name, profile.website ?? website, signal);
    if (checkedWebsite) write.website = from(checkedWebsite);
    if (profile.type) write.type = from(profile.type);
    const hq = profile.countryIsoAlpha3 ?? country;
    if (!target.countryIsoAlpha3 && hq && isCountryAlpha3(hq)) write.country = { ...from(hq), source: profile.countryIsoAlpha3 ? 'company_data' : 'selection' };
    write.naics = from(await deps.store.existingLeafNaics(profile.naicsCodes));
    write.aliases = [profile.legalName, ...profile.aliases].filter((a): a is string => typeof a === 'string' && a.trim() !== '').map(from);
    if (profile.parent) write.parent = from(profile.parent);
    if (profile.subsidiaries.length > 0) write.subsidiaries = from(profile.subsidiaries);
    return write;
  }

  async function fromAgent(target: EnrichmentTarget, country: string | null, signal: AbortSignal | undefined): Promise<EnrichmentWrite> {
    const subject: EnrichmentSubject = {
      name: target.name,
      countryIsoAlpha3: country,
      website: target.website,
      description: target.description,
      identifiers: target.identifiers,
    };
    const phase1 = await agentPhase(() => deps.agent.profilePhase1(subject, signal));
    const retrieved1 = now();
    const evidence1 = phase1.evidenceUrls[0] ?? null;
    const agent1 = <T>(value: T): Sourced<T> => ({ value, source: 'agent', retrievedAt: retrieved1, evidenceUrl: evidence1 });
    const write: EnrichmentWrite = { identifiers: [], aliases: [] };
    if (phase1.description) write.description = agent1(phase1.description);
    const website = phase1.website ? await validatedWebsite(target.name, phase1.website, signal) : null;
    if (website) write.website = { ...agent1(website), source: 'website', evidenceUrl: website };
    if (phase1.type && !target.type) write.type = agent1(phase1.type);
    // Phase 1 is written before phase 2 starts: shown while phase 2 runs, kept when phase 2 fails.
    signal?.throwIfAborted();
    await deps.store.savePhase1(target.id, { description: write.description, website: write.website, type: write.type }, retrieved1);

    const checkedPhase1: AgentProfilePhase1 = { ...phase1, website };
    const phase2 = await agentPhase(() => deps.agent.profilePhase2({ ...subject, website: website ?? subject.website }, checkedPhase1, signal));
    const retrieved2 = now();
    const agent2 = <T>(value: T): Sourced<T> => ({ value, source: 'agent', retrievedAt: retrieved2, evidenceUrl: phase2.evidenceUrls[0] ?? null });
    const claimedCountry = phase2.countryIsoAlpha3 && isCountryAlpha3(phase2.countryIsoAlpha3) ? phase2.countryIsoAlpha3 : null;
    if (!target.countryIsoAlpha3) {
      if (claimedCountry) write.country = agent2(claimedCountry);
      else if (country) write.country = { ...agent2(country), source: 'selection' };
    }
    const naics = await deps.store.existingLeafNaics(phase2.naicsCodes);
    if (naics.length < phase2.naicsCodes.length) {
      log.warn({ organisationId: target.id, claimed: phase2.naicsCodes, kept: naics }, 'agent NAICS claims dropped: not existing leaf codes');
    }
    write.naics = agent2(naics);
    const confirmed = await confirmedIdentifiers(target, phase2, signal);
    write.identifiers = confirmed.identifiers;
    if (confirmed.registryStatus) write.registryStatus = confirmed.registryStatus;
    if (confirmed.formerNames.length > 0) write.formerNames = confirmed.formerNames;
    if (phase2.legalName) write.aliases = [agent2(phase2.legalName)];
    if (phase2.parent) write.parent = agent2(phase2.parent);
    if (phase2.subsidiaries.length > 0) write.subsidiaries = agent2(phase2.subsidiaries);
    return write;
  }

  async function agentPhase<T extends AgentProfilePhase1 | AgentProfilePhase2>(
    run: () => Promise<{ ok: true; value: T } | { ok: false; failure: ProviderFailure }>,
  ): Promise<T> {
    const result = await run();
    if (!result.ok)
      throw new EnrichmentAttemptFailed(`enrichment agent failed: ${result.failure.kind} ${result.failure.message}`, REASONS[result.failure.kind]);
    return result.value;
  }

  async function validatedWebsite(name: string, url: string, signal: AbortSignal | undefined): Promise<string | null> {
    try {
      const verdict = await deps.websiteValidator.validate(name, url, { signal });
      if (verdict.accepted) return url;
      log.info({ name, url, reason: verdict.reason }, 'website claim dropped by the website validator');
    } catch (error) {
      log.warn({ name, url, err: error }, 'website validation failed; website claim dropped');
    }
    return null;
  }

  /**
   * Registry identifiers the register confirms under a matching name; everything else is dropped and logged. The
   * first confirming record's known status comes along (issue 20: enrichment keeps the register's status).
   */
  async function confirmedIdentifiers(
    target: EnrichmentTarget,
    phase2: AgentProfilePhase2,
    signal: AbortSignal | undefined,
  ): Promise<{ identifiers: Sourced<Identifier>[]; registryStatus?: Sourced<RegistryStatus>; formerNames: Sourced<string>[] }> {
    const held = new Set(target.identifiers.map((i) => `${i.type}:${normaliseIdentifierValue(i.value)}`));
    const kept: Sourced<Identifier>[] = [];
    // The confirming records' former names (issue 20, section 1: a registry's former names are kept on enrichment).
    const formerNames: Sourced<string>[] = [];
    let registryStatus: Sourced<RegistryStatus> | undefined;
    for (const claim of phase2.identifiers) {
      const lookup = lookupFor(claim);
      if (!lookup) {
        log.warn({ organisationId: target.id, claim }, 'identifier claim dropped: it cannot be checked against a register');
        continue;
      }
      if (held.has(`${claim.type}:${lookup.value}`)) continue;
      const result = await lookup.run(deps.registry, signal);
      if (!result.ok) {
        log.warn({ organisationId: target.id, claim, failure: result.failure }, 'identifier claim dropped: the register could not be reached');
        continue;
      }
      const record: RegistryRecord | null = result.value;
      if (!record || !registeredNameMatches(target.name, record)) {
        log.warn({ organisationId: target.id, claim, registered: record?.name ?? null }, 'identifier claim dropped: not confirmed by the register');
        continue;
      }
      held.add(`${claim.type}:${lookup.value}`);
      kept.push({ value: { type: claim.type, value: lookup.value }, source: 'registry', retrievedAt: now(), evidenceUrl: record.url });
      if (registryStatus === undefined && record.registryStatus && record.registryStatus.status !== 'unknown') {
        registryStatus = { value: record.registryStatus, source: 'registry', retrievedAt: now(), evidenceUrl: record.url };
      }
      for (const value of record.formerNames ?? []) formerNames.push({ value, source: 'registry', retrievedAt: now(), evidenceUrl: record.url });
    }
    return registryStatus === undefined ? { identifiers: kept, formerNames } : { identifiers: kept, registryStatus, formerNames };
  }
}

/** The company-data record is worth writing: a live domain with a description. */
function usable(profile: CompanyDataProfile): boolean {
  if (profile.domainState === 'for-sale' || profile.domainState === 'broken') return false;
  return typeof profile.description === 'string' && profile.description.trim() !== '';
}

type Lookup = { value: string; run: (registry: RegistryLookups, signal: AbortSignal | undefined) => ReturnType<RegistryLookups['byAbn']> };

/** How a claimed identifier is checked, with its stored value; undefined when it cannot be (bad check digit, unknown type). */
function lookupFor(claim: Identifier): Lookup | undefined {
  const value = normaliseIdentifierValue(claim.value);
  switch (claim.type) {
    case 'ABN':
      return isValidAbn(value) ? { value, run: (r, signal) => r.byAbn(value, { signal }) } : undefined;
    case 'ACN':
      return isValidAcn(value) ? { value, run: (r, signal) => r.byAcn(value, { signal }) } : undefined;
    case 'CH': {
      const number = normaliseCompaniesHouseNumber(value);
      return number ? { value: number, run: (r, signal) => r.byCompaniesHouseNumber(number, { signal }) } : undefined;
    }
    default:
      return undefined;
  }
}

function writtenFields(write: EnrichmentWrite): string[] {
  const fields: string[] = [];
  for (const field of ['description', 'website', 'type', 'country', 'naics', 'parent', 'subsidiaries'] as const) if (write[field]) fields.push(field);
  if (write.identifiers.length > 0) fields.push('identifiers');
  if (write.aliases.length > 0) fields.push('aliases');
  if (write.formerNames && write.formerNames.length > 0) fields.push('formerNames');
  return fields;
}

export type { FieldSource, OrganisationType };
