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
import { gleifLookupSchema, gleifRecordEnvelopeSchema, type GleifLookup, type GleifRecord } from './schemas';
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
  };
}

export function createGleifRegistryFromEnv(env: Pick<Env, 'GLEIF_BASE_URL'>, options: { cache: ProviderCache; log: Log }): GleifRegistry {
  return createGleifRegistry({ client: createConfiguredGleifClient({ baseUrl: env.GLEIF_BASE_URL, log: options.log }), ...options });
}
