/**
 * GLEIF (the LEI register) through its public API v1: one LEI's record with its direct and ultimate parents'
 * records, cached a day in the shared provider cache (GLEIF republishes its golden copy daily; a monitoring re-read
 * asks afresh). Never throws for provider failures: they come back in the result's `error` field.
 */
import { isValidLei, normaliseIdentifierValue } from '../../../core/identifiers';
import type { Env } from '../../../config/env';
import { adapterCache, type ProviderCache } from '../../cache/provider-cache';
import type { Log } from '../../../server/ports';
import type { RegistryFailure } from '../../../server/search/ports';
import { createConfiguredGleifClient, type GleifHttpClient } from './client';
import { gleifListEnvelopeSchema, gleifLookupSchema, gleifRecordEnvelopeSchema, type GleifLookup, type GleifRecord } from './schemas';
import { leiCacheKey, reportsParent } from './transform';

export interface GleifRegistryOptions {
  client: GleifHttpClient;
  /** The shared provider cache; tests pass `createInMemoryProviderCache`. */
  cache: ProviderCache;
  log: Log;
  /** Per-attempt timeout of each call (default 10 s). */
  timeoutMs?: number;
}

export interface GleifLookupResult {
  /** Null when GLEIF has no such LEI (404), when the value is no LEI, or on error. */
  lookup: GleifLookup | null;
  error: RegistryFailure | null;
}

export interface GleifRegistry {
  /**
   * The LEI's record and its parents' records. `fresh`: skip the cache read (monitoring's re-check must see today's
   * record), the answer is still cached for search.
   */
  lookUpLei(lei: string, options?: { signal?: AbortSignal; fresh?: boolean }): Promise<GleifLookupResult>;
  /**
   * GLEIF's own "changed since" query: of `leis` (at most GLEIF_CHANGED_SINCE_MAX), those whose record's
   * `registration.lastUpdateDate` is at or after `since`, with that date (null if GLEIF sent none or an unreadable one),
   * one list call per page (`beforeCall` runs before each: the
   * caller's pacing). A relationship (parent) change may not move the child's date: callers still re-read in full now
   * and then.
   */
  leisChangedSince(
    leis: readonly string[],
    since: Date,
    options?: { signal?: AbortSignal; beforeCall?: () => Promise<void> },
  ): Promise<{ ok: true; updated: Map<string, Date | null> } | { ok: false; failure: RegistryFailure }>;
}

/** GLEIF's largest `page[size]`, and so the most LEIs one changed-since query is asked about. */
export const GLEIF_CHANGED_SINCE_MAX = 200;

