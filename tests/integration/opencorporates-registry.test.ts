/**
 * The OpenCorporates adapter against its contract fake over real sockets (spec: Registry behaviour:
 * global aggregator; Global (GLO) scope; Errors): country mapping, GLO, identifiers, cache, company-by-id,
 * configuration, and the fault matrix. Where time decides the outcome (a timeout, a slow body) the client's timeouts
 * and the fake's delays run on a manual clock, which the test moves once the call waits on it.
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInMemoryProviderCache } from '../../src/adapters/cache/provider-cache';
import { createOpenCorporatesRegistry, type OpenCorporatesRegistryOptions } from '../../src/adapters/registries/opencorporates/adapter';
import { createConfiguredOpenCorporatesClient } from '../../src/adapters/registries/opencorporates/client';
import { startFakeOpenCorporates, type FakeOpenCorporates } from '../../src/sandbox/opencorporates/fake-opencorporates-server';
import type { Timers } from '../../src/server/ports';
import { createManualTimers } from '../../src/server/timers';
import { advanceWhenWaiting } from './abr-support';

const log = pino({ level: 'silent' });
/** Per attempt: far above a loaded machine's local round trip, far below the faults that must time out. */
const TIMEOUT_MS = 2000;
/** An answer that comes later than any timeout here (the fake's wait ends when the client leaves). */
const TOO_LATE_MS = 60_000;
let fake: FakeOpenCorporates;
const timers = createManualTimers();

beforeAll(async () => {
  fake = await startFakeOpenCorporates({ latency: 'zero' });
  fake.faults.timers = timers;
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.faults.clear();
  fake.connections.requests.length = 0;
  fake.connections.opened = 0;
  fake.connections.closedByClient = 0;
  fake.connections.answered = 0;
});

/** The adapter's options, and the client's token (undefined: not configured), base URL, retry delay and timers. */
type RegistryOverrides = Partial<Omit<OpenCorporatesRegistryOptions, 'client'>> & {
  apiToken?: string;
  baseUrl?: string;
  retryDelayMs?: number;
  timers?: Timers;
};

function registry(overrides: RegistryOverrides = {}) {
  const { apiToken, baseUrl, retryDelayMs, timers: clock, ...adapterOverrides } = overrides;
  const client = createConfiguredOpenCorporatesClient({
    apiToken: 'apiToken' in overrides ? apiToken : 'test-token',
    baseUrl: baseUrl ?? fake.url,
    log,
    retryDelayMs: retryDelayMs ?? 20,
    ...(clock ? { timers: clock } : {}),
  });
  return createOpenCorporatesRegistry({
    client,
    cache: createInMemoryProviderCache(),
    log,
    timeoutMs: TIMEOUT_MS,
    ...adapterOverrides,
    breakerMs: adapterOverrides.breakerMs ?? 60_000,
  });
}

const requestParams = (index: number) => new URL(fake.connections.requests[index]?.url ?? '/', 'http://x').searchParams;
const ocIds = (candidates: { identifiers: { type: string; value: string }[] }[]) =>
  candidates.map((c) => c.identifiers.find((i) => i.type === 'OPENCORPORATES')?.value);

describe('country mapping', () => {
  it.each(['GB', 'gb', 'GBR', 'gbr', 'UK'])('%s searches country_code=gb and yields British companies only', async (countryCode) => {
    const result = await registry().searchByName('Quillstone Software', { countryCode });
    expect(result.error).toBeNull();
    expect(ocIds(result.candidates)).toEqual(['gb/12456789', 'gb/08123456']);
    expect(result.candidates.every((c) => c.countryIsoAlpha3 === 'GBR')).toBe(true);
    const params = requestParams(0);
    expect(params.get('country_code')).toBe('gb');
    expect(params.get('jurisdiction_code')).toBeNull();
    expect(params.get('q')).toBe('Quillstone Software');
    expect(params.get('order')).toBe('score');
    expect(params.get('api_token')).toBe('test-token');
  });

  it('USA searches every US state through country_code=us', async () => {
    const result = await registry().searchByName('quillstone software', { countryCode: 'usa' });
    expect(requestParams(0).get('country_code')).toBe('us');
    expect(ocIds(result.candidates).sort()).toEqual(['us_ca/C4123456', 'us_de/7345678']);
    expect(result.candidates.every((c) => c.countryIsoAlpha3 === 'USA')).toBe(true);
  });

  it.each(['GLO', 'XXX', 'XK', 'nowhere'])('an unmappable country %s gives an empty result without any HTTP call', async (countryCode) => {
    expect(await registry().searchByName('Harbourline', { countryCode })).toEqual({ candidates: [], error: null });
    expect(fake.connections.requests).toHaveLength(0);
  });

  it('a clean zero-result search is not an error', async () => {
    expect(await registry().searchByName('Nonexistent Zebra Holdings', { countryCode: 'NZ' })).toEqual({ candidates: [], error: null });
  });
});

