/**
 * The failure shapes of issue 12, section 3, through POST /api/organisations/search over a real socket, with every
 * provider's contract fake (sandbox mode, zero latency; ABN Lookup's fake started here so its requests can be
 * read) and real PostgreSQL. Before this work an ABN or a website typed into search got nothing from the registry
 * or the agent: the national registry was only asked by name, and the agent searched the raw URL.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../src/app/api/organisations/search/route';
import { streamItemSchema, type StreamItem } from '../../src/core/candidates';
import { startFakeAbr, type FakeAbr } from '../../src/sandbox/abr/fake-abr-server';
import { makeAccount } from '../support/factories';
import { startSandboxProviders, type SandboxProviders } from '../support/sandbox-providers';
import { createTestContainer, type TestContext } from '../support/test-container';
import { clearProviderCache, TEST_GUID } from './abr-support';

let providers: SandboxProviders;
let abrFake: FakeAbr;
let ctx: TestContext;
let server: ServerType;
let baseUrl: string;
let authorization: string;

beforeAll(async () => {
  providers = await startSandboxProviders('zero');
  abrFake = await startFakeAbr({ validGuid: TEST_GUID });
  ctx = await createTestContainer({
    env: { ...providers.env, ABR_GUID: TEST_GUID, ABR_BASE_URL: abrFake.url, SEARCH_WEBSITE_TOP_K: '0' },
    websiteFetcher: providers.sandbox.websiteFetcher,
  });
  authorization = (await makeAccount(ctx.database.db)).authorization;
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: (request) => POST(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
  await abrFake.close();
  await providers.sandbox.close();
});

async function search(query: string, countryIsoAlpha3: string, mode: 'auto' | 'direct' = 'auto'): Promise<StreamItem[]> {
  abrFake.connections.requests.length = 0;
  const response = await fetch(`${baseUrl}/api/organisations/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query, countryIsoAlpha3, mode }),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => streamItemSchema.parse(JSON.parse(line)));
}

/** What the ABN Lookup fake was asked: endpoint and the number or name. */
const abrRequests = () =>
  abrFake.connections.requests.map((r) => {
    const url = new URL(r.url, 'http://fake');
    return `${url.pathname.replace(/^\/json\//i, '').toLowerCase()} ${url.searchParams.get('abn') ?? url.searchParams.get('acn') ?? url.searchParams.get('name') ?? ''}`;
  });

const candidates = (items: StreamItem[]) => items.flatMap((item) => (item._type === 'candidate' ? [item] : []));

describe('an ABN or ACN typed into search goes to ABN Lookup by number', () => {
  it('streams the registered company for "ABN 30 635 412 074", asked by details, never by name', async () => {
    const found = candidates(await search('ABN 30 635 412 074', 'AUS', 'direct'));
    expect(found.map((c) => [c.canonicalName, c.source])).toEqual([['KOOKABURRA KITCHENS PTY LTD', 'registry_au']]);
    expect(found[0]?.identifiers).toEqual(
      expect.arrayContaining([
        { type: 'ABN', value: '30635412074' },
        { type: 'ACN', value: '635412074' },
      ]),
    );
    expect(abrRequests()).toEqual(['abndetails.aspx 30635412074']);
  });

  it('finds the same company by its ACN, under GLO too', async () => {
    const found = candidates(await search('ACN 635-412-074', 'GLO', 'direct'));
    expect(found.map((c) => c.canonicalName)).toEqual(['KOOKABURRA KITCHENS PTY LTD']);
    expect(abrRequests()).toEqual(['acndetails.aspx 635412074']);
  });
});

describe('a Companies House number goes to the aggregator by id', () => {
  it('streams FERNHOLLOW ANALYTICS LIMITED for 09876543 under GBR', async () => {
    const found = candidates(await search('Company No. 0987 6543', 'GBR', 'direct'));
    expect(found.map((c) => [c.canonicalName, c.source, c.countryIsoAlpha3])).toEqual([['FERNHOLLOW ANALYTICS LIMITED', 'registry_global', 'GBR']]);
  });
});

