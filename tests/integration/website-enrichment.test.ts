/**
 * Registry website enrichment end to end over real sockets: the Brave adapter against the Brave contract
 * fake finds candidate sites, the real website validator checks them against the fake home pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logging/logger';
import { createBraveWebSearch } from '../../src/adapters/web-search/adapter';
import { createBraveClient } from '../../src/adapters/web-search/client';
import { createSafeFetcher, type PageFetcher } from '../../src/adapters/website-validation/safe-fetch';
import { createWebsiteValidator } from '../../src/adapters/website-validation/website-validator';
import { startFakeBrave, type FakeBrave } from '../../src/sandbox/web-search/fake-brave-server';
import type { WebPage } from '../../src/sandbox/web-search/dataset';
import { sandboxWebsiteFetcherOptions, startFakeWebsites, type FakeWebsites } from '../../src/sandbox/websites/fake-websites-server';
import type { RegistryCandidate } from '../../src/server/search/ports';
import { enrichRegistryWebsites } from '../../src/server/search/registry-website-enrichment';

const log = createLogger({ level: 'silent', destination: 'stderr' });

const PAGES: WebPage[] = [
  {
    title: 'Outback Energy Systems | Facebook',
    url: 'https://www.facebook.com/outbackenergysystems',
    description: 'Outback Energy Systems official page. Off-grid solar.',
    markets: ['AU'],
    keywords: ['outback', 'energy', 'systems', 'official', 'website'],
  },
  {
    title: 'Outback Energy Systems - Off-grid solar',
    url: 'https://outbackenergy.com.au/',
    description: 'Outback Energy Systems Pty Ltd official website.',
    markets: ['AU'],
    keywords: ['outback', 'energy', 'systems'],
  },
  {
    title: 'Koala Express Freight',
    url: 'https://koalafreight.com.au/',
    description: 'Koala Logistics Pty Ltd trading as Koala Express Freight.',
    markets: ['AU'],
    keywords: ['koala', 'logistics', 'freight'],
  },
  {
    title: 'Harbour City Financial',
    url: 'https://harbourcity.com.au/',
    description: 'Harbour City Financial Limited.',
    markets: ['AU'],
    keywords: ['harbour', 'city', 'financial'],
  },
  {
    title: 'Barramundi Systems',
    url: 'https://barramundi.com.au/',
    description: 'Barramundi Systems Limited.',
    markets: ['AU'],
    keywords: ['barramundi', 'systems'],
  },
  {
    title: 'Sunbright Solar',
    url: 'https://sunbrightsolar.com.au/',
    description: 'Sunbright Solar Pty Ltd.',
    markets: ['AU'],
    keywords: ['sunbright', 'solar'],
  },
];

let websites: FakeWebsites;
let brave: FakeBrave;
let fetcher: PageFetcher;

beforeAll(async () => {
  websites = await startFakeWebsites();
  brave = await startFakeBrave({ latency: 'zero', pages: PAGES });
  fetcher = createSafeFetcher(sandboxWebsiteFetcherOptions(websites));
});
afterAll(async () => {
  await fetcher.close();
  await brave.close();
  await websites.close();
});

function registryCandidate(name: string, matchedBusinessName: string | null = null): RegistryCandidate {
  return {
    name,
    countryIsoAlpha3: 'AUS',
    identifiers: [{ type: 'ABN', value: '51824753556' }],
    description: '',
    website: null,
    websiteValidated: false,
    nameKind: matchedBusinessName ? 'business' : 'entity',
    matchedBusinessName,
    parentEntityName: null,
    type: 'ProprietaryLimited',
    score: 90,
  };
}

describe('registry website enrichment (Brave fake + fake home pages)', () => {
  it('enriches the accepted, leaves the rejected and everything past topK unchanged', async () => {
    const deps = {
      webSearch: createBraveWebSearch({ client: createBraveClient({ apiKey: 'test-key', baseUrl: brave.url, log }), log }),
      validator: createWebsiteValidator({ fetcher, log }),
      log,
    };
    const input = [
      registryCandidate('OUTBACK ENERGY SYSTEMS PTY LTD'),
      registryCandidate('KOALA LOGISTICS PTY LTD', 'Koala Express Freight'),
      registryCandidate('HARBOUR CITY FINANCIAL LIMITED'),
      registryCandidate('BARRAMUNDI SYSTEMS LIMITED'),
      registryCandidate('SUNBRIGHT SOLAR PTY LTD'),
    ];
    const output = await enrichRegistryWebsites(input, deps, { topK: 4, deadline: Date.now() + 5_000, countryAlpha2: 'AU' });

    expect(output.map((c) => [c.name, c.website, c.websiteValidated])).toEqual([
      ['OUTBACK ENERGY SYSTEMS PTY LTD', 'https://outbackenergy.com.au', true],
      ['KOALA LOGISTICS PTY LTD', 'https://koalafreight.com.au', true],
      ['HARBOUR CITY FINANCIAL LIMITED', null, false],
      ['BARRAMUNDI SYSTEMS LIMITED', null, false],
      ['SUNBRIGHT SOLAR PTY LTD', null, false],
    ]);
    expect(output[0]?.identifiers).toEqual([
      { type: 'ABN', value: '51824753556' },
      { type: 'WEBSITE', value: 'outbackenergy.com.au' },
    ]);
    expect(output[2]).toEqual(input[2]);
    // The Facebook result came first for Outback and was refused without a fetch; Sunbright (rank 5) was never fetched.
    expect(websites.requests.some((r) => r.host.includes('facebook'))).toBe(false);
    expect(websites.requests.some((r) => r.host === 'sunbrightsolar.com.au')).toBe(false);
  });
});