describe('Global scope (no country)', () => {
  it('sends no country, takes each country from the jurisdiction and drops unmappable ones', async () => {
    const result = await registry().searchByName('Harbourline Logistics', {});
    expect(result.error).toBeNull();
    const params = requestParams(0);
    expect(params.get('country_code')).toBeNull();
    expect(params.get('jurisdiction_code')).toBeNull();
    expect(new Set(result.candidates.map((c) => c.countryIsoAlpha3))).toEqual(new Set(['GBR', 'USA', 'NZL', 'CAN', 'SGP', 'HKG']));
    // the fake's xk (Kosovo) company matched the query but has no ISO country
    expect(result.candidates.some((c) => c.name.includes('SH.P.K.'))).toBe(false);
    expect(ocIds(result.candidates)).not.toContain('xk/811234567');
  });

  it('identifies British companies by Companies House number and every company by its aggregator id', async () => {
    const { candidates } = await registry().searchByName('Meridian Ridge', {});
    const british = candidates.filter((c) => c.countryIsoAlpha3 === 'GBR');
    expect(british.map((c) => c.identifiers)).toEqual([
      [
        { type: 'CH', value: 'OC412345' },
        { type: 'OPENCORPORATES', value: 'gb/OC412345' },
      ],
      [
        { type: 'CH', value: '10987654' },
        { type: 'OPENCORPORATES', value: 'gb/10987654' },
      ],
    ]);
    const others = candidates.filter((c) => c.countryIsoAlpha3 !== 'GBR');
    expect(others.length).toBeGreaterThan(3);
    for (const candidate of others) {
      expect(candidate.identifiers).toEqual([{ type: 'OPENCORPORATES', value: expect.stringMatching(/^[a-z]{2}(_[a-z]+)?\/.+$/) }]);
    }
    // dissolved companies are kept, after the active ones, and say so, in the description and the registry status
    expect(british[1]?.description).toContain('Dissolved');
    expect(british.map((c) => c.registryStatus)).toEqual([
      { status: 'active', wording: 'Active', date: null },
      { status: 'inactive', wording: 'Dissolved', date: '2020-11-17' },
    ]);
  });
});

describe('cache (30 days, shared port; search-by-name per account)', () => {
  const account = 'account-a';
  it('answers a repeated search of the same account from the cache: no second HTTP call', async () => {
    const cache = createInMemoryProviderCache();
    const oc = registry({ cache });
    const first = await oc.searchByName('Bluefern Robotics', { countryCode: 'GBR', accountId: account });
    const second = await oc.searchByName('  bluefern   ROBOTICS ', { countryCode: 'gb', accountId: account });
    expect(second).toEqual(first);
    expect(fake.connections.requests).toHaveLength(1);
    // the cache is the shared one: a second registry instance over it makes no call either
    await registry({ cache }).searchByName('Bluefern Robotics', { countryCode: 'UK', accountId: account });
    expect(fake.connections.requests).toHaveLength(1);
    // another scope is another entry
    await oc.searchByName('Bluefern Robotics', { accountId: account });
    expect(fake.connections.requests).toHaveLength(2);
  });

  it("never answers one account's name search from another account's entry (no cache timing side channel)", async () => {
    const cache = createInMemoryProviderCache();
    const oc = registry({ cache });
    await oc.searchByName('Bluefern Robotics', { countryCode: 'GBR', accountId: 'account-a' });
    expect(fake.connections.requests).toHaveLength(1);
    await oc.searchByName('Bluefern Robotics', { countryCode: 'GBR', accountId: 'account-b' });
    expect(fake.connections.requests).toHaveLength(2);
    // Without an account nothing is cached, so nothing can be shared.
    await oc.searchByName('Bluefern Robotics', { countryCode: 'GBR' });
    await oc.searchByName('Bluefern Robotics', { countryCode: 'GBR' });
    expect(fake.connections.requests).toHaveLength(4);
  });

  it('keeps company-by-id shared by every account', async () => {
    const cache = createInMemoryProviderCache();
    await registry({ cache }).getCompany('gb', '09876543');
    await registry({ cache }).getCompany('gb', '09876543');
    expect(fake.connections.requests).toHaveLength(1);
  });

  it('caches zero-result searches but never failures', async () => {
    const oc = registry();
    await oc.searchByName('Nothing Matches This', { countryCode: 'FR', accountId: account });
    await oc.searchByName('Nothing Matches This', { countryCode: 'FR', accountId: account });
    expect(fake.connections.requests).toHaveLength(1);
    fake.faults.inject({ kind: 'status', status: 500 }, 2);
    expect((await oc.searchByName('Kowhai', { countryCode: 'NZ', accountId: account })).error?.status).toBe(500);
    expect((await oc.searchByName('Kowhai', { countryCode: 'NZ', accountId: account })).candidates).toHaveLength(1);
    expect(fake.connections.requests).toHaveLength(4);
  });

  it('treats an unreadable or failing cache as a miss', async () => {
    const failing = {
      get: async () => {
        throw new Error('database down');
      },
      set: async () => {
        throw new Error('database down');
      },
      getOrLoad: async () => {
        throw new Error('database down');
      },
      delete: async () => {
        throw new Error('database down');
      },
    };
    const result = await registry({ cache: failing }).searchByName('Kowhai', { countryCode: 'NZ' });
    expect(result.error).toBeNull();
    expect(result.candidates).toHaveLength(1);
    const garbage = createInMemoryProviderCache();
    await garbage.set('oc:search:account-a:nz:kowhai', { not: 'a cached search' }, 60_000);
    expect((await registry({ cache: garbage }).searchByName('Kowhai', { countryCode: 'NZ', accountId: 'account-a' })).candidates).toHaveLength(1);
  });
});

