/**
 * An LEI typed into the streamed search goes to GLEIF (issue 23, section 1): POST /api/organisations/search over a
 * real socket, the real GLEIF adapter against its contract fake (started here, so its requests can be read and its
 * faults injected), every other provider's fake, real PostgreSQL. A GLEIF failure is the registry channel's failure:
 * degraded and shown, never "no matches".
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../src/app/api/organisations/search/route';
import { streamItemSchema, type StreamItem } from '../../src/core/candidates';
import { startFakeGleif, type FakeGleif } from '../../src/sandbox/gleif/fake-gleif-server';
import { makeAccount } from '../support/factories';
import { startSandboxProviders, type SandboxProviders } from '../support/sandbox-providers';
import { createTestContainer, type TestContext } from '../support/test-container';

let providers: SandboxProviders;
let gleif: FakeGleif;
let ctx: TestContext;
let server: ServerType;
let baseUrl: string;
let authorization: string;

beforeAll(async () => {
  providers = await startSandboxProviders('zero');
  gleif = await startFakeGleif({ latency: 'zero' });
  ctx = await createTestContainer({
    env: { ...providers.env, GLEIF_BASE_URL: gleif.url, SEARCH_WEBSITE_TOP_K: '0' },
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
  await gleif.close();
  await providers.sandbox.close();
});

afterEach(() => {
  gleif.faults.clear();
  gleif.connections.requests.length = 0;
});

async function search(query: string, countryIsoAlpha3: string, mode: 'auto' | 'direct' = 'direct'): Promise<StreamItem[]> {
  const response = await fetch(`${baseUrl}/api/organisations/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query, countryIsoAlpha3, mode }),
  });
  expect(response.status).toBe(200);
  return (await response.text())
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => streamItemSchema.parse(JSON.parse(line)));
}

const candidates = (items: StreamItem[]) => items.flatMap((item) => (item._type === 'candidate' ? [item] : []));

describe('an LEI typed into search goes to GLEIF', () => {
  it('streams the LEI record’s entity, with its LEI and Companies House number, under GLO', async () => {
    const found = candidates(await search('LEI 9845001FERNHOLLOW064', 'GLO'));
    expect(found.map((c) => [c.canonicalName, c.countryIsoAlpha3, c.source])).toEqual([['FERNHOLLOW ANALYTICS LIMITED', 'GBR', 'registry_global']]);
    expect(found[0]?.identifiers).toEqual(
      expect.arrayContaining([
        { type: 'LEI', value: '9845001FERNHOLLOW064' },
        { type: 'CH', value: '09876543' },
      ]),
    );
    expect(gleif.connections.requests.map((r) => r.url)).toContain('/api/v1/lei-records/9845001FERNHOLLOW064');
  });

  it('an LEI alone, under its country, is found; a dissolved entity carries its status', async () => {
    const found = candidates(await search('984500LAPSEDTRADE018', 'USA'));
    expect(found.map((c) => c.canonicalName)).toEqual(['COPPERLEAF MEDIA LLC']);
    expect(found[0]?.registryStatus).toEqual({ status: 'inactive', wording: 'Dissolved', date: '2015-06-01' });
  });

  it('GLEIF failing is a degraded registry channel, shown in the stream', async () => {
    gleif.faults.inject({ kind: 'status', status: 500 });
    // An LEI no earlier test looked up: a cached answer would hide the failure.
    const items = await search('LEI 984500QUILLSTONE0015', 'GLO');
    expect(items.filter((item) => item._type === 'channel-degraded')).toHaveLength(1);
    expect(candidates(items)).toEqual([]);
  });
});
