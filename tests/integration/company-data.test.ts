/**
 * The Companies API adapter over real sockets against the contract fake, with the shared provider cache on
 * PostgreSQL. Timeouts are FAULT_TIMEOUT_MS per HTTP attempt, the retry delay 20 ms; an answer "too late" comes a
 * minute late. Where time decides the outcome (a timeout, a slow body) the client's timeouts and the fake's delays run
 * on a manual clock, which the test moves once the call waits on it. The fault matrix (as for ABN Lookup, abr-faults.test.ts), each fault on the lookup of
 * acmewidgets.com.au:
 *
 * | fault                       | result                                   | requests |
 * |-----------------------------|------------------------------------------|----------|
 * | timeout (answer too late)   | timeout; the client closes the connection| 1        |
 * | 5xx then success            | the record (retried once)                | 2        |
 * | two 5xx                     | http 502                                 | 2        |
 * | 401, 403, 429               | http + status (not retried)              | 1        |
 * | malformed JSON              | malformed (not retried)                  | 1        |
 * | HTML page with 200          | malformed                                | 1        |
 * | a 200 that is not a record  | malformed                                | 1        |
 * | slow first byte, in time    | the record                               | 1        |
 * | slow first byte, too slow   | timeout                                  | 1        |
 * | connection reset once       | the record (retried once)                | 2        |
 * | connection reset twice      | network                                  | 2        |
 * | hang                        | timeout; the client closes the connection| 1        |
 * | hang, caller aborts         | aborted, at once                         | 1        |
 * Failures are never cached.
 */
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ProviderCache } from '../../src/adapters/cache/provider-cache';
import { COMPANY_DATA_CACHE_TTL_MS, createCompaniesApiCompanyData } from '../../src/adapters/company-data/adapter';
import { createConfiguredCompaniesApiClient } from '../../src/adapters/company-data/client';
import type { Logger } from '../../src/adapters/logging/logger';
import { registrableDomain } from '../../src/core/website';
import { FAKE_COMPANY_RECORDS } from '../../src/sandbox/company-data/dataset';
import { startFakeCompaniesApi, type FakeCompaniesApi } from '../../src/sandbox/company-data/fake-companies-api-server';
import type { CompanyDataProfile, CompanyDataProvider, ProviderResult } from '../../src/server/enrichment/ports';
import type { Timers } from '../../src/server/ports';
import { createManualTimers } from '../../src/server/timers';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { advanceWhenWaiting, clearProviderCache, createProviderCache, FAULT_TIMEOUT_MS, memoryLogger, TOO_LATE_MS, waitUntil } from './abr-support';

const TOKEN = 'tca_test_9f2c41d7e0b8';

let database: TestDatabase;
let fake: FakeCompaniesApi;
let cache: ProviderCache;
let provider: CompanyDataProvider;
/** The same provider with its timeouts on `timers`. */
let clocked: CompanyDataProvider;

/** The client against the fake; `apiToken: undefined` means not configured. */
const clientFor = (apiToken: string | undefined, log: Logger, timers?: Timers) =>
  createConfiguredCompaniesApiClient({ apiToken, baseUrl: fake.url, log, timeoutMs: FAULT_TIMEOUT_MS, retryDelayMs: 20, ...(timers ? { timers } : {}) });

/** Where time decides the outcome (a timeout, a slow body), the client's timeouts and the fake's delays run on this clock. */
const timers = createManualTimers();

const providerFor = (overrides: { apiToken?: string | undefined; cache?: ProviderCache | undefined; timers?: Timers } = {}) => {
  const { log } = memoryLogger();
  return createCompaniesApiCompanyData({
    client: clientFor('apiToken' in overrides ? overrides.apiToken : TOKEN, log, overrides.timers),
    cache: 'cache' in overrides ? overrides.cache : cache,
    log,
  });
};

beforeAll(async () => {
  database = await createTestDatabase({ max: 4 });
  fake = await startFakeCompaniesApi({ apiToken: TOKEN });
  cache = createProviderCache(database.db);
  provider = providerFor();
  clocked = providerFor({ timers });
  fake.faults.timers = timers;
});
afterAll(async () => {
  await fake.close();
  await database.drop();
});
beforeEach(async () => {
  await clearProviderCache(database.db);
  fake.connections.requests.length = 0;
});
afterEach(() => {
  fake.faults.clear();
});

const requests = () => fake.connections.requests.length;
const lookup = (domain = 'acmewidgets.com.au', signal?: AbortSignal) => provider.findByDomain(domain, { signal });
/** The lookup on the clocked provider, its outcome once the clock has moved `ms` on (see advanceWhenWaiting). */
const lookupAfter = (ms: number, waits: { fakeDelay: boolean }) =>
  advanceWhenWaiting({ timers, plan: fake.faults }, ms, clocked.findByDomain('acmewidgets.com.au', {}), waits);

