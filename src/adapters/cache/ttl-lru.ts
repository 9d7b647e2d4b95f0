/**
 * The in-process TTL caches (API keys, home pages, feature flags) are `lru-cache` instances; these two helpers
 * keep their rule "an entry answers while it is younger than its TTL, on the clock the caller gives":
 * - lru-cache still answers an entry exactly `ttl` old; `freshValue` does not.
 * - lru-cache reads a start time of 0 as "no TTL", and a test clock may start at 0: the clock it is given is
 *   shifted by 1 ms (only differences of it are used). `ttlResolution: 0` reads the clock on every check.
 */
import type { LRUCache } from 'lru-cache';

export function ttlClock(now: () => number): { perf: { now: () => number }; ttlResolution: number } {
  return { perf: { now: () => now() + 1 }, ttlResolution: 0 };
}

/** The value of `key` while it is younger than its TTL, else undefined. */
export function freshValue<V extends NonNullable<unknown>, FC>(cache: LRUCache<string, V, FC>, key: string): V | undefined {
  return cache.getRemainingTTL(key) > 0 ? cache.get(key) : undefined;
}
