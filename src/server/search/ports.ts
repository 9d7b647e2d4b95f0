/**
 * The ports the search stream orchestrator needs. Adapters in src/adapters implement them; contract
 * fakes in src/sandbox speak the providers' wire protocols so the real adapters run in tests.
 */
import type { NameKind, OrganisationType } from '../../core/candidates';
import type { Identifier } from '../../core/identifiers';
import type { AbrPreset } from '../../core/national-registry';
import type { RegistryStatus } from '../../core/registry-status';
import type { Timers } from '../ports';

export type { AbrPreset };

/** Why a registry call genuinely failed (never used for a clean zero-result search). */
export interface RegistryFailure {
  kind: 'configuration' | 'http' | 'timeout' | 'network' | 'malformed' | 'aborted';
  /** HTTP status when kind is 'http'. */
  status?: number;
  /** For logs only; never sent to a client. */
  message: string;
}

/** One organisation as a registry describes it, before keys, internal matches and dedup. */
export interface RegistryCandidate {
  name: string;
  /** Normalised ISO alpha-3; never GLO or XXX. */
  countryIsoAlpha3: string;
  identifiers: Identifier[];
  description: string;
  website: string | null;
  websiteValidated: boolean;
  nameKind: NameKind | null;
  matchedBusinessName: string | null;
  parentEntityName: string | null;
  type: OrganisationType | null;
  /** The registry's own relevance score (0-100), kept for devMode. */
  score: number | null;
  /** What the register says of its status (ABN status, the aggregator's company status); absent: unknown. */
  registryStatus?: RegistryStatus;
  /** Names the register says the company bore before (the aggregator's `previous_names`); absent: none known. */
  formerNames?: string[];
}

/** Repositories never throw for provider failures: they report them here. */
export interface RegistryResult {
  candidates: RegistryCandidate[];
  error: RegistryFailure | null;
}

/** The national registry (ABN Lookup), AUS only. */
export interface NationalRegistry {
  searchByName(name: string, options: { preset: AbrPreset; includeSoleTraders: boolean; signal?: AbortSignal }): Promise<RegistryResult>;
}

/** The global aggregator (OpenCorporates v0.4): every country other than AUS, and GLO. */
export interface GlobalRegistry {
  /**
   * `countryCode`: alpha-2 or alpha-3 in any case; omitted under GLO (all jurisdictions). `accountId`: whose
   * search it is; search-by-name answers are cached per account (another account's recent search must not
   * answer faster), and without an account they are not cached at all.
   */
  searchByName(name: string, options: { countryCode?: string; accountId?: string; signal?: AbortSignal }): Promise<RegistryResult>;
}

export interface WebSearchHit {
  title: string;
  url: string;
  snippet: string;
  source: string;
}

/** A provider's answer: a value, or a failure reported as a value (never thrown), as every provider port does. */
/** A provider failure: the one shape every provider port reports (registries, company data, web search, the agents). */
export type ProviderFailure = RegistryFailure;

export type ProviderResult<T> = { ok: true; value: T } | { ok: false; failure: ProviderFailure };

/** A web search API (Brave by default). Failures are values; callers decide what a failure means. */
export interface WebSearch {
  search(query: string, options: { countryAlpha2?: string; count: number; signal?: AbortSignal }): Promise<ProviderResult<WebSearchHit[]>>;
}

/** One organisation the agent found on the web. */
export interface AgentCandidate {
  name: string;
  /** Normalised alpha-3; in country mode the requested country, under GLO the headquarters country. */
  countryIsoAlpha3: string;
  website: string | null;
  description: string;
  identifiers: Identifier[];
}

export interface DiscoveryQuery {
  query: string;
  /** A country's alpha-3, or 'GLO' for worldwide mode. */
  countryIsoAlpha3: string;
  /** Upper bound on candidates reported. */
  limit: number;
  /**
   * The query is a website: its host (`acme-widgets.com.au`), which is then also `query`. The agent looks for the
   * organisation whose official website it is.
   */
  website?: string;
}

/** The web-search agent. Candidates stream out as they are found; the signal stops every call. */
export interface SearchAgent {
  discover(query: DiscoveryQuery, signal: AbortSignal): AsyncGenerator<AgentCandidate>;
}

export interface WebsiteValidation {
  accepted: boolean;
  /** 1: brand-to-domain affinity; 2: content grounding of the fetched page. */
  tier: 1 | 2;
  score: number;
  reason: string;
}

/** Always on for every candidate carrying a website. */
export interface WebsiteValidator {
  validate(name: string, url: string, options?: { signal?: AbortSignal; offline?: boolean }): Promise<WebsiteValidation>;
}

/** One internal organisation sharing a candidate's composite key. */
export interface InternalMatch {
  organisationId: string;
  /** The caller's account owns the row. */
  owned: boolean;
  /** Owned, or in the account's list (false unless owned when membership was skipped). */
  accountLinked: boolean;
}

/** The internal rows sharing candidates' composite keys (src/adapters/db/queries/internal-matches.ts). */
export interface InternalMatches {
  byKeys(params: { accountId: string; keys: string[]; membership: 'resolve' | 'skip' }): Promise<Map<string, InternalMatch>>;
  linkedOrganisationIds(params: { accountId: string; organisationIds: string[] }): Promise<Set<string>>;
}

/**
 * Website enrichment of national-registry candidates (registry-website-enrichment.ts), when wired. Answers
 * the same candidates in the same order, some with a validated website; stops at `deadline` (ms on `timers`' clock,
 * real timers' epoch ms by default).
 */
export type EnrichRegistryWebsites = (
  candidates: RegistryCandidate[],
  options: { topK: number; deadline: number; signal: AbortSignal; timers?: Timers },
) => Promise<RegistryCandidate[]>;

/**
 * The search route's rate limit (spec: Limits, 30 searches per minute per account, shared by all instances).
 * Implemented over PostgreSQL, so every instance sees one count, by src/adapters/rate-limit/postgres-rate-limiter.ts; the 30 is
 * SEARCH_RATE_LIMIT_PER_MINUTE's default (src/config/env.ts).
 */
export interface SearchRateLimiter {
  /** Counts one search for the account; throws RateLimitedError (429 with Retry-After) over the limit. */
  consumeOrThrow(accountId: string): Promise<void>;
  /** Gives back one counted search (a search that turned out to reach no provider is not counted). */
  refund(accountId: string): Promise<void>;
  /**
   * Whether this instance's latest view of the account's window (its last confirmed count, less the
   * searches it has started since) leaves clear headroom: the route may then start the providers while
   * consumeOrThrow confirms the shared count, instead of before. False for an account it has no view of
   * in the current window, so a request near or over the limit always waits for the shared count.
   */
  hasHeadroom(accountId: string): boolean;
}
