/**
 * The client caches the interface invalidates, as TanStack Query keys (one per resource): "organisation
 * risk" is an organisation's figures, "flag counts" the account list's counts. The classification latch
 * invalidates both through the one QueryClient of the session (query-provider.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';

export type ClientCacheName = 'organisation-risk' | 'flag-counts';

export const organisationFiguresKey = (organisationId: string) => ['organisations', organisationId, 'figures'] as const;
export const flagCountsKey = ['organisations', 'flag-counts'] as const;

/** The key of a cache, or of every entry of it when no organisation is named. */
export function clientCacheKey(name: ClientCacheName, organisationId?: string): readonly string[] {
  if (name === 'flag-counts') return flagCountsKey;
  return organisationId === undefined ? ['organisations'] : organisationFiguresKey(organisationId);
}

/** Marks a cache stale; mounted queries under it refetch at once. */
export function invalidateClientCache(client: QueryClient, name: ClientCacheName, organisationId?: string): void {
  void client.invalidateQueries({ queryKey: clientCacheKey(name, organisationId) });
}
