/**
 * The ABN Lookup fault matrix (issue section 8), over real sockets against the contract fake. Each fault
 * hits the name search (the call whose failure fails the search) unless it says details; timeouts are
 * FAULT_TIMEOUT_MS per HTTP attempt, the retry delay 20 ms; an answer "too late" comes a minute late. Where time
 * decides the outcome (a timeout, a slow body) the client's timeouts and the fake's delays run on one manual clock,
 * which the test moves once the call waits on it instead of waiting the 2 s out.
 *
 * | fault on MatchingNames      | result                                                     | requests |
 * |-----------------------------|------------------------------------------------------------|----------|
 * | timeout (answer too late)   | [], timeout; the connection is closed by the client        | 1        |
 * | 5xx then success            | candidates, null (retried once)                            | 2        |
 * | two 5xx                     | [], http 502                                               | 2        |
 * | 403                         | [], http 403 (not retried)                                 | 1        |
 * | malformed JSON              | [], malformed (not retried)                                | 1        |
 * | HTML page with 200          | [], malformed                                              | 1        |
 * | slow first byte, in time    | candidates, null                                           | 1        |
 * | slow first byte, too slow   | [], timeout                                                | 1        |
 * | connection reset once       | candidates, null (retried once)                            | 2        |
 * | connection reset twice      | [], network                                                | 2        |
 * | hang                        | [], timeout; the connection is closed by the client        | 1        |
 * | details: every call 500     | [], http 500 "details failed for N of N" (partial failure)  | 2/ABN    |
 * | details: one call hangs     | that record dropped, the others whole, timeout (partial)   |          |
 * | details: malformed body     | that record dropped, malformed (partial)                   |          |
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderCache } from '../../src/adapters/cache/provider-cache';
import { startFakeAbr, type FakeAbr } from '../../src/sandbox/abr/fake-abr-server';
import type { NationalRegistry, RegistryResult } from '../../src/server/search/ports';
import { createManualTimers } from '../../src/server/timers';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  advanceWhenWaiting,
  clearProviderCache,
  createProviderCache,
  FAULT_TIMEOUT_MS,
  memoryLogger,
  registryFor,
  requestsTo,
  TEST_GUID,
  TOO_LATE_MS,
  waitUntil,
} from './abr-support';

let database: TestDatabase;
let fake: FakeAbr;
let cache: ProviderCache;
let registry: NationalRegistry;
/** The same registry with its timeouts on `timers`. */
let clocked: NationalRegistry;
const timers = createManualTimers();

beforeAll(async () => {
  database = await createTestDatabase({ max: 4 });
  fake = await startFakeAbr({ validGuid: TEST_GUID });
  cache = createProviderCache(database.db);
  registry = registryFor(fake, cache, memoryLogger().log, { timeoutMs: FAULT_TIMEOUT_MS });
  clocked = registryFor(fake, cache, memoryLogger().log, { timeoutMs: FAULT_TIMEOUT_MS, timers });
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
  fake.endpointFaults.matchingNames.clear();
  fake.endpointFaults.abnDetails.clear();
});

const search = (): Promise<RegistryResult> => registry.searchByName('koala logistics', { preset: 'business-name-aware', includeSoleTraders: false });
const clockedSearch = (): Promise<RegistryResult> => clocked.searchByName('koala logistics', { preset: 'business-name-aware', includeSoleTraders: false });
const after = <T>(ms: number, pending: Promise<T>, waits: { fakeDelay: boolean }) =>
  advanceWhenWaiting({ timers, plan: fake.endpointFaults.matchingNames }, ms, pending, waits);

async function expectHealthy(result: RegistryResult) {
  expect(result.error).toBeNull();
  expect(result.candidates.map((c) => c.name)).toContain('KOALA LOGISTICS PTY LTD');
  expect(result.candidates.find((c) => c.name === 'KOALA LOGISTICS PTY LTD')?.type).toBe('ProprietaryLimited');
}

