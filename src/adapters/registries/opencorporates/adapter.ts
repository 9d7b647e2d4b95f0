/**
 * The global aggregator (spec: Registry behaviour: global aggregator; Global (GLO) scope; Limits):
 * OpenCorporates v0.4 name search and company-by-id, both cached 30 days in the shared provider cache: a name
 * search per account (its speed must not tell one account what another searched), company-by-id shared.
 * Never throws for provider failures: they come back in the result's `error` field.
 */
import { z } from 'zod';
import { adapterCache, type ProviderCache } from '../../cache/provider-cache';
import type { Log } from '../../../server/ports';
import type { GlobalRegistry, RegistryCandidate, RegistryFailure, RegistryResult } from '../../../server/search/ports';
import type { Env } from '../../../config/env';
import { createConfiguredOpenCorporatesClient, type OpenCorporatesHttpClient } from './client';
import { cachedCompanySchema, cachedSearchSchema, ocCompanyEnvelopeSchema, ocSearchEnvelopeSchema, type OcCompany } from './schemas';
import { companyCacheKey, countryCodeParameter, searchCacheKey, searchQueryText, toRegistryCandidate, toRegistryCandidates } from './transform';

export interface OpenCorporatesRegistryOptions {
  /**
   * The HTTP client (`createConfiguredOpenCorporatesClient`: token, base URL, retry delay); undefined when
   * `OPENCORPORATES_API_TOKEN` is unset: every call then reports a configuration error, without HTTP.
   */
  client: OpenCorporatesHttpClient | undefined;
  /** The shared provider cache (`createProviderCache`); tests pass `createInMemoryProviderCache`. */
  cache: ProviderCache;
  log: Log;
  /**
   * Per-attempt timeout of a name search (default OPENCORPORATES_SEARCH_TIMEOUT_MS, 30 s). Not the registry lead:
   * an answer later than the 5 s lead is folded into the stream as identifier patches (spec, search rule 2), and the
   * search's own time limit (its signal) cuts the call before this does.
   */
  timeoutMs?: number;
  /** Per-attempt timeout of company-by-id (default 10000 ms, note section 6). */
  companyTimeoutMs?: number;
  /** Results asked for per search (default 30, the API's default page; max 100). */
  perPage?: number;
  /**
   * How long a 403 (quota spent or rate-limited) keeps the aggregator from being called
   * (`OPENCORPORATES_BREAKER_SECONDS`, whose default is env.ts's). The open breaker is an entry of the shared
   * cache, so every instance on the same database stops calling; cached answers are still served meanwhile.
   */
  breakerMs: number;
  /** Clock for this instance's memory of the breaker; tests pass their own. */
  now?: () => number;
}

export interface OpenCorporatesCompanyResult {
  /** Null when OpenCorporates has no such company (404), when the jurisdiction is unmappable, or on error. */
  company: RegistryCandidate | null;
  error: RegistryFailure | null;
  /**
   * The validated company record behind `company`, present exactly when `company` is (for mappings that
   * need more than a candidate, e.g. `inactive`, `opencorporates_url` and previous names in record-transform.ts).
   */
  payload?: OcCompany;
}

export interface OpenCorporatesRegistry extends GlobalRegistry {
  /** `fresh`: skip the cache read (monitoring's re-check must see today's record); the answer is still cached. */
  getCompany(jurisdictionCode: string, companyNumber: string, options?: { signal?: AbortSignal; fresh?: boolean }): Promise<OpenCorporatesCompanyResult>;
}

/** Spec, Limits: "aggregator company-by-id and search-by-name cache: 30 days". */
export const OPENCORPORATES_CACHE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A name search may take this long per attempt (spec, Limits: "registry hydration can take about 30 s"). The
 * streamed search gives the registry a 5 s lead (REGISTRY_LEAD_MS) and folds a later answer in; cutting the call at
 * the lead would report a slow but working aggregator as degraded.
 */
export const OPENCORPORATES_SEARCH_TIMEOUT_MS = 30_000;

const missingToken: RegistryFailure = { kind: 'configuration', message: 'OPENCORPORATES_API_TOKEN is not set' };

/** The shared cache entry whose presence means "the breaker is open": a 403 answered less than `breakerMs` ago. */
export const OPENCORPORATES_BREAKER_KEY = 'opencorporates:breaker';

