/**
 * The national registry (ABN Lookup) behind the NationalRegistry port: name search, then AbnDetails for
 * each distinct promising ABN (bounded concurrency, per-record cache of 1 hour shared by every instance
 * through `provider_cache`), then the pure transform. Provider failures are reported, never thrown.
 *
 * Decisions (see ./README.md):
 * - No GUID: `{candidates: [], error: {kind: 'configuration'}}` without any HTTP call.
 * - A failed name search fails the search. A record whose details call fails cannot pass the entity-type
 *   allowlist (it could be a trust or a sole trader), so it is dropped, and the answer carries the records
 *   that were established plus an `error` describing the partial failure (the channel reports it as
 *   degraded). Failed details are never cached.
 * - A caller abort stops new calls at once, cancels those in flight, and answers `{[], {kind: 'aborted'}}`.
 */
import type { Log } from '../../../server/ports';
import { adapterCache, type ProviderCache } from '../../cache/provider-cache';
import type { AbrPreset, NationalRegistry, RegistryFailure, RegistryResult } from '../../../server/search/ports';
import { abnDetailsPayloadSchema, type AbnDetailsPayload } from './schemas';
import type { AbrClient } from './client';
import { selectAbnsToHydrate, toCandidates, toHits } from './transform';

/** Name hits asked of MatchingNames (providers/abr.md 6: cap the JSON search at 10-50). */
export const ABR_MATCHING_NAMES_MAX_RESULTS = 30;
/** Distinct ABNs hydrated per search (entity-type filters only work after hydration, so a few spare). */
export const ABR_MAX_ABNS_HYDRATED = 20;
/** Details calls in flight per search (providers/abr.md 6: about 4 per process). */
export const ABR_HYDRATION_CONCURRENCY = 4;
/** Spec Limits: registry per-record detail cache. */
export const ABR_DETAILS_TTL_MS = 60 * 60 * 1000;

export const abrDetailsCacheKey = (abn: string) => `abr:details:${abn}`;

/** ABN details in the shared cache: the search's hydration and the ABN look-ups read and write the same entries. */
export function abrDetailsCache(cache: ProviderCache, log: Log) {
  const entries = adapterCache(cache, { log, name: 'ABR details', source: 'the registry' });
  return {
    read: (abn: string) => entries.read(abrDetailsCacheKey(abn), abnDetailsPayloadSchema),
    remember: (abn: string, details: AbnDetailsPayload) => entries.write(abrDetailsCacheKey(abn), details, ABR_DETAILS_TTL_MS),
  };
}

export interface AbrRegistryOptions {
  /** The HTTP client (`createAbrClient`); undefined when ABR_GUID is unset: the registry is not configured. */
  client: AbrClient | undefined;
  cache: ProviderCache;
  log: Log;
  /** Details calls in flight per search. Default 4. */
  concurrency?: number;
}

async function forEachWithConcurrency<T>(items: readonly T[], limit: number, signal: AbortSignal | undefined, run: (item: T) => Promise<void>): Promise<void> {
  const queue = items[Symbol.iterator](); // shared by the workers: each item is taken once
  const worker = async () => {
    for (let step = queue.next(); !step.done && !signal?.aborted; step = queue.next()) await run(step.value);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

export function createAbrRegistry(options: AbrRegistryOptions): NationalRegistry {
  const { cache, log, client } = options;
  const concurrency = options.concurrency ?? ABR_HYDRATION_CONCURRENCY;

  const detailsCache = abrDetailsCache(cache, log);

  async function hydrate(abrClient: AbrClient, abns: string[], signal: AbortSignal | undefined) {
    const details = new Map<string, AbnDetailsPayload>();
    const failures: { abn: string; failure: RegistryFailure }[] = [];
    let cacheHits = 0;
    await forEachWithConcurrency(abns, concurrency, signal, async (abn) => {
      const cached = await detailsCache.read(abn);
      if (cached) {
        cacheHits += 1;
        details.set(abn, cached);
        return;
      }
      const result = await abrClient.abnDetails(abn, signal);
      if (result.ok) {
        details.set(abn, result.value);
        await detailsCache.remember(abn, result.value);
      } else {
        failures.push({ abn, failure: result.failure });
      }
    });
    return { details, failures, cacheHits };
  }

  return {
    async searchByName(name: string, searchOptions: { preset: AbrPreset; includeSoleTraders: boolean; signal?: AbortSignal }): Promise<RegistryResult> {
      const { signal } = searchOptions;
      const rules = { preset: searchOptions.preset, includeSoleTraders: searchOptions.includeSoleTraders };
      if (!client) {
        return { candidates: [], error: { kind: 'configuration', message: 'ABR_GUID is not set: the national registry is not configured' } };
      }
      const query = name.trim();
      if (query === '') return { candidates: [], error: null };
      const started = performance.now();

      const search = await client.matchingNames(query, ABR_MATCHING_NAMES_MAX_RESULTS, signal);
      if (!search.ok) {
        log.warn({ failure: search.failure }, 'ABR name search failed');
        return { candidates: [], error: search.failure };
      }
      const hits = toHits(search.value);
      const abns = selectAbnsToHydrate(hits, rules, ABR_MAX_ABNS_HYDRATED);
      const { details, failures, cacheHits } = await hydrate(client, abns, signal);
      if (signal?.aborted) {
        return { candidates: [], error: { kind: 'aborted', message: 'ABR search aborted by the caller during hydration' } };
      }
      const candidates = toCandidates(hits, abns, details, rules);
      const first = failures[0];
      if (first) {
        log.warn({ failed: failures.length, of: abns.length, failures: failures.slice(0, 5) }, 'ABR details failed for some records; those records dropped');
        const partial: RegistryFailure = {
          ...first.failure,
          message: `ABR details failed for ${failures.length} of ${abns.length} records: ${first.failure.message}`,
        };
        return { candidates, error: partial };
      }
      log.debug(
        { hits: hits.length, hydrated: abns.length, cacheHits, candidates: candidates.length, ms: Math.round(performance.now() - started) },
        'ABR search done',
      );
      return { candidates, error: null };
    },
  };
}
