/**
 * The search stream's provider ports, built from configuration: the real adapters, pointed at the real
 * providers in production or at the contract fakes in sandbox mode (the environment says where). Adapters
 * only: the use case over them (registry website enrichment) is built by the composition root
 * (`searchPortsOf`). One set of adapters serves the search stream, enrichment, identifier suggestions and the
 * batches' registry pass.
 */
import type { Env } from '../../config/env';
import type { Db } from '../db/client';
import type { Log } from '../../server/ports';
import type { WebSearch } from '../../server/search/ports';
import type { RegistryLookups } from '../../server/enrichment/ports';
import type { SearchOrganisationsDependencies } from '../../server/search/search-organisations';
import { createProviderCache } from '../cache/provider-cache';
import { createAbrRegistry } from '../registries/abr/adapter';
import { createConfiguredAbrClient } from '../registries/abr/client';
import { createOpenCorporatesRegistryFromEnv } from '../registries/opencorporates/adapter';
import { createRegistryLookups } from '../registries/registry-lookups';
import { createGleifRegistryFromEnv } from '../registries/gleif/adapter';
import { createSearchAgentFromEnv } from '../agent/search-agent-from-env';
import { createBraveWebSearchFromEnv } from '../web-search/adapter';
import { createSafeFetcher, type SafeFetcherOptions } from '../website-validation/safe-fetch';
import { createWebsiteValidator } from '../website-validation/website-validator';

export type SearchPorts = Pick<
  SearchOrganisationsDependencies,
  'nationalRegistry' | 'globalRegistry' | 'agent' | 'websiteValidator' | 'enrichRegistryWebsites' | 'registryLeadMs' | 'registryLookups'
>;

/**
 * The provider adapters of the search stream; `webSearch` is undefined without a web search API key. The registry
 * look-ups by number are also the ones enrichment checks claims with and identifier suggestions probe.
 */
export type SearchProviderPorts = Omit<SearchPorts, 'enrichRegistryWebsites' | 'registryLookups'> & {
  webSearch: WebSearch | undefined;
  registryLookups: RegistryLookups;
};

export interface SearchPortsOptions {
  /** How the website validator reaches home pages (sandbox: the fake home pages on loopback). */
  websiteFetcher?: SafeFetcherOptions;
}

export function createSearchProviderPorts(env: Env, db: Db, log: Log, options: SearchPortsOptions = {}): SearchProviderPorts {
  const cache = createProviderCache(db);
  const websiteValidator = createWebsiteValidator({
    fetcher: createSafeFetcher(options.websiteFetcher),
    log: log.child({ port: 'websiteValidator' }),
  });
  const webSearch = createBraveWebSearchFromEnv(env, log.child({ port: 'webSearch' }));
  const globalRegistry = createOpenCorporatesRegistryFromEnv(env, { cache, log: log.child({ port: 'globalRegistry' }) });
  const abrClient = createConfiguredAbrClient({ guid: env.ABR_GUID, baseUrl: env.ABR_BASE_URL });
  return {
    nationalRegistry: createAbrRegistry({ client: abrClient, cache, log: log.child({ port: 'nationalRegistry' }) }),
    globalRegistry,
    // Identifier queries and mistyped-identifier suggestions: ABN Lookup details and the aggregator's company by
    // id, the same adapter the enrichment checks claims with (one cache, one breaker with the name searches).
    registryLookups: createRegistryLookups({
      abr: { client: abrClient, cache, log: log.child({ port: 'registryLookups' }) },
      openCorporates: globalRegistry,
      gleif: createGleifRegistryFromEnv(env, { cache, log: log.child({ port: 'registryLookups' }) }),
      log: log.child({ port: 'registryLookups' }),
    }),
    agent: createSearchAgentFromEnv(env, log.child({ port: 'agent' })),
    websiteValidator,
    webSearch,
  };
}