describe('fault matrix: name search', () => {
  it('timeout: error timeout, not retried', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'delay', ms: TOO_LATE_MS }, 1);
    const closedBefore = fake.connections.closedByClient;
    const result = await after(FAULT_TIMEOUT_MS, clockedSearch(), { fakeDelay: true });
    expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'timeout' }) });
    expect(requestsTo(fake, 'MatchingNames')).toBe(1);
    // The client gave up on the late answer rather than waiting it out.
    await waitUntil(() => fake.connections.closedByClient > closedBefore);
  });

  it('a 5xx then success: retried once, full result', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'status', status: 503 }, 1);
    await expectHealthy(await search());
    expect(requestsTo(fake, 'MatchingNames')).toBe(2);
  });

  it('two 5xx: error http with the status', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'status', status: 502 }, 2);
    expect(await search()).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'http', status: 502 }) });
    expect(requestsTo(fake, 'MatchingNames')).toBe(2);
  });

  it('403: error http 403, not retried', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'status', status: 403 }, 1);
    expect(await search()).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'http', status: 403 }) });
    expect(requestsTo(fake, 'MatchingNames')).toBe(1);
  });

  it('malformed JSON: error malformed, not retried', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'malformed' }, 1);
    expect(await search()).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'malformed' }) });
    expect(requestsTo(fake, 'MatchingNames')).toBe(1);
  });

  it('an HTML page with status 200 is malformed', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'status', status: 200, body: '<html><body>Service Unavailable</body></html>' }, 1);
    expect(await search()).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'malformed' }) });
  });

  it('slow first byte within the timeout: full result', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'slow-body', ms: FAULT_TIMEOUT_MS / 4 }, 1);
    await expectHealthy(await after(FAULT_TIMEOUT_MS / 4, clockedSearch(), { fakeDelay: true }));
    expect(requestsTo(fake, 'MatchingNames')).toBe(1);
  });

  it('slow first byte past the timeout: error timeout (the timeout covers the body)', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'slow-body', ms: TOO_LATE_MS }, 1);
    expect(await after(FAULT_TIMEOUT_MS, clockedSearch(), { fakeDelay: true })).toEqual({
      candidates: [],
      error: expect.objectContaining({ kind: 'timeout' }),
    });
    expect(requestsTo(fake, 'MatchingNames')).toBe(1);
  });

  it('connection reset once: retried, full result', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'reset' }, 1);
    await expectHealthy(await search());
    expect(requestsTo(fake, 'MatchingNames')).toBe(2);
  });

  it('connection reset twice: error network', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'reset' }, 2);
    expect(await search()).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'network' }) });
    expect(requestsTo(fake, 'MatchingNames')).toBe(2);
  });

  it('hang: error timeout, and the client closes the connection', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'hang' }, 1);
    const closedBefore = fake.connections.closedByClient;
    expect(await after(FAULT_TIMEOUT_MS, clockedSearch(), { fakeDelay: false })).toEqual({
      candidates: [],
      error: expect.objectContaining({ kind: 'timeout' }),
    });
    expect(requestsTo(fake, 'MatchingNames')).toBe(1);
    await waitUntil(() => fake.connections.closedByClient > closedBefore);
  });

  it('hang with the caller aborting: error aborted at once', async () => {
    fake.endpointFaults.matchingNames.inject({ kind: 'hang' }, 1);
    const controller = new AbortController();
    const pending = registry.searchByName('koala', { preset: 'entity-only', includeSoleTraders: false, signal: controller.signal });
    await fake.endpointFaults.matchingNames.whenTaken(1); // the call is in flight
    controller.abort();
    const result = await pending;
    expect(result).toEqual({ candidates: [], error: expect.objectContaining({ kind: 'aborted' }) });
  });
});

describe('fault matrix: details (hydration)', () => {
  it('every details call fails: no record can pass the entity-type allowlist, so none is shown; the partial failure is reported; nothing cached', async () => {
    fake.endpointFaults.abnDetails.inject({ kind: 'status', status: 500 });
    const result = await registry.searchByName('koala', { preset: 'entity-only', includeSoleTraders: false });
    expect(result.candidates).toEqual([]);
    expect(result.error).toEqual(
      expect.objectContaining({ kind: 'http', status: 500, message: expect.stringMatching(/^ABR details failed for (\d+) of \1 records/) }),
    );
    // each ABN: the call and its one retry
    const hydrated = Number(/of (\d+) records/.exec(result.error?.message ?? '')?.[1]);
    expect(requestsTo(fake, 'AbnDetails')).toBe(2 * hydrated);
    const cached = await database.pool.query('select count(*)::int as n from provider_cache');
    expect(cached.rows[0]).toEqual({ n: 0 });
  });

  it('one details call hangs: that record is dropped, the others are whole, and the partial failure is reported', async () => {
    const whole = await registry.searchByName('koala', { preset: 'entity-only', includeSoleTraders: false });
    await clearProviderCache(database.db);
    const detailsBefore = fake.connections.requests.filter((r) => r.url.startsWith('/json/AbnDetails.aspx')).length;
    fake.endpointFaults.abnDetails.inject({ kind: 'hang' }, 1);
    const pending = clocked.searchByName('koala', { preset: 'entity-only', includeSoleTraders: false });
    // The hung call is the one left waiting on the clock (the others answered and cleared their timeouts).
    await fake.endpointFaults.abnDetails.whenTaken(1);
    await waitUntil(() => timers.pending === 1);
    await timers.advance(FAULT_TIMEOUT_MS);
    const result = await pending;
    expect(result.error).toEqual(expect.objectContaining({ kind: 'timeout', message: expect.stringContaining('details failed for 1 of') }));
    // The details calls run concurrently, so which record's call hangs (the first to arrive) varies: it may be one
    // the allowlist drops anyway. That record, whichever it is, is missing; every other one is whole.
    const hung = fake.connections.requests.filter((r) => r.url.startsWith('/json/AbnDetails.aspx'))[detailsBefore];
    const hungAbn = new URL(hung?.url ?? '', 'http://fake').searchParams.get('abn') ?? '';
    expect(hungAbn).toMatch(/^\d{11}$/);
    const abnsOf = (candidates: typeof result.candidates) => candidates.map((c) => c.identifiers.find((i) => i.type === 'ABN')?.value);
    const expected = abnsOf(whole.candidates).filter((abn) => abn !== hungAbn);
    expect(abnsOf(result.candidates).sort()).toEqual(expected.sort());
    expect(result.candidates.every((c) => c.type !== null)).toBe(true);
  });

  it('a malformed details body: that record is dropped and the failure reported', async () => {
    fake.endpointFaults.abnDetails.inject({ kind: 'malformed' }, 1);
    const result = await registry.searchByName('barramundi systems', { preset: 'entity-only', includeSoleTraders: false });
    expect(result).toEqual({
      candidates: [],
      error: expect.objectContaining({ kind: 'malformed', message: expect.stringContaining('details failed for 1 of 1') }),
    });
  });

  it('a trust whose details failed never appears without includeSoleTraders (and not with it either)', async () => {
    fake.endpointFaults.abnDetails.inject({ kind: 'status', status: 500 });
    for (const includeSoleTraders of [false, true]) {
      const result = await registry.searchByName('koala', { preset: 'business-name-aware', includeSoleTraders });
      expect(result.candidates).toEqual([]);
      expect(result.error).not.toBeNull();
    }
  });
});