describe('getCompany', () => {
  it('reads one company (sparse) and caches it', async () => {
    const oc = registry();
    const first = await oc.getCompany('GB', '09876543');
    expect(first.error).toBeNull();
    expect(first.company).toMatchObject({
      name: 'FERNHOLLOW ANALYTICS LIMITED',
      countryIsoAlpha3: 'GBR',
      identifiers: [
        { type: 'CH', value: '09876543' },
        { type: 'OPENCORPORATES', value: 'gb/09876543' },
      ],
      type: 'ProprietaryLimited',
    });
    expect(fake.connections.requests[0]?.url).toMatch(/^\/v0\.4\/companies\/gb\/09876543\?/);
    expect(requestParams(0).get('sparse')).toBe('true');
    expect(await oc.getCompany('gb', '09876543')).toEqual(first);
    expect(fake.connections.requests).toHaveLength(1);
  });

  it('encodes numbers with underscores and letters', async () => {
    const { company } = await registry().getCompany('de', 'K1101R_HRB150148');
    expect(company?.countryIsoAlpha3).toBe('DEU');
    expect(company?.identifiers).toEqual([{ type: 'OPENCORPORATES', value: 'de/K1101R_HRB150148' }]);
  });

  it('answers not found (404) with no company and no error, and does not cache it', async () => {
    const oc = registry();
    expect(await oc.getCompany('gb', '99999999')).toEqual({ company: null, error: null });
    expect(await oc.getCompany('gb', '99999999')).toEqual({ company: null, error: null });
    expect(fake.connections.requests).toHaveLength(2);
  });

  it('gives no company for an unmappable jurisdiction', async () => {
    expect(await registry().getCompany('xk', '811234567')).toEqual({ company: null, error: null });
  });

  it('reports failures in the error field', async () => {
    fake.faults.inject({ kind: 'hang' });
    const result = await registry({ companyTimeoutMs: 200 }).getCompany('gb', '09876543');
    expect(result).toEqual({ company: null, error: expect.objectContaining({ kind: 'timeout' }) });
  });
});

