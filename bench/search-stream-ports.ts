/**
 * The real provider adapters pointed at their contract fakes on loopback, for the search stream's
 * benchmark and its socket-level tests: ABN Lookup, OpenCorporates, the OpenAI-compatible model and Brave.
 * Caches are disabled (every search reaches the fakes) so latencies are the providers', not the cache's.
 * The website validator is the real one limited to tier 1 (brand-to-domain affinity, no page fetch: the
 * fakes' websites are not served here), and AUS registry candidates get the real website enrichment over
 * the Brave fake, bounded by the registry lead as in production.
 */
import type { z } from 'zod';
import type { Logger } from '../src/adapters/logging/logger';
import type { ProviderCache } from '../src/adapters/cache/provider-cache';
import { createAbrRegistry } from '../src/adapters/registries/abr/adapter';
import { createAbrClient } from '../src/adapters/registries/abr/client';
import { createOpenCorporatesHttpClient } from '../src/adapters/registries/opencorporates/client';
import { createOpenCorporatesRegistry } from '../src/adapters/registries/opencorporates/adapter';
import { createSearchAgentFromEnv } from '../src/adapters/agent/search-agent-from-env';
import type { SearchPorts } from '../src/composition-root';
import { startFakeAbr, type FakeAbr } from '../src/sandbox/abr/fake-abr-server';
import { startFakeOpenCorporates, type FakeOpenCorporates } from '../src/sandbox/opencorporates/fake-opencorporates-server';
import { startFakeOpenAi, type FakeOpenAi } from '../src/sandbox/llm/fake-openai-server';
import { startFakeBrave, type FakeBrave } from '../src/sandbox/web-search/fake-brave-server';
import { createBraveWebSearch } from '../src/adapters/web-search/adapter';
import { createBraveClient } from '../src/adapters/web-search/client';
import { createWebsiteValidator } from '../src/adapters/website-validation/website-validator';
import type { PageFetcher } from '../src/adapters/website-validation/safe-fetch';
import type { WebsiteValidator } from '../src/server/search/ports';
import { createRegistryWebsiteEnrichment } from '../src/server/search/registry-website-enrichment';

export interface SearchFakes {
  abr: FakeAbr;
  openCorporates: FakeOpenCorporates;
  openAi: FakeOpenAi;
  brave: FakeBrave;
  close(): Promise<void>;
}

export async function startSearchFakes(latency: 'zero' | 'realistic'): Promise<SearchFakes> {
  const [abr, openCorporates, openAi, brave] = await Promise.all([
    startFakeAbr({ latency }),
    startFakeOpenCorporates({ latency }),
    startFakeOpenAi({ latency }),
    startFakeBrave({ latency }),
  ]);
  return {
    abr,
    openCorporates,
    openAi,
    brave,
    async close() {
      await Promise.all([abr.close(), openCorporates.close(), openAi.close(), brave.close()]);
    },
  };
}

/** A cache that never hits: every call goes to the provider. */
export const noCache: ProviderCache = {
  get: (async () => undefined) as ProviderCache['get'],
  async set() {},
  async getOrLoad<T>(_key: string, _options: { ttlMs: number; schema: z.ZodType<T> }, load: () => Promise<T>) {
    return load();
  },
  async delete() {},
};

/** Where each contract fake listens. */
export interface FakeUrls {
  abr: string;
  openCorporates: string;
  openAi: string;
  brave: string;
}

export function fakeUrls(fakes: SearchFakes): FakeUrls {
  return { abr: fakes.abr.url, openCorporates: fakes.openCorporates.url, openAi: fakes.openAi.url, brave: fakes.brave.url };
}

/** A fetcher that is never reached: the validator below runs offline (tier 1). */
const noFetcher: PageFetcher = {
  fetchPage: async () => ({ ok: false, failure: { kind: 'network', message: 'offline benchmark' }, redirects: [] }),
  close: async () => undefined,
};

export function searchPortsOverFakes(urls: FakeUrls, log: Logger, options: { registryLeadMs?: number } = {}): SearchPorts {
  const validator = createWebsiteValidator({ fetcher: noFetcher, log });
  const websiteValidator: WebsiteValidator = { validate: (name, url, o) => validator.validate(name, url, { ...o, offline: true }) };
  const webSearch = createBraveWebSearch({ client: createBraveClient({ apiKey: 'sandbox-key', baseUrl: urls.brave, log }), log });
  return {
    nationalRegistry: createAbrRegistry({ client: createAbrClient({ guid: 'sandbox-guid', baseUrl: urls.abr }), cache: noCache, log }),
    globalRegistry: createOpenCorporatesRegistry({
      client: createOpenCorporatesHttpClient({ apiToken: 'sandbox-token', baseUrl: urls.openCorporates, log }),
      cache: noCache,
      log,
      breakerMs: 60_000,
    }),
    agent: createSearchAgentFromEnv(
      {
        AGENT_PROVIDER: 'openai-compatible',
        AGENT_MODEL: 'sandbox-agent',
        AGENT_BASE_URL: `${urls.openAi}/v1`,
        AGENT_API_KEY: 'sandbox-key',
        WEB_SEARCH_API_KEY: 'sandbox-key',
        WEB_SEARCH_BASE_URL: urls.brave,
      },
      log,
    ),
    websiteValidator,
    enrichRegistryWebsites: createRegistryWebsiteEnrichment({ webSearch, validator: websiteValidator, log }),
    registryLeadMs: options.registryLeadMs,
  };
}
