/**
 * The domain-based company-data provider (The Companies API) behind the CompanyDataProvider port
 * (providers/enrichment.md 2.2 and 2.4; rules in ./README.md). The domain is reduced to its registrable
 * domain, looked up in the shared provider cache (7 days, records and misses alike), then asked of the API
 * through the HTTP client; the record goes through the pure transform. Provider failures are values.
 */
import type { Logger } from '../logging/logger';
import type { ProviderCache } from '../cache/provider-cache';
import { registrableDomain } from '../../core/website';
import type { CompanyDataProfile, CompanyDataProvider, ProviderResult } from '../../server/enrichment/ports';
import { createCompaniesApiClient, type CompaniesApiClient } from './client';
import { cachedCompanyDataSchema, type CachedCompanyData } from './schemas';
import { companyDataCacheKey, toCompanyDataProfile } from './transform';

/** Records and misses are kept a week: company data changes slowly and every call costs a credit. */
export const COMPANY_DATA_CACHE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Per HTTP attempt (providers/enrichment.md 2.4: "a short timeout, e.g. 8 s"). */
export const COMPANY_DATA_TIMEOUT_MS = 8_000;
export const COMPANY_DATA_RETRY_DELAY_MS = 300;

export interface CompaniesApiCompanyDataOptions {
  /** `env.COMPANY_DATA_API_KEY`; unset means every call reports a configuration failure, without HTTP. */
  apiToken: string | undefined;
  /** `env.COMPANY_DATA_BASE_URL`, e.g. https://api.thecompaniesapi.com or a contract fake's URL. */
  baseUrl: string;
  /** The shared provider cache; without it every call goes to the API. */
  cache?: ProviderCache;
  log: Logger;
  /** Per HTTP attempt, body included. Default 8000 ms. */
  timeoutMs?: number;
  /** Wait before the single retry of a 5xx or a network failure. Default 300 ms. */
  retryDelayMs?: number;
}

export function createCompaniesApiCompanyData(options: CompaniesApiCompanyDataOptions): CompanyDataProvider {
  const { cache, log } = options;
  const apiToken = options.apiToken?.trim();
  const client: CompaniesApiClient | undefined = apiToken
    ? createCompaniesApiClient({
        baseUrl: options.baseUrl,
        apiToken,
        timeoutMs: options.timeoutMs ?? COMPANY_DATA_TIMEOUT_MS,
        retryDelayMs: options.retryDelayMs ?? COMPANY_DATA_RETRY_DELAY_MS,
        log,
      })
    : undefined;

  async function readCache(key: string): Promise<CachedCompanyData | undefined> {
    if (cache === undefined) return undefined;
    try {
      return await cache.get(key, cachedCompanyDataSchema);
    } catch (error) {
      log.warn({ err: error, key }, 'company data cache read failed; calling the API');
      return undefined;
    }
  }

  async function writeCache(key: string, value: CachedCompanyData): Promise<void> {
    if (cache === undefined) return;
    try {
      await cache.set(key, value, COMPANY_DATA_CACHE_TTL_MS);
    } catch (error) {
      log.warn({ err: error, key }, 'company data cache write failed');
    }
  }

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
      const cached = await readCache(key);
      if (cached !== undefined) return toResult(cached);

      const answer = await client.fetchCompany(registrable, signal);
      if (!answer.ok) {
        log.warn({ domain: registrable, failure: answer.failure }, 'company data lookup failed');
        return answer;
      }
      const entry: CachedCompanyData = { company: answer.value };
      await writeCache(key, entry);
      return toResult(entry);
    },
  };
}