describe('configuration', () => {
  it('without a token reports a configuration error and makes no HTTP call', async () => {
    const oc = registry({ apiToken: undefined });
    expect(await oc.searchByName('Harbourline', { countryCode: 'GB' })).toEqual({
      candidates: [],
      error: expect.objectContaining({ kind: 'configuration' }),
    });
    expect(await oc.getCompany('gb', '09876543')).toEqual({ company: null, error: expect.objectContaining({ kind: 'configuration' }) });
    expect(fake.connections.requests).toHaveLength(0);
  });

  it('an invalid token (401) is a configuration error, not retried', async () => {
    const strict = await startFakeOpenCorporates({ apiToken: 'the-real-one' });
    try {
      const result = await registry({ baseUrl: strict.url }).searchByName('Harbourline', {});
      expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'configuration' }) });
      expect(strict.connections.requests).toHaveLength(1);
    } finally {
      await strict.close();
    }
  });

  it('accepts a base URL that already ends in /v0.4', async () => {
    const result = await registry({ baseUrl: `${fake.url}/v0.4/` }).searchByName('Kowhai', { countryCode: 'NZ' });
    expect(result.candidates).toHaveLength(1);
    expect(fake.connections.requests[0]?.url.startsWith('/v0.4/companies/search?')).toBe(true);
  });
});

/**
 * The fault matrix (issue section 8). Timeout is TIMEOUT_MS per attempt; the retry delay is 20 ms.
 * Each row: the fault, what the result must be, and how many requests the fake must have seen.
 */
