/**
 * The ABN Lookup adapter against the contract fake over real sockets: presets, allowlists, parent entity
 * names, type mapping, identifiers, score, the shared details cache, configuration and abort.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { abrDetailsCacheKey, createAbrRegistry } from '../../src/adapters/registries/abr/adapter';
import { createConfiguredAbrClient } from '../../src/adapters/registries/abr/client';
import type { ProviderCache } from '../../src/adapters/cache/provider-cache';
import { FAKE_ABR_ENTITIES } from '../../src/sandbox/abr/dataset';
import { fakeAbrScore, fakeAbrWords, startFakeAbr, type FakeAbr } from '../../src/sandbox/abr/fake-abr-server';
import type { NationalRegistry } from '../../src/server/search/ports';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { clearProviderCache, createProviderCache, memoryLogger, registryFor, requestsTo, TEST_GUID, TOO_LATE_MS, waitUntil } from './abr-support';

let database: TestDatabase;
let fake: FakeAbr;
let cache: ProviderCache;
let registry: NationalRegistry;
const logger = memoryLogger();

beforeAll(async () => {
  database = await createTestDatabase({ max: 6 });
  fake = await startFakeAbr({ validGuid: TEST_GUID });
  cache = createProviderCache(database.db);
  registry = registryFor(fake, cache, logger.log, { timeoutMs: 2_000 });
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
  fake.endpointFaults.matchingNames.clear();
  fake.endpointFaults.abnDetails.clear();
});

const entityNamed = (name: string) => {
  const entity = FAKE_ABR_ENTITIES.find((e) => e.entityName === name);
  if (!entity) throw new Error(`no such entity in the fake dataset: ${name}`);
  return entity;
};

describe('presets', () => {
  it('entity-only: legal entity names only, one row per ABN', async () => {
    const { candidates, error } = await registry.searchByName('acme', { preset: 'entity-only', includeSoleTraders: false });
    expect(error).toBeNull();
    expect(candidates.map((c) => c.name).sort()).toEqual(
      ['ACME HOLDINGS PTY LTD', 'ACME INDUSTRIES LIMITED', 'ACME TRADING CO PTY LTD', 'ACME WIDGETS PTY LTD'].sort(),
    );
    expect(candidates.every((c) => c.nameKind === 'entity' && c.matchedBusinessName === null && c.parentEntityName === null)).toBe(true);
  });

  it('business-name-aware: one row per ABN, the matched business name in matchedBusinessName', async () => {
    const { candidates, error } = await registry.searchByName('acme hardware', { preset: 'business-name-aware', includeSoleTraders: false });
    expect(error).toBeNull();
    const holdings = candidates.filter((c) => c.identifiers.some((i) => i.value === entityNamed('ACME HOLDINGS PTY LTD').abn));
    expect(holdings).toHaveLength(1); // two business names and the entity name matched: still one row
    expect(holdings[0]).toMatchObject({ name: 'ACME HOLDINGS PTY LTD', matchedBusinessName: 'Acme Hardware', nameKind: 'business' });
    const abns = candidates.map((c) => c.identifiers.find((i) => i.type === 'ABN')?.value);
    expect(new Set(abns).size).toBe(abns.length);
  });

  it('with-business-names: business names are their own rows with parentEntityName', async () => {
    const { candidates } = await registry.searchByName('koala', { preset: 'with-business-names', includeSoleTraders: false });
    const express = candidates.find((c) => c.name === 'Koala Express Freight');
    expect(express).toMatchObject({ nameKind: 'business', parentEntityName: 'KOALA LOGISTICS PTY LTD', type: 'ProprietaryLimited' });
    const kids = candidates.find((c) => c.name === 'Koala Kids Childcare');
    expect(kids?.parentEntityName).toBe('SUNSHINE EARLY LEARNING PTY LTD');
    // the entity row is there too, uncollapsed
    expect(candidates.find((c) => c.name === 'KOALA LOGISTICS PTY LTD')?.parentEntityName).toBeNull();
    // a business-name-aware search folds the same hits into one row per ABN instead
    const aware = await registry.searchByName('koala', { preset: 'business-name-aware', includeSoleTraders: false });
    expect(aware.candidates.map((c) => c.name)).not.toContain('Koala Express Freight');
    expect(aware.candidates.find((c) => c.name === 'SUNSHINE EARLY LEARNING PTY LTD')?.matchedBusinessName).toBe('Koala Kids Childcare');
  });
});

describe('allowlists', () => {
  it('drops trusts, partnerships and super funds (entity types outside PUB, PRV)', async () => {
    const koala = await registry.searchByName('koala', { preset: 'with-business-names', includeSoleTraders: true });
    expect(koala.candidates.map((c) => c.name)).not.toContain('KOALA PARTNERS');
    const wombat = await registry.searchByName('wombat', { preset: 'entity-only', includeSoleTraders: true });
    expect(wombat.candidates.map((c) => c.name).sort()).toEqual(['WOMBAT TECHNOLOGIES LIMITED', 'WOMBAT WORKS PTY LTD']);
  });

  it('sole traders (IND) only with includeSoleTraders', async () => {
    const without = await registry.searchByName('acme plumbing', { preset: 'business-name-aware', includeSoleTraders: false });
    expect(without.candidates.map((c) => c.name)).not.toContain('NGUYEN, THANH');
    const withSoleTraders = await registry.searchByName('acme plumbing', { preset: 'business-name-aware', includeSoleTraders: true });
    expect(withSoleTraders.candidates.find((c) => c.name === 'NGUYEN, THANH')).toMatchObject({
      matchedBusinessName: 'ACME PLUMBING',
      type: 'SoleProprietor',
      identifiers: [{ type: 'ABN', value: entityNamed('NGUYEN, THANH').abn }],
    });
  });

  it("adds the legal name kind with includeSoleTraders (an individual's own name)", async () => {
    const without = await registry.searchByName('rossi maria', { preset: 'entity-only', includeSoleTraders: false });
    expect(without).toEqual({ candidates: [], error: null });
    const withSoleTraders = await registry.searchByName('rossi maria', { preset: 'entity-only', includeSoleTraders: true });
    expect(withSoleTraders.candidates.map((c) => [c.name, c.nameKind, c.type])).toEqual([['ROSSI, MARIA', 'legal', 'SoleProprietor']]);
  });

  it('business names of a sole trader are not rows under entity-only, even with includeSoleTraders', async () => {
    const { candidates } = await registry.searchByName('bondi beach bakery', { preset: 'entity-only', includeSoleTraders: true });
    expect(candidates.map((c) => c.name)).not.toContain('BONDI BEACH BAKERY');
    expect(candidates.map((c) => c.name)).not.toContain('ROSSI, MARIA');
  });

  it('never yields trading names or former names', async () => {
    const imports = await registry.searchByName('acme imports', { preset: 'with-business-names', includeSoleTraders: true });
    expect(imports.candidates.map((c) => c.name)).not.toContain('ACME IMPORTS');
    const former = await registry.searchByName('harbour smiles', { preset: 'with-business-names', includeSoleTraders: true });
    expect(former.candidates.map((c) => c.name)).not.toContain('HARBOUR SMILES PTY LTD');
  });

  it("yields a cancelled ABN as a row marked inactive, in ABN Lookup's words, with the date the status took effect (issue 20)", async () => {
    const cancelled = await registry.searchByName('old mill bakery', { preset: 'business-name-aware', includeSoleTraders: true });
    expect(cancelled.error).toBeNull();
    const mill = entityNamed('OLD MILL BAKERY PTY LTD');
    expect(cancelled.candidates.map((c) => [c.name, c.registryStatus])).toEqual([
      ['OLD MILL BAKERY PTY LTD', { status: 'inactive', wording: 'Cancelled', date: mill.statusFrom }],
      ['ROSSI, MARIA', { status: 'active', wording: 'Active', date: entityNamed('ROSSI, MARIA').statusFrom }], // via BONDI BEACH BAKERY
    ]);
    expect(fake.connections.requests.some((r) => r.url.includes(mill.abn))).toBe(true); // hydrated, after the active ones
  });
});

describe('what each candidate carries', () => {
  it('type mapping PRV, PUB, IND; ABN and ACN identifiers; AUS; description', async () => {
    const { candidates } = await registry.searchByName('koala care australia', { preset: 'entity-only', includeSoleTraders: false });
    const care = entityNamed('KOALA CARE AUSTRALIA LIMITED');
    expect(candidates[0]).toEqual({
      name: 'KOALA CARE AUSTRALIA LIMITED',
      countryIsoAlpha3: 'AUS',
      identifiers: [
        { type: 'ABN', value: care.abn },
        { type: 'ACN', value: care.acn },
      ],
      description: 'Australian Public Company, QLD 4101',
      website: null,
      websiteValidated: false,
      nameKind: 'entity',
      matchedBusinessName: null,
      parentEntityName: null,
      type: 'PublicLimited',
      score: 100,
      registryStatus: { status: 'active', wording: 'Active', date: care.statusFrom },
    });
    const prv = await registry.searchByName('koala logistics', { preset: 'entity-only', includeSoleTraders: false });
    expect(prv.candidates[0]?.type).toBe('ProprietaryLimited');
  });

  it("keeps the registry's own score, best first", async () => {
    const { candidates } = await registry.searchByName('harbour', { preset: 'entity-only', includeSoleTraders: false });
    expect(candidates.length).toBeGreaterThan(1);
    for (const c of candidates) expect(c.score).toBe(fakeAbrScore(fakeAbrWords('harbour'), c.name));
    const scores = candidates.map((c) => c.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('a clean zero-result search is no error', async () => {
    expect(await registry.searchByName('zzyzx quixotic', { preset: 'business-name-aware', includeSoleTraders: true })).toEqual({
      candidates: [],
      error: null,
    });
    expect(requestsTo(fake, 'AbnDetails')).toBe(0);
  });
});

describe('details cache (1 hour, shared by all instances)', () => {
  it('a second search, even from another instance, does not call AbnDetails again', async () => {
    const first = await registry.searchByName('southern cross', { preset: 'business-name-aware', includeSoleTraders: true });
    const detailsCalls = requestsTo(fake, 'AbnDetails');
    expect(detailsCalls).toBe(3);
    const abn = entityNamed('SOUTHERN CROSS SOLAR PTY LTD').abn;
    expect(await cache.get(abrDetailsCacheKey(abn))).toMatchObject({ Abn: abn, EntityTypeCode: 'PRV' });

    const again = await registry.searchByName('southern cross', { preset: 'business-name-aware', includeSoleTraders: true });
    const otherInstance = createAbrRegistry({
      client: createConfiguredAbrClient({ guid: TEST_GUID, baseUrl: fake.url }),
      cache: createProviderCache(database.db),
      log: logger.log,
    });
    const fromOther = await otherInstance.searchByName('southern cross', { preset: 'business-name-aware', includeSoleTraders: true });
    expect(requestsTo(fake, 'AbnDetails')).toBe(detailsCalls);
    expect(requestsTo(fake, 'MatchingNames')).toBe(3); // name searches are not cached
    expect(again).toEqual(first);
    expect(fromOther).toEqual(first);
  });

  it('is written for one hour', async () => {
    await registry.searchByName('wombat works', { preset: 'entity-only', includeSoleTraders: false });
    const abn = entityNamed('WOMBAT WORKS PTY LTD').abn;
    const rows = await database.pool.query<{ seconds: number }>(
      'select extract(epoch from (expires_at - now()))::int as seconds from provider_cache where key = $1',
      [abrDetailsCacheKey(abn)],
    );
    expect(rows.rows[0]?.seconds).toBeGreaterThan(3590);
    expect(rows.rows[0]?.seconds).toBeLessThanOrEqual(3600);
  });
});

describe('configuration', () => {
  it('a missing GUID is a configuration error, without any HTTP call', async () => {
    const unconfigured = registryFor(fake, cache, logger.log, { guid: undefined });
    const result = await unconfigured.searchByName('acme', { preset: 'business-name-aware', includeSoleTraders: false });
    expect(result.candidates).toEqual([]);
    expect(result.error?.kind).toBe('configuration');
    expect(fake.connections.requests).toHaveLength(0);
  });

  it('an unknown GUID: the error body is retried once, then reported; the GUID is never logged', async () => {
    const wrongGuid = 'wrong-guid-0000-secret';
    const { log, lines } = memoryLogger();
    const misconfigured = registryFor(fake, cache, log, { guid: wrongGuid });
    const result = await misconfigured.searchByName('acme', { preset: 'business-name-aware', includeSoleTraders: false });
    expect(result.candidates).toEqual([]);
    expect(result.error).toMatchObject({ kind: 'http', status: 200 });
    expect(requestsTo(fake, 'MatchingNames')).toBe(2);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(wrongGuid);
  });
});

describe('abort', () => {
  it('aborting mid-hydration closes the in-flight calls and sends no further requests', async () => {
    // Details answer a minute late: only the abort can end the search before the test's own timeout.
    fake.endpointFaults.abnDetails.inject({ kind: 'delay', ms: TOO_LATE_MS });
    const controller = new AbortController();
    const closedBefore = fake.connections.closedByClient;
    const search = registry.searchByName('acme', { preset: 'with-business-names', includeSoleTraders: true, signal: controller.signal });
    await waitUntil(() => requestsTo(fake, 'AbnDetails') >= 4);
    const inFlight = requestsTo(fake, 'AbnDetails');
    controller.abort();
    const result = await search;
    expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'aborted' }) });
    await waitUntil(() => fake.connections.closedByClient - closedBefore >= inFlight);
    const requestsAfterAbort = fake.connections.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.connections.requests.length).toBe(requestsAfterAbort);
    expect(inFlight).toBe(4); // bounded concurrency: 4 details calls in flight, no more
  });

  it('an already aborted signal makes no call', async () => {
    const result = await registry.searchByName('acme', { preset: 'entity-only', includeSoleTraders: false, signal: AbortSignal.abort() });
    expect(result.error?.kind).toBe('aborted');
    expect(fake.connections.requests).toHaveLength(0);
  });
});
