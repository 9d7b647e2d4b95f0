/**
 * The cache the OpenCorporates adapter needs: the shared, database-backed provider cache
 * (src/adapters/cache/provider-cache.ts) satisfies it structurally. Values are JSON; the adapter
 * validates what it reads back, so a stale or foreign entry is a miss, never a crash.
 */
export interface OpenCorporatesCache {
  get(key: string): Promise<unknown | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
}

/** Spec, Limits: "aggregator company-by-id and search-by-name cache: 30 days". */
export const OPENCORPORATES_CACHE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A process-local cache for tests and tools (expiry honoured; no eviction beyond it). */
export function createInMemoryOpenCorporatesCache(now: () => number = Date.now): OpenCorporatesCache & { size(): number } {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return structuredClone(entry.value);
    },
    async set(key, value, ttlMs) {
      entries.set(key, { value: structuredClone(value), expiresAt: now() + ttlMs });
    },
    size: () => entries.size,
  };
}
