/**
 * Registry look-ups by identifier (src/adapters/registries/registry-lookups.ts) over real sockets against
 * the ABN Lookup and OpenCorporates contract fakes: found, cancelled/dissolved, misses (no request when the
 * number cannot exist), configuration, the fault matrix, and the details cache shared with search hydration.
 * ABR timeouts are 400 ms per attempt, the retry delay 20 ms.
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderCache } from '../../src/adapters/cache/provider-cache';
import type { Logger } from '../../src/adapters/logging/logger';
import { abrDetailsCacheKey } from '../../src/adapters/registries/abr/adapter';
import { createInMemoryProviderCache } from '../../src/adapters/cache/provider-cache';
import { createOpenCorporatesRegistry } from '../../src/adapters/registries/opencorporates/adapter';
import { createRegistryLookups } from '../../src/adapters/registries/registry-lookups';
import { createConfiguredOpenCorporatesClient } from '../../src/adapters/registries/opencorporates/client';
import { isValidAbn, isValidAcn, makeAbn, makeAcn } from '../../src/core/identifiers';
import { FAKE_ABR_ENTITIES } from '../../src/sandbox/abr/dataset';
import { startFakeAbr, type FakeAbr } from '../../src/sandbox/abr/fake-abr-server';
import { startFakeOpenCorporates, type FakeOpenCorporates } from '../../src/sandbox/opencorporates/fake-opencorporates-server';
import type { RegistryLookups } from '../../src/server/enrichment/ports';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { abrClientFor, clearProviderCache, createProviderCache, memoryLogger, registryFor, TEST_GUID } from './abr-support';

let database: TestDatabase;
let abrFake: FakeAbr;
let ocFake: FakeOpenCorporates;
let cache: ProviderCache;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase({ max: 4 });
  abrFake = await startFakeAbr({ validGuid: TEST_GUID });
  ocFake = await startFakeOpenCorporates({ latency: 'zero', apiToken: 'test-token' });
  cache = createProviderCache(database.db);
});
afterAll(async () => {
  await abrFake.close();
  await ocFake.close();
  await database.drop();
});
beforeEach(async () => {
  await clearProviderCache(database.db);
  abrFake.connections.requests.length = 0;
  ocFake.connections.requests.length = 0;
});
afterEach(() => {
  abrFake.faults.clear();
  abrFake.endpointFaults.abnDetails.clear();
  ocFake.faults.clear();
});

function lookups(overrides: { guid?: string; ocToken?: string; log?: Logger } = {}): RegistryLookups {
  const log = overrides.log ?? silent;
  return createRegistryLookups({
    abr: { client: abrClientFor(abrFake, 'guid' in overrides ? { guid: overrides.guid } : {}), cache, log },
    openCorporates: createOpenCorporatesRegistry({
      client: createConfiguredOpenCorporatesClient({
        apiToken: 'ocToken' in overrides ? overrides.ocToken : 'test-token',
        baseUrl: ocFake.url,
        log,
        retryDelayMs: 20,
      }),
      cache: createInMemoryProviderCache(),
      log,
      breakerMs: 60_000,
      companyTimeoutMs: 400,
    }),
    log,
  });
}

const entityNamed = (name: string) => {
  const entity = FAKE_ABR_ENTITIES.find((e) => e.entityName === name);
  if (!entity) throw new Error(`no such entity in the fake ABR dataset: ${name}`);
  return entity;
};
const abrRequests = (endpoint: 'AbnDetails' | 'AcnDetails') => abrFake.connections.requests.filter((r) => r.url.startsWith(`/json/${endpoint}.aspx`));
const KOALA = entityNamed('KOALA LOGISTICS PTY LTD');
const OLD_MILL = entityNamed('OLD MILL BAKERY PTY LTD');

/** A number that passes its check digits but is not on the fake register. */
function unregistered(make: (seed: number) => string, taken: (value: string) => boolean): string {
  for (let seed = 424_242; ; seed += 1) {
    const value = make(seed);
    if (!taken(value)) return value;
  }
}
const UNREGISTERED_ABN = unregistered(makeAbn, (abn) => FAKE_ABR_ENTITIES.some((e) => e.abn === abn));
const UNREGISTERED_ACN = unregistered(makeAcn, (acn) => FAKE_ABR_ENTITIES.some((e) => e.acn === acn));