describe('fault matrix', () => {
  const query = ['Harbourline Logistics', { countryCode: 'GBR' }] as const;
  const expectedIds = ['gb/10234567', 'gb/SC498765'];
  /** The search on the clock, its outcome once the clock has moved `ms` on (see advanceWhenWaiting). */
  const searchAfter = (ms: number, waits: { fakeDelay: boolean }) =>
    advanceWhenWaiting({ timers, plan: fake.faults }, ms, registry({ timers }).searchByName(...query), waits);

  it('timeout (answer later than the timeout): timeout error, no retry', async () => {
    fake.faults.inject({ kind: 'delay', ms: TOO_LATE_MS }, 1);
    const result = await searchAfter(TIMEOUT_MS, { fakeDelay: true });
    expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'timeout' }) });
    // The client gave up on the late answer rather than waiting it out.
    await vi.waitFor(() => expect(fake.connections.closedByClient).toBe(1));
    expect(fake.connections.requests).toHaveLength(1);
  });

  it('a 5xx then success: one retry, candidates, no error', async () => {
    fake.faults.inject({ kind: 'status', status: 503 }, 1);
    const result = await registry().searchByName(...query);
    expect(result.error).toBeNull();
    expect(ocIds(result.candidates)).toEqual(expectedIds);
    expect(fake.connections.requests).toHaveLength(2);
  });

  it('two 5xx: error field with the status after exactly one retry', async () => {
    fake.faults.inject({ kind: 'status', status: 502 }, 2);
    const result = await registry().searchByName(...query);
    expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'http', status: 502 }) });
    expect(fake.connections.requests).toHaveLength(2);
  });

  it('the retry waits the fixed delay', async () => {
    fake.faults.inject({ kind: 'status', status: 500 }, 1);
    const started = performance.now();
    await registry({ retryDelayMs: 250 }).searchByName(...query);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('403 (quota, HTML body): rate-limited error, exactly one request, then no calls while the breaker is open, then recovery', async () => {
    fake.faults.inject({ kind: 'status', status: 403, body: '<html><body>You are accessing OpenCorporates at a higher than expected rate</body></html>' }, 1);
    let now = Date.UTC(2026, 10, 22, 23, 59, 30);
    const cache = createInMemoryProviderCache(() => now);
    const oc = registry({ now: () => now, cache, breakerMs: 60_000 });
    const result = await oc.searchByName(...query);
    expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'http', status: 403 }) });
    expect(fake.connections.requests).toHaveLength(1);
    expect((await oc.searchByName('Kowhai', { countryCode: 'NZ' })).error).toEqual(expect.objectContaining({ status: 403 }));
    expect((await oc.getCompany('gb', '09876543')).error).toEqual(expect.objectContaining({ status: 403 }));
    expect(fake.connections.requests).toHaveLength(1);
    // Another instance on the same shared cache does not call either.
    const other = registry({ now: () => now, cache, breakerMs: 60_000 });
    expect((await other.searchByName('Kowhai', { countryCode: 'NZ' })).error).toEqual(expect.objectContaining({ status: 403 }));
    expect(fake.connections.requests).toHaveLength(1);
    now += 59_000;
    expect((await oc.searchByName('Kowhai', { countryCode: 'NZ' })).error).toEqual(expect.objectContaining({ status: 403 }));
    expect(fake.connections.requests).toHaveLength(1);
    // 60 s after the 403 (not the next UTC day): both instances call again and recover.
    now += 1_001;
    expect((await oc.searchByName('Kowhai', { countryCode: 'NZ' })).candidates).toHaveLength(1);
    expect((await other.getCompany('gb', '09876543')).error).toBeNull();
    expect(fake.connections.requests).toHaveLength(3);
  });

  it('a 403 during the trial after the breaker closes opens it again', async () => {
    let now = 1_000_000;
    const cache = createInMemoryProviderCache(() => now);
    const oc = registry({ now: () => now, cache, breakerMs: 1_000 });
    fake.faults.inject({ kind: 'status', status: 403 }, 2);
    expect((await oc.searchByName(...query)).error).toEqual(expect.objectContaining({ status: 403 }));
    now += 1_001;
    expect((await oc.searchByName(...query)).error).toEqual(expect.objectContaining({ status: 403 }));
    expect((await oc.searchByName(...query)).error).toEqual(expect.objectContaining({ message: expect.stringContaining('breaker') }));
    expect(fake.connections.requests).toHaveLength(2);
    now += 1_001;
    expect((await oc.searchByName(...query)).error).toBeNull();
  });

  it('429: not retried', async () => {
    fake.faults.inject({ kind: 'status', status: 429 }, 1);
    const result = await registry().searchByName(...query);
    expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'http', status: 429 }) });
    expect(fake.connections.requests).toHaveLength(1);
  });

  it('malformed JSON: malformed error, not retried', async () => {
    fake.faults.inject({ kind: 'malformed' }, 1);
    const result = await registry().searchByName(...query);
    expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'malformed' }) });
    expect(fake.connections.requests).toHaveLength(1);
  });

  it('JSON of the wrong shape: malformed error', async () => {
    fake.faults.inject({ kind: 'status', status: 200, body: '{"api_version":"0.4.8","results":{"companies":[{"company":{"name":"X"}}]}}' }, 1);
    expect(await registry().searchByName(...query)).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'malformed' }) });
  });

  it('slow first byte within the timeout: the answer still counts', async () => {
    fake.faults.inject({ kind: 'slow-body', ms: TIMEOUT_MS / 4 }, 1);
    const result = await searchAfter(TIMEOUT_MS / 4, { fakeDelay: true });
    expect(result.error).toBeNull();
    expect(ocIds(result.candidates)).toEqual(expectedIds);
  });

  it('slow body past the timeout: timeout error (the timeout covers the body too)', async () => {
    fake.faults.inject({ kind: 'slow-body', ms: TOO_LATE_MS }, 1);
    const result = await searchAfter(TIMEOUT_MS, { fakeDelay: true });
    expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'timeout' }) });
    await vi.waitFor(() => expect(fake.connections.closedByClient).toBe(1));
  });

  it('connection reset: network error, not retried', async () => {
    fake.faults.inject({ kind: 'reset' }, 1);
    const result = await registry().searchByName(...query);
    expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'network' }) });
    expect(fake.connections.requests).toHaveLength(1);
  });

  it('hang: timeout error, and the connection is closed on the fake', async () => {
    fake.faults.inject({ kind: 'hang' }, 1);
    const result = await searchAfter(TIMEOUT_MS, { fakeDelay: false });
    expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'timeout' }) });
    await vi.waitFor(() => expect(fake.connections.closedByClient).toBe(1));
  });

  it("the caller's abort ends the call at once with an aborted error and closes the fake's connection", async () => {
    fake.faults.inject({ kind: 'hang' }, 1);
    const controller = new AbortController();
    const aborted = registry({ timeoutMs: TOO_LATE_MS }).searchByName('Harbourline Logistics', { countryCode: 'GBR', signal: controller.signal });
    await fake.faults.whenTaken(1); // the call is in flight
    controller.abort();
    expect(await aborted).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'aborted' }) });
    await vi.waitFor(() => expect(fake.connections.closedByClient).toBe(1));
    expect(fake.connections.requests).toHaveLength(1);
  });

  it('an abort during the retry delay stops before the second request', async () => {
    fake.faults.inject({ kind: 'status', status: 500 }, 1);
    const controller = new AbortController();
    // A minute's delay: only the abort can end the call in time.
    const result = registry({ retryDelayMs: TOO_LATE_MS }).searchByName('Harbourline Logistics', { countryCode: 'GBR', signal: controller.signal });
    await vi.waitFor(() => expect(fake.connections.answered).toBe(1)); // the 500 has gone out: the client is in its retry delay
    controller.abort();
    expect(await result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'aborted' }) });
    expect(fake.connections.requests).toHaveLength(1);
  });
});
