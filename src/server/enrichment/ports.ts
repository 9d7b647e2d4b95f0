/**
 * The ports of the enrichment orchestrator (spec: "Server action: selectOrganisationAction", phases 1 and 2;
 * DESIGN.md section 8). Adapters in src/adapters implement them; contract fakes in src/sandbox speak the
 * providers' wire protocols so the real adapters run in tests and in sandbox mode.
 *
 * Failure convention: expected provider failures are values (`{ ok: false, failure }`), never thrown, as the
 * registries do. A thrown error is a bug.
 */
import type { OrganisationType } from '../../core/candidates';
import type { Identifier } from '../../core/identifiers';
import type { RegistryStatus } from '../../core/registry-status';
import type { ProviderFailure, ProviderResult } from '../search/ports';

/** Why a provider call genuinely failed (the same vocabulary as the registries'), and a provider's answer. */
export type { ProviderFailure, ProviderResult };

/** Where a written field came from (shown on the organisation page next to the field). */
export const FIELD_SOURCES = ['company_data', 'registry', 'website', 'agent', 'selection'] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];

/** A parent or subsidiary as a provider names it: a stub to create by composite key. */
export interface RelatedCompany {
  name: string;
  /** Registrable domain or full URL when the provider gives one. */
  website: string | null;
  /** Alpha-3 when known. */
  countryIsoAlpha3: string | null;
}

// ---------------------------------------------------------------- company data by domain (The Companies API)

/** `domain.state` of The Companies API: `for-sale` and `broken` mean "no usable website". */
export type DomainState = 'operating' | 'redirected' | 'for-sale' | 'broken';

/** One company record of the domain-based company-data provider, mapped to our fields (providers/enrichment.md 2.4). */
export interface CompanyDataProfile {
  /** Display name (`about.name`). */
  name: string | null;
  /** Legal name (`about.nameLegal`): written as the legal-name alias. */
  legalName: string | null;
  /** Other names (`about.nameAlts`). */
  aliases: string[];
  /** `descriptions.primary`, else `.website`, else `.linkedin`; null when none. */
  description: string | null;
  /** `urls.website`, else `https://` + `domain.domain`. */
  website: string | null;
  /** `about.businessType` mapped to the three accepted types; null for every other business type (never guessed). */
  type: OrganisationType | null;
  /** Headquarters country (`locations.headquarters.country.code`, alpha-2) as alpha-3; null when unmappable. */
  countryIsoAlpha3: string | null;
  /** `codes.naics[]`: six-digit strings as the provider gives them (the orchestrator keeps existing leaf codes only). */
  naicsCodes: string[];
  parent: RelatedCompany | null;
  subsidiaries: RelatedCompany[];
  domainState: DomainState | null;
}

export interface CompanyDataProvider {
  /**
   * `GET /v2/companies/{domain}`. `value: null` is a miss (404 companyNotFound): the orchestrator falls back
   * to the agentic pipeline. Failures (401/403/5xx/timeout/malformed/not configured) are values too.
   */
  findByDomain(domain: string, options?: { signal?: AbortSignal }): Promise<ProviderResult<CompanyDataProfile | null>>;
}

// ---------------------------------------------------------------- the enrichment agent (AI SDK + web_search)

/** What the agent is told about the organisation it profiles. */
export interface EnrichmentSubject {
  name: string;
  /** Alpha-3, or null when unknown (the agent is then asked for the headquarters country). */
  countryIsoAlpha3: string | null;
  website: string | null;
  description: string | null;
  identifiers: Identifier[];
}

/** Phase 1 (spec): description, website, type. Everything is a claim the orchestrator checks before writing. */
export interface AgentProfilePhase1 {
  description: string | null;
  website: string | null;
  /** One of the three, or null when the agent could not establish it (never guessed). */
  type: OrganisationType | null;
  /** URLs of the web-search results the claims came from (provenance; shown as the source's evidence). */
  evidenceUrls: string[];
}

/** Phase 2 (spec): country, NAICS, identifiers, legal-name alias, parent and subsidiary stubs. */
export interface AgentProfilePhase2 {
  /** Alpha-3 (normalised by the adapter from alpha-2/alpha-3/name); null when unknown. */
  countryIsoAlpha3: string | null;
  /** Six-digit codes as claimed (the orchestrator keeps existing leaf codes only). */
  naicsCodes: string[];
  /** `{type, value}` as claimed, e.g. ABN, ACN, CH, LEI. Checked (check digits, registry) before writing. */
  identifiers: Identifier[];
  legalName: string | null;
  parent: RelatedCompany | null;
  subsidiaries: RelatedCompany[];
  evidenceUrls: string[];
}

export interface EnrichmentAgent {
  profilePhase1(subject: EnrichmentSubject, signal?: AbortSignal): Promise<ProviderResult<AgentProfilePhase1>>;
  /** `phase1` is what phase 1 established (after the orchestrator's checks). */
  profilePhase2(subject: EnrichmentSubject, phase1: AgentProfilePhase1, signal?: AbortSignal): Promise<ProviderResult<AgentProfilePhase2>>;
}

// ---------------------------------------------------------------- registry lookups (claims and verification)