describe('byAbn and byAcn (ABN Lookup)', () => {
  it('an active company: the full record, from one AbnDetails call with digits only', async () => {
    const result = await lookups().byAbn(KOALA.abn);
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'KOALA LOGISTICS PTY LTD',
        otherNames: ['Koala Express Freight'],
        formerNames: [], // ABN Lookup's details carry no former names
        countryIsoAlpha3: 'AUS',
        identifiers: [
          { type: 'ABN', value: KOALA.abn },
          { type: 'ACN', value: KOALA.acn },
        ],
        active: true,
        registryStatus: { status: 'active', wording: 'Active', date: KOALA.statusFrom },
        type: 'ProprietaryLimited',
        register: 'abr',
        url: `https://abr.business.gov.au/ABN/View?abn=${KOALA.abn}`,
      },
    });
    const requests = abrRequests('AbnDetails');
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]?.url ?? '', 'http://x').searchParams.get('abn')).toBe(KOALA.abn);
  });

  it('a cancelled ABN is found, not active', async () => {
    const result = await lookups().byAbn(OLD_MILL.abn);
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: 'OLD MILL BAKERY PTY LTD',
        active: false,
        registryStatus: { status: 'inactive', wording: 'Cancelled', date: OLD_MILL.statusFrom },
      }),
    });
  });

  it('by ACN: AcnDetails answers the same record', async () => {
    const byAcn = await lookups().byAcn(KOALA.acn);
    expect(abrRequests('AcnDetails')).toHaveLength(1);
    expect(new URL(abrRequests('AcnDetails')[0]?.url ?? '', 'http://x').searchParams.get('acn')).toBe(KOALA.acn);
    await clearProviderCache(database.db);
    expect(byAcn).toEqual(await lookups().byAbn(KOALA.abn));
  });

  it('"No record found" is a clean miss', async () => {
    expect(isValidAbn(UNREGISTERED_ABN) && isValidAcn(UNREGISTERED_ACN)).toBe(true);
    expect(await lookups().byAbn(UNREGISTERED_ABN)).toEqual({ ok: true, value: null });
    expect(await lookups().byAcn(UNREGISTERED_ACN)).toEqual({ ok: true, value: null });
    expect(abrRequests('AbnDetails')).toHaveLength(1); // not retried
    expect(abrRequests('AcnDetails')).toHaveLength(1);
    expect(await cache.get(abrDetailsCacheKey(UNREGISTERED_ABN))).toBeUndefined(); // misses are not cached
  });

  it('a number failing its check digits is a miss without any request', async () => {
    const badAbn = `${KOALA.abn.slice(0, 10)}${(Number(KOALA.abn[10]) + 1) % 10}`;
    expect(await lookups().byAbn(badAbn)).toEqual({ ok: true, value: null });
    expect(await lookups().byAbn('123')).toEqual({ ok: true, value: null });
    expect(await lookups().byAcn('123456789')).toEqual({ ok: true, value: null });
    expect(abrFake.connections.requests).toHaveLength(0);
  });

  it('an unknown GUID is a configuration failure, not retried, and the GUID is never logged', async () => {
    const wrongGuid = 'wrong-guid-0000-secret';
    const { log, lines } = memoryLogger();
    const result = await lookups({ guid: wrongGuid, log }).byAbn(KOALA.abn);
    expect(result).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'configuration' }) });
    expect(await lookups({ guid: wrongGuid, log }).byAcn(KOALA.acn)).toMatchObject({ ok: false, failure: { kind: 'configuration' } });
    expect(abrFake.connections.requests).toHaveLength(2);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(wrongGuid);
  });

  it('no GUID is a configuration failure without any request', async () => {
    expect(await lookups({ guid: undefined }).byAbn(KOALA.abn)).toMatchObject({ ok: false, failure: { kind: 'configuration' } });
    expect(await lookups({ guid: '  ' }).byAcn(KOALA.acn)).toMatchObject({ ok: false, failure: { kind: 'configuration' } });
    expect(abrFake.connections.requests).toHaveLength(0);
  });
});