async function cachedKeys(): Promise<string[]> {
  const result = await database.db.execute(sql`select key from provider_cache order by key`);
  return result.rows.map((row) => String(row.key));
}

function expectAcme(result: ProviderResult<CompanyDataProfile | null>) {
  expect(result).toEqual({ ok: true, value: expect.objectContaining({ legalName: 'Acme Widgets Pty Ltd', type: 'ProprietaryLimited' }) });
}

describe('lookups', () => {
  it('maps a found record fully', async () => {
    const result = await lookup('https://www.AcmeWidgets.com.au/about?ref=x');
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Acme Widgets',
        legalName: 'Acme Widgets Pty Ltd',
        aliases: ['Acme', 'Acme Springs & Fasteners'],
        description:
          'Acme Widgets designs and manufactures precision widgets, compression springs and fasteners for Australian industry from its plant in Dandenong South.',
        website: 'https://www.acmewidgets.com.au',
        type: 'ProprietaryLimited',
        countryIsoAlpha3: 'AUS',
        naicsCodes: ['332613', '339993', '332999'],
        parent: null,
        subsidiaries: [{ name: 'Acme Widgets NZ Limited', website: 'acmewidgets.co.nz', countryIsoAlpha3: null }],
        domainState: 'operating',
      },
    });
    // the registrable domain is what is asked for, with the raw token as a Basic credential (the fake checks it)
    expect(fake.connections.requests).toEqual([{ method: 'GET', url: '/v2/companies/acmewidgets.com.au' }]);
  });

  it('maps a parent, a public company, a lower-case country and a subsidiary elsewhere', async () => {
    const software = await lookup('shop.kookaburrasoftware.com.au');
    expect(software.ok && software.value?.parent).toEqual({ name: 'Kookaburra Capital Limited', website: 'kookaburra.com.au', countryIsoAlpha3: null });
    const capital = await lookup('kookaburra.com.au');
    expect(capital.ok && capital.value?.type).toBe('PublicLimited');
    const dairy = await lookup('kiwidairy.co.nz');
    expect(dairy).toEqual({
      ok: true,
      value: expect.objectContaining({
        countryIsoAlpha3: 'NZL',
        description: 'Farmer-owned dairy cooperative processing milk from 900 Waikato farms into milk powders, butter and fresh milk.',
        subsidiaries: expect.arrayContaining([{ name: 'Yarra Valley Dairy Pty Ltd', website: 'yarravalleydairy.com.au', countryIsoAlpha3: null }]),
      }),
    });
  });

  it('a miss is a value null (404 companyNotFound), and is cached', async () => {
    expect(await lookup('tasmansteel.com.au')).toEqual({ ok: true, value: null });
    expect(await lookup('tasmansteel.com.au')).toEqual({ ok: true, value: null });
    expect(requests()).toBe(1);
    expect(await cachedKeys()).toEqual(['companydata:domain:tasmansteel.com.au']);
  });

  it('reports the for-sale and broken domain states, a redirected website and a record without a description', async () => {
    const forSale = await lookup('barramundi.com.au');
    expect(forSale).toEqual({ ok: true, value: expect.objectContaining({ domainState: 'for-sale', description: null, type: null }) });
    const broken = await lookup('slowpoke.com.au');
    expect(broken).toEqual({
      ok: true,
      value: expect.objectContaining({ domainState: 'broken', description: 'Same-day courier and small-load freight in Adelaide.' }),
    });
    const redirected = await lookup('harbourcity.com.au');
    expect(redirected).toEqual({
      ok: true,
      value: expect.objectContaining({ domainState: 'redirected', website: 'https://harbourcity-finance.com', type: 'PublicLimited' }),
    });
    const silent = await lookup('harbourlinesolar.com.au');
    expect(silent).toEqual({ ok: true, value: expect.objectContaining({ name: 'Harbourline Solar Installations', description: null }) });
  });

  it('a partnership and a nonprofit have no type', async () => {
    const llp = await lookup('highgateanalytics.co.uk');
    expect(llp.ok && llp.value?.type).toBeNull();
    expect(llp.ok && llp.value?.legalName).toBe('Highgate Analytics LLP');
    const charity = await lookup('worldwidereliefnetwork.org');
    expect(charity.ok && charity.value?.type).toBeNull();
    expect(charity.ok && charity.value?.countryIsoAlpha3).toBe('USA');
  });

  it('something that is not a public domain is a miss without a call', async () => {
    expect(await lookup('localhost')).toEqual({ ok: true, value: null });
    expect(await lookup('10.0.0.1')).toEqual({ ok: true, value: null });
    expect(requests()).toBe(0);
  });

  it('no token: a configuration failure without any call', async () => {
    for (const apiToken of [undefined, '', '   ']) {
      expect(await providerFor({ apiToken }).findByDomain('acmewidgets.com.au')).toEqual({
        ok: false,
        failure: expect.objectContaining({ kind: 'configuration' }),
      });
    }
    expect(requests()).toBe(0);
  });

  it('a bad token: http 401 with the documented body, not retried, the token never logged', async () => {
    const { log, lines } = memoryLogger();
    const wrong = createCompaniesApiCompanyData({ client: clientFor('tca_wrong_token', log), cache, log });
    expect(await wrong.findByDomain('acmewidgets.com.au')).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'http', status: 401 }) });
    expect(requests()).toBe(1);
    expect(lines.join('')).not.toContain('tca_wrong_token');
    expect(await cachedKeys()).toEqual([]);

    const raw = await fetch(`${fake.url}/v2/companies/acmewidgets.com.au`, { headers: { authorization: 'Basic tca_wrong_token' } });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ status: 401, messages: 'invalidApiSecret' });
    const missing = await fetch(`${fake.url}/v2/companies/acmewidgets.com.au`);
    expect(await missing.json()).toEqual({ status: 401, messages: 'missingApiSecret' });
    const notFound = await fetch(`${fake.url}/v2/companies/nowhere.example.com`, { headers: { authorization: `Basic ${TOKEN}` } });
    expect([notFound.status, await notFound.json()]).toEqual([404, { status: 404, messages: 'companyNotFound' }]);
  });
});