export function createOpenCorporatesRegistry(options: OpenCorporatesRegistryOptions): OpenCorporatesRegistry {
  const { cache, log } = options;
  const entries = adapterCache(cache, { log, name: 'opencorporates', source: 'the API' });
  const timeoutMs = options.timeoutMs ?? OPENCORPORATES_SEARCH_TIMEOUT_MS;
  const companyTimeoutMs = options.companyTimeoutMs ?? 10_000;
  const perPage = Math.min(Math.max(options.perPage ?? 30, 1), 100);
  const now = options.now ?? Date.now;
  const { breakerMs } = options;
  const http = options.client;
  /**
   * Circuit breaker: after a 403 no call is made for `breakerMs`, so searches stop burning calls that are
   * bound to fail, and then the next call tries again (one success closes it; another 403 reopens it).
   * This instance remembers what it opened or saw; otherwise it asks the shared cache, where any instance's
   * 403 is visible.
   */
  let openUntil = 0;
  /** A found company: its candidate and payload, or nothing when the candidate is dropped (unmappable jurisdiction). */
  function companyResult(company: OcCompany): OpenCorporatesCompanyResult {
    const candidate = toRegistryCandidate(company);
    return candidate === undefined ? { company: null, error: null } : { company: candidate, error: null, payload: company };
  }

  const breakerOpen: RegistryFailure = { kind: 'http', status: 403, message: 'OpenCorporates answered 403 recently; not calling while the breaker is open' };

  async function openBreaker(): Promise<RegistryFailure | undefined> {
    if (now() < openUntil) return breakerOpen;
    const shared = await entries.read(OPENCORPORATES_BREAKER_KEY, z.unknown());
    return shared === undefined ? undefined : breakerOpen;
  }

  async function noteFailure(failure: RegistryFailure): Promise<void> {
    if (failure.kind !== 'http' || failure.status !== 403) return;
    openUntil = now() + breakerMs;
    log.warn({ breakerMs }, 'opencorporates answered 403: breaker open');
    try {
      await cache.set(OPENCORPORATES_BREAKER_KEY, { openedAt: new Date(now()).toISOString() }, breakerMs);
    } catch (error) {
      log.warn({ err: error }, 'opencorporates breaker could not be shared; this instance still holds it');
    }
  }

  return {
    async searchByName(name, { countryCode, accountId, signal } = {}): Promise<RegistryResult> {
      const q = searchQueryText(name);
      if (q === '') return { candidates: [], error: null };
      let country: string | undefined;
      if (countryCode !== undefined) {
        country = countryCodeParameter(countryCode);
        // An unmappable country is an empty answer, not a failure (spec), and costs no call.
        if (country === undefined) return { candidates: [], error: null };
      }
      if (http === undefined) return { candidates: [], error: missingToken };
      // Per account (a timing side channel otherwise: another account's recent search answers in milliseconds).
      const key = accountId === undefined ? undefined : searchCacheKey(country, q, accountId);
      const cached = key === undefined ? undefined : await entries.read(key, cachedSearchSchema);
      if (cached !== undefined) return { candidates: toRegistryCandidates(cached.companies), error: null };
      const blocked = await openBreaker();
      if (blocked) return { candidates: [], error: blocked };

      const params: Record<string, string> = { q, order: 'score', per_page: String(perPage), page: '1' };
      if (country !== undefined) params.country_code = country;
      const answer = await http.getJson('companies/search', params, { signal, timeoutMs });
      if (!answer.ok) {
        // A 404 on the search path is an unknown path, not "no companies": report it.
        const failure = answer.notFound ? { kind: 'http' as const, status: 404, message: 'OpenCorporates answered HTTP 404 on search' } : answer.failure;
        await noteFailure(failure);
        return { candidates: [], error: failure };
      }
      const parsed = ocSearchEnvelopeSchema.safeParse(answer.body);
      if (!parsed.success) {
        log.warn({ issues: parsed.error.issues.slice(0, 5) }, 'opencorporates search payload failed validation');
        return { candidates: [], error: { kind: 'malformed', message: 'OpenCorporates search payload failed validation' } };
      }
      const companies: OcCompany[] = parsed.data.results.companies.map((item) => item.company);
      if (key !== undefined) await entries.write(key, { companies }, OPENCORPORATES_CACHE_TTL_MS);
      return { candidates: toRegistryCandidates(companies), error: null };
    },

    async getCompany(jurisdictionCode, companyNumber, { signal, fresh = false } = {}): Promise<OpenCorporatesCompanyResult> {
      const jurisdiction = jurisdictionCode.trim().toLowerCase();
      const number = companyNumber.trim();
      if (!/^[a-z]{2}(?:_[a-z0-9]+)?$/.test(jurisdiction) || number === '') return { company: null, error: null };
      if (http === undefined) return { company: null, error: missingToken };
      const key = companyCacheKey(jurisdiction, number);
      const cached = fresh ? undefined : await entries.read(key, cachedCompanySchema);
      if (cached !== undefined) return companyResult(cached.company);
      const blocked = await openBreaker();
      if (blocked) return { company: null, error: blocked };

      const path = `companies/${encodeURIComponent(jurisdiction)}/${encodeURIComponent(number)}`;
      const answer = await http.getJson(path, { sparse: 'true' }, { signal, timeoutMs: companyTimeoutMs });
      if (!answer.ok) {
        if (answer.notFound) return { company: null, error: null };
        await noteFailure(answer.failure);
        return { company: null, error: answer.failure };
      }
      const parsed = ocCompanyEnvelopeSchema.safeParse(answer.body);
      if (!parsed.success) {
        log.warn({ issues: parsed.error.issues.slice(0, 5) }, 'opencorporates company payload failed validation');
        return { company: null, error: { kind: 'malformed', message: 'OpenCorporates company payload failed validation' } };
      }
      await entries.write(key, { company: parsed.data.results.company }, OPENCORPORATES_CACHE_TTL_MS);
      return companyResult(parsed.data.results.company);
    },
  };
}

/** The aggregator from configuration: its token and base URL, and the breaker's OPENCORPORATES_BREAKER_SECONDS. */
export function createOpenCorporatesRegistryFromEnv(
  env: Pick<Env, 'OPENCORPORATES_API_TOKEN' | 'OPENCORPORATES_BASE_URL' | 'OPENCORPORATES_BREAKER_SECONDS'>,
  options: { cache: ProviderCache; log: Log },
): OpenCorporatesRegistry {
  const { cache, log } = options;
  return createOpenCorporatesRegistry({
    client: createConfiguredOpenCorporatesClient({ apiToken: env.OPENCORPORATES_API_TOKEN, baseUrl: env.OPENCORPORATES_BASE_URL, log }),
    breakerMs: env.OPENCORPORATES_BREAKER_SECONDS * 1000,
    cache,
    log,
  });
}
