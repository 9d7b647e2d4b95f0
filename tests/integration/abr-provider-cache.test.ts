import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createProviderCache, type ProviderCache } from '../../src/adapters/cache/provider-cache';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let cache: ProviderCache;

beforeAll(async () => {
  database = await createTestDatabase({ max: 4 });
  cache = createProviderCache(database.db);
});
afterAll(async () => {
  await database.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('provider cache', () => {
  it('returns what was set, as JSON', async () => {
    await cache.set('t:json', { a: 1, b: ['x', null], c: { d: true } }, 60_000);
    expect(await cache.get('t:json')).toEqual({ a: 1, b: ['x', null], c: { d: true } });
  });

  it('answers undefined for a missing key', async () => {
    expect(await cache.get('t:missing')).toBeUndefined();
  });

  it('ignores an expired row', async () => {
    await cache.set('t:short', 'soon gone', 30);
    await sleep(80);
    expect(await cache.get('t:short')).toBeUndefined();
  });

  it('replaces an entry, including its expiry', async () => {
    await cache.set('t:replace', 'old', 30);
    await cache.set('t:replace', 'new', 60_000);
    await sleep(80);
    expect(await cache.get('t:replace')).toBe('new');
  });

  it('treats a value of another shape as a miss when given a schema', async () => {
    await cache.set('t:shape', { n: 'not a number' }, 60_000);
    expect(await cache.get('t:shape', z.object({ n: z.number() }))).toBeUndefined();
    expect(await cache.get('t:shape', z.object({ n: z.string() }))).toEqual({ n: 'not a number' });
  });

  it('is shared by every cache built over the same database', async () => {
    const other = createProviderCache(database.db);
    await cache.set('t:shared', [1, 2, 3], 60_000);
    expect(await other.get('t:shared')).toEqual([1, 2, 3]);
  });

  it('getOrLoad loads once, then serves the cached value', async () => {
    let loads = 0;
    const options = { ttlMs: 60_000, schema: z.object({ v: z.number() }) };
    const load = async () => {
      loads += 1;
      return { v: 42 };
    };
    expect(await cache.getOrLoad('t:load', options, load)).toEqual({ v: 42 });
    expect(await cache.getOrLoad('t:load', options, load)).toEqual({ v: 42 });
    expect(loads).toBe(1);
  });

  it('getOrLoad stores nothing when the loader throws', async () => {
    const options = { ttlMs: 60_000, schema: z.string() };
    await expect(cache.getOrLoad('t:throws', options, async () => Promise.reject(new Error('provider down')))).rejects.toThrow('provider down');
    expect(await cache.get('t:throws')).toBeUndefined();
  });

  it('getOrLoad reloads after expiry', async () => {
    let loads = 0;
    const options = { ttlMs: 30, schema: z.number() };
    const load = async () => {
      loads += 1;
      return loads;
    };
    expect(await cache.getOrLoad('t:reload', options, load)).toBe(1);
    await sleep(80);
    expect(await cache.getOrLoad('t:reload', options, load)).toBe(2);
  });

  it('delete removes one entry', async () => {
    await cache.set('t:del', 'x', 60_000);
    await cache.set('t:keep', 'y', 60_000);
    await cache.delete('t:del');
    expect(await cache.get('t:del')).toBeUndefined();
    expect(await cache.get('t:keep')).toBe('y');
  });

  it('rejects a non-positive ttl', async () => {
    await expect(cache.set('t:bad', 'x', 0)).rejects.toThrow(RangeError);
  });
});
