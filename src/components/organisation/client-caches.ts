/**
 * A tiny client cache registry (no TanStack Query in the project yet): client figures subscribe to a
 * named cache, optionally for one organisation, and refetch when it is invalidated. The caches the
 * classification latch invalidates are "organisation risk" (per organisation) and "flag counts".
 */
import { useSyncExternalStore } from 'react';

export type ClientCacheName = 'organisation-risk' | 'flag-counts';

export interface ClientCaches {
  /** Marks the cache stale (for one organisation, or every entry when no id is given). */
  invalidate(name: ClientCacheName, id?: string): void;
  /** A number that changes each time the entry is invalidated. */
  version(name: ClientCacheName, id?: string): number;
  subscribe(listener: () => void): () => void;
}

export function createClientCaches(): ClientCaches {
  const versions = new Map<string, number>();
  const generation = new Map<ClientCacheName, number>();
  const listeners = new Set<() => void>();
  return {
    invalidate(name, id) {
      if (id === undefined) generation.set(name, (generation.get(name) ?? 0) + 1);
      else versions.set(`${name}:${id}`, (versions.get(`${name}:${id}`) ?? 0) + 1);
      for (const listener of [...listeners]) listener();
    },
    version(name, id) {
      const all = generation.get(name) ?? 0;
      return id === undefined ? all : all + (versions.get(`${name}:${id}`) ?? 0);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's one registry. */
export const clientCaches: ClientCaches = createClientCaches();

/** Re-renders when the entry is invalidated; use the number as an effect dependency to refetch. */
export function useClientCacheVersion(name: ClientCacheName, id?: string, caches: ClientCaches = clientCaches): number {
  return useSyncExternalStore(
    caches.subscribe,
    () => caches.version(name, id),
    () => 0,
  );
}