describe('identifiers as people type them reach their register by number (issue 20, section 2)', () => {
  it('"a.b.n.: 30635412074" and "Kookaburra Kitchens ABN 30 635 412 074" go to ABN Lookup by number', async () => {
    for (const query of ['a.b.n.: 30635412074', 'Kookaburra Kitchens ABN 30 635 412 074']) {
      await clearProviderCache(ctx.database.db);
      const found = candidates(await search(query, 'AUS', 'direct'));
      expect(
        found.map((c) => c.canonicalName),
        query,
      ).toEqual(['KOOKABURRA KITCHENS PTY LTD']);
      expect(abrRequests(), query).toEqual(['abndetails.aspx 30635412074']);
    }
  });

  it('a Companies House number without its leading zero ("9876543", "CRN 9876543") goes to the aggregator by id', async () => {
    for (const query of ['9876543', 'CRN 9876543']) {
      const found = candidates(await search(query, 'GBR', 'direct'));
      expect(
        found.map((c) => [c.canonicalName, c.source]),
        query,
      ).toEqual([['FERNHOLLOW ANALYTICS LIMITED', 'registry_global']]);
    }
  });
});

describe('a mistyped ABN reaches no provider as that number', () => {
  it('answers "did you mean 30 635 412 074?" from the registry, asking only its valid neighbours', async () => {
    await clearProviderCache(ctx.database.db); // the ABN's details are cached by the searches above
    const items = await search('30 635 412 075', 'AUS');
    expect(items).toEqual([
      {
        _type: 'identifierSuggestions',
        typed: { type: 'ABN', value: '30635412075', message: '30 635 412 075 is not a valid ABN: its check digit fails' },
        suggestions: [{ type: 'ABN', value: '30635412074', formatted: '30 635 412 074', name: 'KOOKABURRA KITCHENS PTY LTD', foundIn: 'registry' }],
      },
    ]);
    const asked = abrRequests();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((request) => request.startsWith('abndetails.aspx ') && !request.endsWith('30635412075'))).toBe(true);
  });
});

describe('a website typed into search goes to the agent and the website validator by its domain', () => {
  it('streams the organisation whose validated website it is', async () => {
    const found = candidates(await search('https://www.koalalogistics.com.au/', 'AUS'));
    const byWebsite = found.filter((c) => c.website !== null && new URL(c.website).hostname.replace(/^www\./, '') === 'koalalogistics.com.au');
    expect(byWebsite.length).toBeGreaterThan(0);
    expect(byWebsite.every((c) => c.websiteValidated)).toBe(true);
    // The registry is asked by the domain's brand name, never by the URL.
    expect(abrRequests().filter((r) => r.startsWith('matchingnames.aspx'))).toEqual(['matchingnames.aspx koalalogistics']);
  });
});

describe('one company, one row (issue 20 section 5): a registry row and an agent row carrying the same registry number', () => {
  const carrying = (items: StreamItem[], type: string, value: string) =>
    candidates(items).filter((c) => c.identifiers.some((i) => i.type === type && i.value.replace(/\s/g, '') === value));

  it('"73 434 904 926" in AUS streams one row for the company, whichever channel found it', async () => {
    const items = await search('73 434 904 926', 'AUS');
    expect(carrying(items, 'ABN', '73434904926')).toHaveLength(1);
  });

  it('"riverbend cellars" in AUS streams one row per ABN', async () => {
    const found = candidates(await search('riverbend cellars', 'AUS'));
    const abns = found.flatMap((c) => c.identifiers.filter((i) => i.type === 'ABN').map((i) => i.value.replace(/\s/g, '')));
    expect(abns.length).toBeGreaterThan(0);
    expect(new Set(abns).size).toBe(abns.length);
  });
});
