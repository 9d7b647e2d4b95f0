/**
 * The client caches the interface invalidates, as TanStack Query keys (one per resource): "organisation
 * risk" is an organisation's figures, "flag counts" the account list's counts. The classification latch
 * invalidates both through the one QueryClient of the session (query-provider.tsx).
 * The identify sidebar's records and the NAICS typeahead's answers are keyed here too, outside
 * `['organisations']`, so invalidating every organisation's figures does not re-read a sidebar record whole
 * (the sidebar takes only a targeted classification patch).
 */
import type { QueryClient } from '@tanstack/react-query';

export type ClientCacheName = 'organisation-risk' | 'flag-counts';

export const organisationFiguresKey = (organisationId: string) => ['organisations', organisationId, 'figures'] as const;
export const flagCountsKey = ['organisations', 'flag-counts'] as const;
/** GET /api/identify/sidebar/{id}/organisation: the sidebar's copy of the organisation record. */
export const identifySidebarRecordKey = (organisationId: string) => ['identify', 'sidebar', organisationId, 'organisation'] as const;
/** GET /api/naics/search?term=: one typing session's answer for a term (a session ends when the input goes idle). */
export const naicsSearchKey = (session: number, term: string) => ['naics', 'search', session, term] as const;

/** The key of a cache, or of every entry of it when no organisation is named. */
export function clientCacheKey(name: ClientCacheName, organisationId?: string): readonly string[] {
  if (name === 'flag-counts') return flagCountsKey;
  return organisationId === undefined ? ['organisations'] : organisationFiguresKey(organisationId);
}

/** Marks a cache stale; mounted queries under it refetch at once. */
export function invalidateClientCache(client: QueryClient, name: ClientCacheName, organisationId?: string): void {
  void client.invalidateQueries({ queryKey: clientCacheKey(name, organisationId) });
}
