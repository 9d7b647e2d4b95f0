/**
 * The domain-based company-data provider (The Companies API) behind the CompanyDataProvider port
 * (providers/enrichment.md 2.2 and 2.4; rules in ./README.md). The domain is reduced to its registrable
 * domain, looked up in the shared provider cache (7 days, records and misses alike), then asked of the API
 * through the HTTP client; the record goes through the pure transform. Provider failures are values.
 */
import type { Log } from '../../server/ports';
import { adapterCache, type ProviderCache } from '../cache/provider-cache';
import { registrableDomain } from '../../core/website';
import type { CompanyDataProfile, CompanyDataProvider, ProviderResult } from '../../server/enrichment/ports';
import type { Env } from '../../config/env';
import { createConfiguredCompaniesApiClient, type CompaniesApiClient } from './client';
import { cachedCompanyDataSchema, type CachedCompanyData } from './schemas';
import { companyDataCacheKey, toCompanyDataProfile } from './transform';

/** Records and misses are kept a week: company data changes slowly and every call costs a credit. */
export const COMPANY_DATA_CACHE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface CompaniesApiCompanyDataOptions {
  /**
   * The HTTP client (`createConfiguredCompaniesApiClient`: token, base URL, timeout, retry delay); undefined
   * when `COMPANY_DATA_API_KEY` is unset: every call then reports a configuration failure, without HTTP.
   */
  client: CompaniesApiClient | undefined;
  /** The shared provider cache; without it every call goes to the API. */
  cache?: ProviderCache;
  log: Log;
}

export function createCompaniesApiCompanyData(options: CompaniesApiCompanyDataOptions): CompanyDataProvider {
  const { cache, log, client } = options;

  const entries = adapterCache(cache, { log, name: 'company data', source: 'the API' });

  const toResult = (cached: CachedCompanyData): ProviderResult<CompanyDataProfile | null> => ({
    ok: true,
    value: cached.company === null ? null : toCompanyDataProfile(cached.company),
  });

  return {
    async findByDomain(domain, { signal } = {}) {
      if (client === undefined) {
        return { ok: false, failure: { kind: 'configuration', message: 'COMPANY_DATA_API_KEY is not set: company data is not configured' } };
      }
      const registrable = registrableDomain(domain);
      if (registrable === undefined) {
        // Not a public host name (IP literal, localhost, unknown TLD): nothing to look up, so a miss.
        log.debug({ domain }, 'company data: not a registrable domain; no lookup');
        return { ok: true, value: null };
      }
      if (signal?.aborted) return { ok: false, failure: { kind: 'aborted', message: 'company data lookup aborted by the caller' } };
      const key = companyDataCacheKey(registrable);
      const cached = await entries.read(key, cachedCompanyDataSchema);
      if (cached !== undefined) return toResult(cached);

      const answer = await client.fetchCompany(registrable, signal);
      if (!answer.ok) {
        log.warn({ domain: registrable, failure: answer.failure }, 'company data lookup failed');
        return answer;
      }
      const entry: CachedCompanyData = { company: answer.value };
      await entries.write(key, entry, COMPANY_DATA_CACHE_TTL_MS);
      return toResult(entry);
    },
  };
}

/** The provider from configuration: the client when COMPANY_DATA_API_KEY is set (at COMPANY_DATA_BASE_URL), the shared cache. */
export function createCompanyDataFromEnv(
  env: Pick<Env, 'COMPANY_DATA_API_KEY' | 'COMPANY_DATA_BASE_URL'>,
  options: { cache: ProviderCache; log: Log },
): CompanyDataProvider {
  const client = createConfiguredCompaniesApiClient({ apiToken: env.COMPANY_DATA_API_KEY, baseUrl: env.COMPANY_DATA_BASE_URL, log: options.log });
  return createCompaniesApiCompanyData({ client, ...options });
}
