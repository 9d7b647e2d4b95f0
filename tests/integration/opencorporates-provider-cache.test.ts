/**
 * The OpenCorporates adapter over the real shared cache (provider_cache table on PostgreSQL): entries are
 * written with the 30-day TTL, keyed without the token, a search per account, reused by a second registry
 * instance (another web instance) for the same account only, and a company-by-id record is shared by all;
 * a 403 opens the breaker for every instance on the database until its time is up.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderCache } from '../../src/adapters/cache/provider-cache';
import { createOpenCorporatesRegistry } from '../../src/adapters/registries/opencorporates/adapter';
import { createOpenCorporatesHttpClient } from '../../src/adapters/registries/opencorporates/client';
import { startFakeOpenCorporates, type FakeOpenCorporates } from '../../src/sandbox/opencorporates/fake-opencorporates-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let fake: FakeOpenCorporates;

beforeAll(async () => {
  database = await createTestDatabase({ max: 4 });
  fake = await startFakeOpenCorporates({ latency: 'zero' });
});
afterAll(async () => {
  await fake.close();
  await database.drop();
});

const registry = (options: { breakerMs?: number } = {}) =>
  createOpenCorporatesRegistry({
    breakerMs: options.breakerMs ?? 60_000,
    client: createOpenCorporatesHttpClient({ apiToken: 'secret-token-value', baseUrl: fake.url, log: pino({ level: 'silent' }), retryDelayMs: 20 }),
    cache: createProviderCache(database.db),
    log: pino({ level: 'silent' }),
    timeoutMs: 2000,
  });

async function cacheRows(): Promise<{ key: string; days: number; value: string }[]> {
  const result = await database.db.execute(
    sql`select key, extract(epoch from (expires_at - now())) / 86400 as days, value::text as value from provider_cache where key like 'oc:%' order by key`,
  );
  return result.rows.map((row) => ({ key: String(row.key), days: Number(row.days), value: String(row.value) }));
}

describe('OpenCorporates over the shared provider cache', () => {
  const accountId = '6f1c1f4e-8a4b-4c36-9a39-0d5d3f0b2a11';
  it('stores a search for 30 days under a token-free key of its account and serves it to another instance', async () => {
    const first = await registry().searchByName('Fernhollow Analytics', { accountId });
    expect(first.error).toBeNull();
    expect(new Set(first.candidates.map((c) => c.countryIsoAlpha3))).toEqual(new Set(['GBR', 'USA', 'NZL', 'DEU', 'IRL']));
    const rows = await cacheRows();
    expect(rows.map((r) => r.key)).toEqual([`oc:search:${accountId}:all:fernhollow analytics`]);
    expect(rows[0]?.days).toBeGreaterThan(29.9);
    expect(rows[0]?.days).toBeLessThanOrEqual(30);
    expect(rows[0]?.value).not.toContain('secret-token-value');

    const second = await registry().searchByName('FERNHOLLOW  analytics', { accountId });
    expect(second).toEqual(first);
    expect(fake.connections.requests).toHaveLength(1);
  });

  it("does not serve one account's search to another account (its own entry, its own call)", async () => {
    const before = fake.connections.requests.length;
    const other = await registry().searchByName('Fernhollow Analytics', { accountId: '0b0c7d1e-4f57-4b8e-a0c2-3a7e5f7c9d22' });
    expect(other.error).toBeNull();
    expect(fake.connections.requests.length - before).toBe(1);
    expect((await cacheRows()).filter((r) => r.key.endsWith(':all:fernhollow analytics'))).toHaveLength(2);
  });

  it('caches company-by-id the same way, shared by every account', async () => {
    const before = fake.connections.requests.length;
    const first = await registry().getCompany('gb', '04561230');
    expect(first.company?.type).toBe('PublicLimited');
    expect(await registry().getCompany('GB', '04561230')).toEqual(first);
    expect(fake.connections.requests.length - before).toBe(1);
    expect((await cacheRows()).map((r) => r.key)).toContain('oc:company:gb/04561230');
  });

  it('shares an open breaker through the database: a 403 on one instance stops the others until it closes', async () => {
    const [first, second] = [registry({ breakerMs: 1_500 }), registry({ breakerMs: 1_500 })];
    fake.faults.inject({ kind: 'status', status: 403 }, 1);
    const before = fake.connections.requests.length;
    expect((await first.searchByName('Breaker Test One', {})).error).toEqual(expect.objectContaining({ status: 403 }));
    expect((await second.searchByName('Breaker Test Two', {})).error).toEqual(expect.objectContaining({ status: 403 }));
    expect(fake.connections.requests.length - before).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await second.searchByName('Breaker Test Two', {})).error).toBeNull();
    expect((await first.searchByName('Breaker Test One', {})).error).toBeNull();
    expect(fake.connections.requests.length - before).toBe(3);
  });
});
