/**
 * The GLEIF adapter against its contract fake over a real socket (no database: the in-memory cache twin): a record with
 * its parents, a clean miss, a number that is no LEI, the cache and a fresh re-read, and the fault matrix.
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createInMemoryProviderCache } from '../../cache/provider-cache';
import { startFakeGleif, type FakeGleif } from '../../../sandbox/gleif/fake-gleif-server';
import { createGleifRegistry } from './adapter';
import { createConfiguredGleifClient } from './client';
import { toLeiEntity } from './transform';

const log = pino({ level: 'silent' });
let fake: FakeGleif;

beforeAll(async () => {
  fake = await startFakeGleif({ latency: 'zero' });
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.faults.clear();
  fake.connections.requests.length = 0;
});

function registry(options: { timeoutMs?: number } = {}) {
  const cache = createInMemoryProviderCache();
  return {
    cache,
    gleif: createGleifRegistry({
      client: createConfiguredGleifClient({ baseUrl: fake.url, log, retryDelayMs: 10 }),
      cache,
      log,
      timeoutMs: options.timeoutMs ?? 2000,
    }),
  };
}

describe('GLEIF adapter over the fake', () => {
  it('reads an LEI record with its direct and ultimate parents', async () => {
    const { gleif } = registry();
    const result = await gleif.lookUpLei('9845001FERNHOLLOW064');
    expect(result.error).toBeNull();
    const entity = result.lookup === null ? null : toLeiEntity(result.lookup);
    expect(entity?.legalName).toBe('FERNHOLLOW ANALYTICS LIMITED');
    expect(entity?.directParent).toEqual({ lei: '984500FERNHOLDGRP028', name: 'FERNHOLLOW GROUP PLC' });
    expect(fake.connections.requests.map((r) => r.url).sort()).toEqual([
      '/api/v1/lei-records/9845001FERNHOLLOW064',
      '/api/v1/lei-records/9845001FERNHOLLOW064/direct-parent',
      '/api/v1/lei-records/9845001FERNHOLLOW064/ultimate-parent',
    ]);
  });

  it('an entity reporting no parent costs one call', async () => {
    const { gleif } = registry();
    const result = await gleif.lookUpLei('984500HARBOURLINE019');
    expect(result.lookup?.directParent).toBeNull();
    expect(fake.connections.requests).toHaveLength(1);
  });

  it('an unknown LEI is a clean miss; a value that is no LEI asks nobody', async () => {
    const { gleif } = registry();
    expect(await gleif.lookUpLei('5493001KJTIIGC8Y1R12')).toEqual({ lookup: null, error: null });
    expect(await gleif.lookUpLei('not an lei')).toEqual({ lookup: null, error: null });
    expect(fake.connections.requests).toHaveLength(1);
  });

  it('serves a repeat from the cache, and a fresh re-read asks again and sees the change', async () => {
    const { gleif } = registry();
    await gleif.lookUpLei('984500HARBOURLINE019');
    const target = fake.entities.find((e) => e.lei === '984500HARBOURLINE019');
    if (target === undefined) throw new Error('dataset changed');
    const before = target.registrationStatus;
    target.registrationStatus = 'LAPSED';
    try {
      expect((await gleif.lookUpLei('984500HARBOURLINE019')).lookup?.record.attributes.registration.status).toBe(before);
      expect((await gleif.lookUpLei('984500HARBOURLINE019', { fresh: true })).lookup?.record.attributes.registration.status).toBe('LAPSED');
      expect(fake.connections.requests).toHaveLength(2);
    } finally {
      target.registrationStatus = before;
    }
  });

  it('retries one 5xx and then answers', async () => {
    const { gleif } = registry();
    fake.faults.inject({ kind: 'status', status: 503 }, 1);
    const result = await gleif.lookUpLei('984500HARBOURLINE019');
    expect(result.error).toBeNull();
    expect(result.lookup?.record.id).toBe('984500HARBOURLINE019');
  });

  it('reports failures as values and caches none of them', async () => {
    const { gleif, cache } = registry({ timeoutMs: 300 });
    fake.faults.inject({ kind: 'status', status: 429 }, 1);
    expect((await gleif.lookUpLei('984500HARBOURLINE019')).error).toMatchObject({ kind: 'http', status: 429 });
    fake.faults.inject({ kind: 'malformed' }, 1);
    expect((await gleif.lookUpLei('984500HARBOURLINE019')).error).toMatchObject({ kind: 'malformed' });
    fake.faults.inject({ kind: 'hang' }, 1);
    expect((await gleif.lookUpLei('984500HARBOURLINE019')).error).toMatchObject({ kind: 'timeout' });
    fake.faults.inject({ kind: 'reset' }, 1);
    expect((await gleif.lookUpLei('984500HARBOURLINE019')).error).toMatchObject({ kind: 'network' });
    expect(cache.size()).toBe(0);
  });

  it('a parent that cannot be read fails the whole look-up (a parent is never reported gone for a failure)', async () => {
    const { gleif } = registry();
    fake.faults.inject({ kind: 'delay', ms: 0 }, 1);
    fake.faults.inject({ kind: 'status', status: 500 }, 4);
    const result = await gleif.lookUpLei('9845001FERNHOLLOW064');
    expect(result.lookup).toBeNull();
    expect(result.error).toMatchObject({ kind: 'http', status: 500 });
  });

  it('an aborted caller gets aborted', async () => {
    const { gleif } = registry();
    const controller = new AbortController();
    controller.abort();
    expect((await gleif.lookUpLei('984500HARBOURLINE019', { signal: controller.signal })).error).toMatchObject({ kind: 'aborted' });
  });
});