describe('cache', () => {
  it('a second lookup makes no request; the entry lives 7 days under the registrable domain', async () => {
    expectAcme(await lookup('acmewidgets.com.au'));
    expectAcme(await lookup('www.acmewidgets.com.au'));
    expectAcme(await providerFor().findByDomain('https://acmewidgets.com.au/')); // another instance
    expect(requests()).toBe(1);
    const rows = await database.db.execute(sql`select key, extract(epoch from (expires_at - now())) * 1000 as ttl, value::text as value from provider_cache`);
    expect(rows.rows).toHaveLength(1);
    const row = rows.rows[0];
    expect(row?.key).toBe('companydata:domain:acmewidgets.com.au');
    expect(Number(row?.ttl)).toBeGreaterThan(COMPANY_DATA_CACHE_TTL_MS - 60_000);
    expect(Number(row?.ttl)).toBeLessThanOrEqual(COMPANY_DATA_CACHE_TTL_MS);
    expect(String(row?.value)).not.toContain(TOKEN);
  });

  it('without a cache every lookup calls the API', async () => {
    const uncached = providerFor({ cache: undefined });
    await uncached.findByDomain('acmewidgets.com.au');
    await uncached.findByDomain('acmewidgets.com.au');
    expect(requests()).toBe(2);
  });

  it('a foreign entry under the key is ignored and replaced', async () => {
    await cache.set('companydata:domain:acmewidgets.com.au', { something: 'else' }, 60_000);
    expectAcme(await lookup());
    expect(requests()).toBe(1);
    expectAcme(await lookup());
    expect(requests()).toBe(1);
  });

  it('a failing cache is logged and the lookup carries on', async () => {
    const broken: ProviderCache = {
      get: () => Promise.reject(new Error('cache down')),
      set: () => Promise.reject(new Error('cache down')),
      getOrLoad: () => Promise.reject(new Error('cache down')),
      delete: () => Promise.reject(new Error('cache down')),
    };
    const { log, lines } = memoryLogger();
    const withBrokenCache = createCompaniesApiCompanyData({ client: clientFor(TOKEN, log), cache: broken, log });
    expectAcme(await withBrokenCache.findByDomain('acmewidgets.com.au'));
    expect(lines.join('')).toContain('company data cache read failed');
    expect(lines.join('')).toContain('company data cache write failed');
  });
});

