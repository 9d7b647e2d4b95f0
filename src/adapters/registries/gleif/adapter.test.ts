/**
 * The GLEIF adapter against its contract fake over a real socket (no database: the in-memory cache twin): a record with
 * its parents, a clean miss, a number that is no LEI, the cache and a fresh re-read, and the fault matrix.
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createInMemoryProviderCache } from '../../cache/provider-cache';
import { startFakeGleif, type FakeGleif } from '../../../sandbox/gleif/fake-gleif-server';
import { changedSinceParams, createGleifRegistry } from './adapter';
import { createConfiguredGleifClient, type GleifHttpClient } from './client';
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

describe('GLEIF "changed since"', () => {
  const since = new Date('2026-12-01T06:00:00.123Z');

  it('builds GLEIF’s query: the LEIs as a comma list, `>=` a date-time in whole seconds, pages of 200', () => {
    expect(changedSinceParams(['984500HARBOURLINE019', '9845001FERNHOLLOW064'], since, 2)).toEqual({
      'filter[lei]': '984500HARBOURLINE019,9845001FERNHOLLOW064',
      'filter[registration.lastUpdateDate]': '>=2026-12-01T06:00:00Z',
      'page[size]': '200',
      'page[number]': '2',
    });
  });

  it('over the fake: answers the LEIs updated at or after the time, with their dates, in one paced call', async () => {
    const { gleif } = registry();
    const target = fake.entities.find((e) => e.lei === '984500QUILLSTONE0015');
    if (target === undefined) throw new Error('dataset changed');
    const before = target.lastUpdateDate;
    target.lastUpdateDate = '2026-12-02T00:00:00Z';
    let calls = 0;
    try {
      const result = await gleif.leisChangedSince(['984500quillstone0015', '984500HARBOURLINE019', 'not an lei'], since, {
        beforeCall: async () => void (calls += 1),
      });
      expect(result).toEqual({ ok: true, updated: new Map([['984500QUILLSTONE0015', new Date('2026-12-02T00:00:00Z')]]) });
      expect(calls).toBe(1);
      expect(fake.connections.requests).toHaveLength(1);
      expect(await gleif.leisChangedSince([], since)).toEqual({ ok: true, updated: new Map() });
      expect(fake.connections.requests).toHaveLength(1);
    } finally {
      target.lastUpdateDate = before;
    }
  });

  it('the fake takes `>=` a date or a date-time and answers any other form, or an unknown filter, with 400 like GLEIF', async () => {
    const ask = async (query: string) => (await fetch(`${fake.url}/lei-records?${query}`)).status;
    expect(await ask('filter[lei]=984500HARBOURLINE019&filter[registration.lastUpdateDate]=%3E%3D2026-05-01')).toBe(200);
    expect(await ask('filter[registration.lastUpdateDate]=%3E%3D2026-05-01T00:00:00Z')).toBe(200);
    for (const bad of ['%3C%3D2026-05-01', '2026-05-01', '%3E%3Dyesterday', '%3E%3D2026-05-01T00:00']) {
      expect(await ask(`filter[registration.lastUpdateDate]=${bad}`)).toBe(400);
    }
    expect(await ask('filter[entity.status]=ACTIVE')).toBe(400);
  });

  it('follows the pages GLEIF answers (one paced call each) and fails as a value', async () => {
    const pages: Record<string, string>[] = [];
    const record = (lei: string) => ({
      type: 'lei-records',
      id: lei,
      attributes: { lei, entity: { legalName: { name: lei } }, registration: { status: 'ISSUED', lastUpdateDate: '2026-12-02T00:00:00Z' } },
    });
    const paging: GleifHttpClient = {
      getJson: async (_path, params) => {
        pages.push(params);
        const page = Number(params['page[number]']);
        if (page === 3) return { ok: false, notFound: false, failure: { kind: 'http', status: 429, message: 'GLEIF throttled the call' } };
        return { ok: true, body: { data: [record(page === 1 ? '984500HARBOURLINE019' : '9845001FERNHOLLOW064')], meta: { pagination: { lastPage: 2 } } } };
      },
    };
    let calls = 0;
    const gleif = createGleifRegistry({ client: paging, cache: createInMemoryProviderCache(), log });
    const result = await gleif.leisChangedSince(['984500HARBOURLINE019', '9845001FERNHOLLOW064'], since, { beforeCall: async () => void (calls += 1) });
    expect(result.ok && [...result.updated.keys()]).toEqual(['984500HARBOURLINE019', '9845001FERNHOLLOW064']);
    expect(pages.map((p) => p['page[number]'])).toEqual(['1', '2']);
    expect(calls).toBe(2);
    const throttled: GleifHttpClient = { getJson: async (path, params, options) => paging.getJson(path, { ...params, 'page[number]': '3' }, options) };
    const failing = createGleifRegistry({ client: throttled, cache: createInMemoryProviderCache(), log });
    expect(await failing.leisChangedSince(['984500HARBOURLINE019'], since)).toMatchObject({ ok: false, failure: { kind: 'http', status: 429 } });
  });
});