describe('ABN Lookup faults', () => {
  it('a 5xx then success: retried once, found', async () => {
    abrFake.endpointFaults.abnDetails.inject({ kind: 'status', status: 503 }, 1);
    expect(await lookups().byAbn(KOALA.abn)).toMatchObject({ ok: true, value: { name: 'KOALA LOGISTICS PTY LTD' } });
    expect(abrRequests('AbnDetails')).toHaveLength(2);
  });

  it('two 5xx: an http failure after one retry, nothing cached', async () => {
    abrFake.endpointFaults.abnDetails.inject({ kind: 'status', status: 502 });
    expect(await lookups().byAcn(KOALA.acn)).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'http', status: 502 }) });
    expect(abrRequests('AcnDetails')).toHaveLength(2);
    expect(await lookups().byAbn(KOALA.abn)).toMatchObject({ ok: false, failure: { kind: 'http', status: 502 } });
    expect(await cache.get(abrDetailsCacheKey(KOALA.abn))).toBeUndefined();
  });

  it('a timeout: a timeout failure, not retried', async () => {
    abrFake.endpointFaults.abnDetails.inject({ kind: 'delay', ms: 1_500 });
    const started = performance.now();
    expect(await lookups().byAbn(KOALA.abn)).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'timeout' }) });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(abrRequests('AbnDetails')).toHaveLength(1);
  });

  it('a malformed body: a malformed failure, not retried', async () => {
    abrFake.endpointFaults.abnDetails.inject({ kind: 'malformed' });
    expect(await lookups().byAbn(KOALA.abn)).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'malformed' }) });
    expect(abrRequests('AbnDetails')).toHaveLength(1);
  });

  it('an already aborted signal: aborted, no request', async () => {
    expect(await lookups().byAcn(KOALA.acn, { signal: AbortSignal.abort() })).toMatchObject({ ok: false, failure: { kind: 'aborted' } });
    expect(abrFake.connections.requests).toHaveLength(0);
  });
});

describe('the details cache shared with search hydration (abr:details:<abn>, 1 hour)', () => {
  it('a second byAbn, even from another instance, makes no request', async () => {
    const first = await lookups().byAbn(KOALA.abn);
    expect(await lookups().byAbn(KOALA.abn)).toEqual(first);
    expect(abrRequests('AbnDetails')).toHaveLength(1);
    const rows = await database.pool.query<{ seconds: number }>(
      'select extract(epoch from (expires_at - now()))::int as seconds from provider_cache where key = $1',
      [abrDetailsCacheKey(KOALA.abn)],
    );
    expect(rows.rows[0]?.seconds).toBeGreaterThan(3590);
    expect(rows.rows[0]?.seconds).toBeLessThanOrEqual(3600);
  });

  it('search hydration and look-ups read each other’s entries', async () => {
    const search = registryFor(abrFake, cache, silent, { timeoutMs: 2_000 });
    await search.searchByName('koala logistics', { preset: 'entity-only', includeSoleTraders: false });
    const hydrated = abrRequests('AbnDetails').length;
    expect(hydrated).toBeGreaterThan(0);
    expect(await lookups().byAbn(KOALA.abn)).toMatchObject({ ok: true, value: { name: 'KOALA LOGISTICS PTY LTD', active: true } });
    expect(abrRequests('AbnDetails')).toHaveLength(hydrated);

    const southernCross = entityNamed('SOUTHERN CROSS SOLAR PTY LTD');
    await lookups().byAbn(southernCross.abn);
    const { candidates } = await search.searchByName('southern cross solar', { preset: 'entity-only', includeSoleTraders: false });
    expect(candidates.map((c) => c.name)).toContain('SOUTHERN CROSS SOLAR PTY LTD');
    expect(abrRequests('AbnDetails').filter((r) => r.url.includes(southernCross.abn))).toHaveLength(1); // the look-up's only
  });
});