describe('fault matrix', () => {
  it('timeout: failure timeout, not retried', async () => {
    fake.faults.inject({ kind: 'delay', ms: TOO_LATE_MS }, 1);
    const closedBefore = fake.connections.closedByClient;
    expect(await lookupAfter(FAULT_TIMEOUT_MS, { fakeDelay: true })).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'timeout' }) });
    expect(requests()).toBe(1);
    // The client gave up on the late answer rather than waiting it out.
    await waitUntil(() => fake.connections.closedByClient > closedBefore);
  });

  it('a 5xx then success: retried once, the record', async () => {
    fake.faults.inject({ kind: 'status', status: 503 }, 1);
    expectAcme(await lookup());
    expect(requests()).toBe(2);
  });

  it('two 5xx: failure http with the status, nothing cached', async () => {
    fake.faults.inject({ kind: 'status', status: 502 }, 2);
    expect(await lookup()).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'http', status: 502 }) });
    expect(requests()).toBe(2);
    expect(await cachedKeys()).toEqual([]);
  });

  it.each([401, 403, 429])('%s: failure http with the status, not retried', async (status) => {
    fake.faults.inject({ kind: 'status', status }, 1);
    expect(await lookup()).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'http', status }) });
    expect(requests()).toBe(1);
    expect(await cachedKeys()).toEqual([]);
  });

  it('malformed JSON: failure malformed, not retried', async () => {
    fake.faults.inject({ kind: 'malformed' }, 1);
    expect(await lookup()).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'malformed' }) });
    expect(requests()).toBe(1);
  });

  it('an HTML page with status 200 is malformed', async () => {
    fake.faults.inject({ kind: 'status', status: 200, body: '<html><body>Service Unavailable</body></html>' }, 1);
    expect(await lookup()).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'malformed' }) });
    expect(requests()).toBe(1);
  });

  it('JSON of the wrong shape with status 200 is malformed', async () => {
    fake.faults.inject({ kind: 'status', status: 200, body: JSON.stringify({ about: { name: ['not', 'a', 'string'] } }) }, 1);
    expect(await lookup()).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'malformed' }) });
    expect(await cachedKeys()).toEqual([]);
  });

  it('slow first byte within the timeout: the record', async () => {
    fake.faults.inject({ kind: 'slow-body', ms: FAULT_TIMEOUT_MS / 4 }, 1);
    expectAcme(await lookupAfter(FAULT_TIMEOUT_MS / 4, { fakeDelay: true }));
    expect(requests()).toBe(1);
  });

  it('slow first byte past the timeout: failure timeout (the timeout covers the body)', async () => {
    fake.faults.inject({ kind: 'slow-body', ms: TOO_LATE_MS }, 1);
    expect(await lookupAfter(FAULT_TIMEOUT_MS, { fakeDelay: true })).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'timeout' }) });
    expect(requests()).toBe(1);
  });

  it('connection reset once: retried, the record', async () => {
    fake.faults.inject({ kind: 'reset' }, 1);
    expectAcme(await lookup());
    expect(requests()).toBe(2);
  });

  it('connection reset twice: failure network', async () => {
    fake.faults.inject({ kind: 'reset' }, 2);
    expect(await lookup()).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'network' }) });
    expect(requests()).toBe(2);
  });

  it('hang: failure timeout, and the client closes the connection', async () => {
    fake.faults.inject({ kind: 'hang' }, 1);
    const closedBefore = fake.connections.closedByClient;
    expect(await lookupAfter(FAULT_TIMEOUT_MS, { fakeDelay: false })).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'timeout' }) });
    expect(requests()).toBe(1);
    await waitUntil(() => fake.connections.closedByClient > closedBefore);
  });

  it('hang with the caller aborting: failure aborted at once', async () => {
    fake.faults.inject({ kind: 'hang' }, 1);
    const controller = new AbortController();
    const result = lookup('acmewidgets.com.au', controller.signal);
    await fake.faults.whenTaken(1); // the call is in flight
    controller.abort();
    // aborted, not timeout: the caller's signal ended it before the timer
    expect(await result).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'aborted' }) });
  });

  it('an already aborted signal: failure aborted without a call', async () => {
    expect(await lookup('acmewidgets.com.au', AbortSignal.abort())).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'aborted' }) });
    expect(requests()).toBe(0);
  });
});

describe('the dataset', () => {
  const naics2017 = z.record(z.string(), z.object({ Title: z.string() })).parse(createRequire(import.meta.url)('naics/data/2017_NAICS_Descriptions.json'));

  it('uses six-digit NAICS 2017 codes only, 0-3 per record', () => {
    for (const record of FAKE_COMPANY_RECORDS) {
      expect(record.naics.length, record.domain).toBeLessThanOrEqual(3);
      for (const code of record.naics) {
        expect(code, record.domain).toMatch(/^\d{6}$/);
        expect(naics2017[code], `${record.domain} ${code}`).toBeDefined();
      }
    }
  });

  it('keys every record by a distinct registrable domain', () => {
    const domains = FAKE_COMPANY_RECORDS.map((r) => r.domain);
    expect(new Set(domains).size).toBe(domains.length);
    for (const domain of domains) expect(registrableDomain(domain)).toBe(domain);
  });

  it('answers every record in a shape the adapter accepts', async () => {
    const uncached = providerFor({ cache: undefined });
    for (const record of FAKE_COMPANY_RECORDS) {
      const result = await uncached.findByDomain(record.domain);
      expect(result.ok && result.value !== null, record.domain).toBe(true);
    }
  });
});