/** The query of one page of a changed-since read (GLEIF takes `>=` with a date-time in whole seconds, UTC). */
export function changedSinceParams(leis: readonly string[], since: Date, page: number): Record<string, string> {
  return {
    'filter[lei]': leis.join(','),
    'filter[registration.lastUpdateDate]': `>=${since.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    'page[size]': String(GLEIF_CHANGED_SINCE_MAX),
    'page[number]': String(page),
  };
}

/** GLEIF publishes a new golden copy every day; a day-old answer is as good as GLEIF's own concatenated file. */
export const GLEIF_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

const miss: GleifLookupResult = { lookup: null, error: null };

export function createGleifRegistry(options: GleifRegistryOptions): GleifRegistry {
  const { client, log } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const entries = adapterCache(options.cache, { log, name: 'gleif', source: 'the API' });

  type Read = { ok: true; record: GleifRecord | null } | { ok: false; failure: RegistryFailure };

  async function readRecord(path: string, signal: AbortSignal | undefined): Promise<Read> {
    const answer = await client.getJson(path, {}, { signal, timeoutMs });
    if (!answer.ok) return answer.notFound ? { ok: true, record: null } : { ok: false, failure: answer.failure };
    const parsed = gleifRecordEnvelopeSchema.safeParse(answer.body);
    if (!parsed.success) {
      log.warn({ path: path.replace(/[A-Z0-9]{20}/g, '<lei>'), issues: parsed.error.issues.length }, 'gleif record failed its schema');
      return { ok: false, failure: { kind: 'malformed', message: 'GLEIF sent a record that does not match the LEI record schema' } };
    }
    return { ok: true, record: parsed.data.data };
  }

  /** A parent the record reports; a 404 there is no parent (GLEIF withdrew the relationship), a failure fails the lookup. */
  async function readParent(record: GleifRecord, kind: 'direct-parent' | 'ultimate-parent', signal: AbortSignal | undefined): Promise<Read> {
    if (!reportsParent(record, kind)) return { ok: true, record: null };
    return readRecord(`lei-records/${encodeURIComponent(record.attributes.lei)}/${kind}`, signal);
  }

  return {
    async lookUpLei(value, { signal, fresh = false } = {}) {
      const lei = normaliseIdentifierValue(value);
      if (!isValidLei(lei)) return miss;
      if (!fresh) {
        const cached = await entries.read(leiCacheKey(lei), gleifLookupSchema);
        if (cached !== undefined) return { lookup: cached, error: null };
      }
      const main = await readRecord(`lei-records/${encodeURIComponent(lei)}`, signal);
      if (!main.ok) return { lookup: null, error: main.failure };
      if (main.record === null) return miss;
      const [direct, ultimate] = await Promise.all([readParent(main.record, 'direct-parent', signal), readParent(main.record, 'ultimate-parent', signal)]);
      if (!direct.ok) return { lookup: null, error: direct.failure };
      if (!ultimate.ok) return { lookup: null, error: ultimate.failure };
      const lookup: GleifLookup = { record: main.record, directParent: direct.record, ultimateParent: ultimate.record };
      await entries.write(leiCacheKey(lei), lookup, GLEIF_CACHE_TTL_MS);
      return { lookup, error: null };
    },

    async leisChangedSince(values, since, { signal, beforeCall } = {}) {
      const leis = [...new Set(values.map(normaliseIdentifierValue).filter(isValidLei))];
      if (leis.length > GLEIF_CHANGED_SINCE_MAX) throw new RangeError(`at most ${GLEIF_CHANGED_SINCE_MAX} LEIs per changed-since query`);
      const changed = new Map<string, Date | null>();
      if (leis.length === 0) return { ok: true, updated: changed };
      // Every LEI fits one page; the loop follows `lastPage` should GLEIF ever page smaller than asked.
      for (let page = 1; ; page += 1) {
        await beforeCall?.();
        const answer = await client.getJson('lei-records', changedSinceParams(leis, since, page), { signal, timeoutMs });
        if (!answer.ok) return answer.notFound ? { ok: true, updated: changed } : { ok: false, failure: answer.failure };
        const parsed = gleifListEnvelopeSchema.safeParse(answer.body);
        if (!parsed.success) {
          log.warn({ issues: parsed.error.issues.length }, 'gleif changed-since list failed its schema');
          return { ok: false, failure: { kind: 'malformed', message: 'GLEIF sent a list that does not match the LEI record schema' } };
        }
        for (const record of parsed.data.data) {
          const updatedAt = Date.parse(record.attributes.registration.lastUpdateDate ?? '');
          changed.set(record.attributes.lei.toUpperCase(), Number.isNaN(updatedAt) ? null : new Date(updatedAt));
        }
        const lastPage = parsed.data.meta?.pagination?.lastPage ?? page;
        if (page >= lastPage || parsed.data.data.length === 0) return { ok: true, updated: changed };
      }
    },
  };
}

export function createGleifRegistryFromEnv(env: Pick<Env, 'GLEIF_BASE_URL'>, options: { cache: ProviderCache; log: Log }): GleifRegistry {
  return createGleifRegistry({ client: createConfiguredGleifClient({ baseUrl: env.GLEIF_BASE_URL, log: options.log }), ...options });
}