describe('byCompaniesHouseNumber and byAggregatorId (OpenCorporates company by id)', () => {
  it('an active UK company by its Companies House number', async () => {
    expect(await lookups().byCompaniesHouseNumber('09876543')).toEqual({
      ok: true,
      value: {
        name: 'FERNHOLLOW ANALYTICS LIMITED',
        otherNames: ['FERNHOLLOW DATA LIMITED'],
        formerNames: ['FERNHOLLOW DATA LIMITED'], // the register's previous_names
        countryIsoAlpha3: 'GBR',
        identifiers: [
          { type: 'CH', value: '09876543' },
          { type: 'OPENCORPORATES', value: 'gb/09876543' },
        ],
        active: true,
        registryStatus: { status: 'active', wording: 'Active', date: null },
        type: 'ProprietaryLimited',
        register: 'opencorporates',
        url: 'https://opencorporates.com/companies/gb/09876543',
      },
    });
    expect(ocFake.connections.requests[0]?.url).toMatch(/^\/v0\.4\/companies\/gb\/09876543\?/);
  });

  it('a number written without its leading zeros or in lower case is normalised first', async () => {
    expect(await lookups().byCompaniesHouseNumber('445790')).toMatchObject({ ok: true, value: { name: 'NORTHGATE TIMBER SUPPLIES LIMITED' } });
    expect(await lookups().byCompaniesHouseNumber('sc 612345')).toMatchObject({ ok: true, value: { name: 'FERNHOLLOW HOLDINGS LTD' } });
  });

  it('a dissolved UK company is found, not active', async () => {
    expect(await lookups().byCompaniesHouseNumber('SC612345')).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: 'FERNHOLLOW HOLDINGS LTD',
        active: false,
        registryStatus: { status: 'inactive', wording: 'Dissolved', date: '2022-03-01' },
        identifiers: expect.arrayContaining([{ type: 'CH', value: 'SC612345' }]),
      }),
    });
    expect(await lookups().byCompaniesHouseNumber('08123456')).toMatchObject({ ok: true, value: { name: 'QUILLSTONE SOFTWARE LIMITED', active: false } });
  });

  it('an unknown number is a clean miss (404); a number of no CH shape is one without any request', async () => {
    expect(await lookups().byCompaniesHouseNumber('99999999')).toEqual({ ok: true, value: null });
    expect(ocFake.connections.requests).toHaveLength(1);
    expect(await lookups().byCompaniesHouseNumber('not a number')).toEqual({ ok: true, value: null });
    expect(await lookups().byCompaniesHouseNumber('XY123456')).toEqual({ ok: true, value: null });
    expect(ocFake.connections.requests).toHaveLength(1);
  });

  it('by aggregator id, in any jurisdiction', async () => {
    expect(await lookups().byAggregatorId('us_de/7345678')).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: 'QUILLSTONE SOFTWARE, INC.',
        countryIsoAlpha3: 'USA',
        identifiers: [{ type: 'OPENCORPORATES', value: 'us_de/7345678' }],
        active: true,
        url: 'https://opencorporates.com/companies/us_de/7345678',
      }),
    });
    expect(await lookups().byAggregatorId('gb/10987654')).toMatchObject({ ok: true, value: { name: 'MERIDIAN RIDGE LIMITED', active: false } });
    expect(await lookups().byAggregatorId('GB/sc612345')).toMatchObject({ ok: true, value: { name: 'FERNHOLLOW HOLDINGS LTD' } });
    expect(await lookups().byAggregatorId('de/K1101R_HRB150148')).toMatchObject({ ok: true, value: { countryIsoAlpha3: 'DEU' } });
  });

  it('aggregator id misses: unknown company, unmappable jurisdiction, and ids of no id shape (no request)', async () => {
    expect(await lookups().byAggregatorId('gb/99999999')).toEqual({ ok: true, value: null });
    expect(await lookups().byAggregatorId('xk/811234567')).toEqual({ ok: true, value: null });
    const requests = ocFake.connections.requests.length;
    for (const id of ['gb', 'gb09876543', '/09876543', 'gb/', 'gb/0987/6543', 'g/09876543']) {
      expect(await lookups().byAggregatorId(id)).toEqual({ ok: true, value: null });
    }
    expect(ocFake.connections.requests).toHaveLength(requests);
  });

  it('failures are values: a 5xx twice, a 5xx then success, a timeout, a malformed body, no token', async () => {
    ocFake.faults.inject({ kind: 'status', status: 503 }, 2);
    expect(await lookups().byCompaniesHouseNumber('09876543')).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'http', status: 503 }) });
    ocFake.faults.inject({ kind: 'status', status: 500 }, 1);
    expect(await lookups().byCompaniesHouseNumber('09876543')).toMatchObject({ ok: true, value: { active: true } });
    ocFake.faults.inject({ kind: 'hang' }, 1);
    expect(await lookups().byAggregatorId('gb/09876543')).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'timeout' }) });
    ocFake.faults.inject({ kind: 'malformed' }, 1);
    expect(await lookups().byAggregatorId('gb/09876543')).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'malformed' }) });
    const before = ocFake.connections.requests.length;
    expect(await lookups({ ocToken: undefined }).byCompaniesHouseNumber('09876543')).toMatchObject({ ok: false, failure: { kind: 'configuration' } });
    expect(ocFake.connections.requests).toHaveLength(before);
  });
});