/** One registry record found by its identifier. */
export interface RegistryRecord {
  /** The registered (entity) name. */
  name: string;
  /** Other registered names (ABR business names, previous names). */
  otherNames: string[];
  /**
   * Names the entity bore before (the aggregator's `previous_names`; ABN Lookup's JSON details carry no history):
   * kept as the organisation's former names when the record confirms it. Absent: none.
   */
  formerNames?: string[];
  /** Alpha-3 of the register's jurisdiction. */
  countryIsoAlpha3: string;
  /** Every identifier the register gives: ABN and ACN for ABR; CH (GBR) or the aggregator's company id. */
  identifiers: Identifier[];
  /** The register says the entity is active (ABN status Active; aggregator `inactive` false). */
  active: boolean;
  /** The register's status in its own words, with the date it took effect (core/registry-status.ts); absent: unknown. */
  registryStatus?: RegistryStatus;
  type: OrganisationType | null;
  /** Which register answered. */
  register: 'abr' | 'opencorporates' | 'gleif';
  /** A link to the register's public page for the record, when there is one. */
  url: string | null;
  /** The direct parent's name, when the register reports one (GLEIF). */
  parentName?: string;
}

/**
 * Registry look-ups by identifier. `value: null` means the register has no such record (a clean miss);
 * a failure is a value. Identifiers are normalised by the caller (digits only for ABN/ACN).
 */
export interface RegistryLookups {
  /** ABN Lookup `AbnDetails`. */
  byAbn(abn: string, options?: { signal?: AbortSignal }): Promise<ProviderResult<RegistryRecord | null>>;
  /** ABN Lookup `AcnDetails`. */
  byAcn(acn: string, options?: { signal?: AbortSignal }): Promise<ProviderResult<RegistryRecord | null>>;
  /** The aggregator's company `gb/{number}` (UK Companies House number). */
  byCompaniesHouseNumber(number: string, options?: { signal?: AbortSignal }): Promise<ProviderResult<RegistryRecord | null>>;
  /** The aggregator's company by `{jurisdiction}/{number}` (identifier type OPENCORPORATES, value `gb/01234567`). */
  byAggregatorId(id: string, options?: { signal?: AbortSignal }): Promise<ProviderResult<RegistryRecord | null>>;
  /** GLEIF's LEI record (with its direct parent) by LEI. */
  byLei(lei: string, options?: { signal?: AbortSignal }): Promise<ProviderResult<RegistryRecord | null>>;
}

// ---------------------------------------------------------------- storage

/** The organisation an enrichment job works on. */
export interface EnrichmentTarget {
  id: string;
  name: string;
  countryIsoAlpha3: string | null;
  website: string | null;
  description: string | null;
  type: OrganisationType | null;
  identifiers: Identifier[];
  profileStatus: string | null;
  redirectedTo: string | null;
  /** OWNED_BY accounts; empty for a global organisation. */
  ownerAccountIds: string[];
}

/** One written value with its provenance. */
export interface Sourced<T> {
  value: T;
  source: FieldSource;
  retrievedAt: Date;
  evidenceUrl: string | null;
}

/** Everything one enrichment writes; absent fields are left as they are. */
export interface EnrichmentWrite {
  description?: Sourced<string>;
  website?: Sourced<string>;
  type?: Sourced<OrganisationType>;
  /** Only written when the organisation has no country yet (its key follows). */
  country?: Sourced<string>;
  /** Checked identifiers (check digits and registry confirmation already done). */
  identifiers: Sourced<Identifier>[];
  /** The legal name and other names, written as aliases. */
  aliases: Sourced<string>[];
  /** Existing leaf NAICS codes. */
  naics?: Sourced<string[]>;
  parent?: Sourced<RelatedCompany>;
  subsidiaries?: Sourced<RelatedCompany[]>;
  /** What the register that confirmed an identifier says of the status (a known status only). */
  registryStatus?: Sourced<RegistryStatus>;
  /** Names the registers that confirmed an identifier say the organisation bore before, kept as former names. */
  formerNames?: Sourced<string>[];
}

/** Phase 1 of the agentic enrichment (spec): description, website, type. */
export type EnrichmentPhase1Write = Pick<EnrichmentWrite, 'description' | 'website' | 'type'>;

export interface EnrichmentStore {
  load(organisationId: string): Promise<EnrichmentTarget | null>;
  /**
   * Phase 1 saved on its own, before phase 2 starts (spec: the two phases are written as two): its fields with
   * their sources; the profile stays PENDING, so the page shows them while phase 2 runs and a phase-2 failure keeps them.
   */
  savePhase1(organisationId: string, write: EnrichmentPhase1Write, at: Date): Promise<void>;
  /** The codes of the list that are six-digit leaf codes of the `naics` table. */
  existingLeafNaics(codes: readonly string[]): Promise<string[]>;
  /**
   * In one transaction: the fields, identifiers, aliases, NAICS tags, parent/subsidiary stubs (found or created
   * by composite key, owned like the organisation) and their relation rows, profile COMPLETED, profileCheckedAt.
   */
  complete(organisationId: string, write: EnrichmentWrite, at: Date): Promise<void>;
  /** Profile FAILED with the reason kept; profileCheckedAt. */
  fail(organisationId: string, reason: string, at: Date): Promise<void>;
}

/** Recomputes an organisation's Aquila1 baskets from its full NAICS set (the manual classification's sync). */
export interface Aquila1Sync {
  syncAquila1(organisationId: string): Promise<void>;
}

// ---------------------------------------------------------------- re-enrichment ("Enrich now")

/**
 * The per-account limit on re-enrichment requests (REENRICH_RATE_LIMIT_PER_HOUR, shared by every instance),
 * implemented over PostgreSQL by src/adapters/rate-limit/re-enrichment-rate-limit.ts.
 */
export interface ReEnrichmentRateLimiter {
  /** Counts one request of the account; throws RateLimitedError (429 with Retry-After) over the limit. */
  consumeOrThrow(accountId: string): Promise<void>;
}
