/**
 * The one cache port of the provider adapters (ABN Lookup details, OpenCorporates searches, companies and
 * breaker, company data by domain), and its two implementations:
 *
 * - `createProviderCache(db)`: the shared cache over the `provider_cache` table (DESIGN.md 4 and 7): every
 *   instance of the service sees the same entries, so a registry record fetched by one instance is reused by
 *   all of them. Values are JSON. Expiry uses the database clock for both writing and reading, so instances
 *   with skewed clocks agree; an expired row is ignored on read (and overwritten on the next `set`).
 * - `createInMemoryProviderCache(now)`: one process's cache, for tests and tools (expiry honoured).
 *
 * Adapters read values back through a schema, so a stale or foreign entry is a miss, never a crash, and treat
 * a cache error as a miss (logged): the provider is then asked. `adapterCache` is that use, written once.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { Log } from '../../server/ports';
import { providerCache } from '../db/schema';

export interface ProviderCache {
  /** The cached JSON value, or `undefined` when absent, expired, or (with `schema`) not of that shape. */
  get(key: string): Promise<unknown>;
  get<T>(key: string, schema: z.ZodType<T>): Promise<T | undefined>;
  /** Stores `value` (JSON-serialisable) for `ttlMs` milliseconds, replacing any previous entry. */
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  /**
   * The cached value when present and valid; otherwise `load()`'s value, stored for `ttlMs`. A throwing
   * loader stores nothing and its error propagates.
   */
  getOrLoad<T>(key: string, options: { ttlMs: number; schema: z.ZodType<T> }, load: () => Promise<T>): Promise<T>;
  /** Removes one entry (for example to purge a record the provider withdrew). */
  delete(key: string): Promise<void>;
}

/** Where a ProviderCache keeps its entries: the raw reads and writes its two implementations differ in. */
interface CacheStore {
  /** The stored JSON value, or `undefined` when absent or expired. */
  read(key: string): Promise<unknown>;
  /** Stores `value` for `ttlMs` (already checked: positive, and a JSON value). */
  write(key: string, value: unknown, ttlMs: number): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The port over a store: schema reads (a value of another shape is a miss), checked writes, read-through. */
function providerCacheOver(store: CacheStore): ProviderCache {
  function get(key: string): Promise<unknown>;
  function get<T>(key: string, schema: z.ZodType<T>): Promise<T | undefined>;
  async function get<T>(key: string, schema?: z.ZodType<T>): Promise<unknown> {
    const value = await store.read(key);
    if (value === undefined || schema === undefined) return value;
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }

  async function set(key: string, value: unknown, ttlMs: number): Promise<void> {
    if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
    if (value === undefined) throw new TypeError('provider cache values must be JSON, got undefined');
    await store.write(key, value, ttlMs);
  }

  return {
    get,
    set,
    async getOrLoad<T>(key: string, options: { ttlMs: number; schema: z.ZodType<T> }, load: () => Promise<T>): Promise<T> {
      const cached = await get(key, options.schema);
      if (cached !== undefined) return cached;
      const value = await load();
      await set(key, value, options.ttlMs);
      return value;
    },
    delete: (key) => store.remove(key),
  };
}

export function createProviderCache(db: Db): ProviderCache {
  return providerCacheOver({
    async read(key) {
      const rows = await db
        .select({ value: providerCache.value })
        .from(providerCache)
        .where(and(eq(providerCache.key, key), gt(providerCache.expiresAt, sql`now()`)))
        .limit(1);
      return rows[0]?.value;
    },
    async write(key, value, ttlMs) {
      const expiresAt = sql`now() + make_interval(secs => ${ttlMs / 1000})`;
      await db.insert(providerCache).values({ key, value, expiresAt }).onConflictDoUpdate({ target: providerCache.key, set: { value, expiresAt } });
    },
    async remove(key) {
      await db.delete(providerCache).where(eq(providerCache.key, key));
    },
  });
}

/** A process-local ProviderCache for tests and tools: values are copied in and out, expiry honoured (no eviction beyond it). */
export function createInMemoryProviderCache(now: () => number = Date.now): ProviderCache & { size(): number } {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  const cache = providerCacheOver({
    async read(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return structuredClone(entry.value);
    },
    async write(key, value, ttlMs) {
      entries.set(key, { value: structuredClone(value), expiresAt: now() + ttlMs });
    },
    async remove(key) {
      entries.delete(key);
    },
  });
  return { ...cache, size: () => entries.size };
}

/** The provider cache as a provider adapter uses it: a cache failure never fails a lookup. */
export interface AdapterCache {
  /** The cached value of that shape; undefined when absent, of another shape, or unreadable (logged: the provider is then asked). */
  read<T>(key: string, schema: z.ZodType<T>): Promise<T | undefined>;
  /** Stores `value` for `ttlMs`; a failed write is logged and skipped. */
  write(key: string, value: unknown, ttlMs: number): Promise<void>;
}

/**
 * `cache` for an adapter: errors logged at warn as `<name> cache read failed; calling <source>` and
 * `<name> cache write failed`, with the key. Without a cache, every read misses and writes do nothing.
 */
export function adapterCache(cache: ProviderCache | undefined, options: { log: Pick<Log, 'warn'>; name: string; source: string }): AdapterCache {
  const { log, name, source } = options;
  return {
    async read<T>(key: string, schema: z.ZodType<T>): Promise<T | undefined> {
      if (cache === undefined) return undefined;
      try {
        return await cache.get(key, schema);
      } catch (error) {
        log.warn({ err: error, key }, `${name} cache read failed; calling ${source}`);
        return undefined;
      }
    },
    async write(key, value, ttlMs) {
      if (cache === undefined) return;
      try {
        await cache.set(key, value, ttlMs);
      } catch (error) {
        log.warn({ err: error, key }, `${name} cache write failed`);
      }
    },
  };
}
