'use client';
/**
 * The organisation's profile, live: seeded with what the server rendered, polled while PENDING
 * (organisation-profile-query.ts). Every caller of one organisation shares one cache entry and one poll.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OrganisationProfile } from '../../core/organisation-profile';
import { fetchOrganisationProfile, organisationProfileKey, profilePollInterval } from './organisation-profile-query';

export function useOrganisationProfile(organisationId: string, initial: OrganisationProfile | null) {
  return useQuery({
    queryKey: organisationProfileKey(organisationId),
    queryFn: ({ signal }) => fetchOrganisationProfile(organisationId, signal),
    initialData: initial ?? undefined,
    refetchInterval: (query) => profilePollInterval(query.state.data),
    // The poll goes on while the tab is in the background: the status is what the user waits for.
    refetchIntervalInBackground: true,
  });
}

/** After "Enrich now" was accepted: PENDING at once (the poll starts), then the server's own answer. */
export function useMarkProfilePending(organisationId: string) {
  const client = useQueryClient();
  return useCallback(() => {
    const key = organisationProfileKey(organisationId);
    client.setQueryData<OrganisationProfile | null>(key, (profile) =>
      profile ? { ...profile, profileStatus: 'PENDING', profileFailureReason: null, enrichmentComplete: false } : profile,
    );
    void client.invalidateQueries({ queryKey: key });
  }, [client, organisationId]);
}
