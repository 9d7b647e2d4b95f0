'use client';
/**
 * The organisation header's profile status, live on every organisation page (it shares the profile page's
 * cache entry and poll). When the status settles, the server-rendered surfaces (the analyst and spotlight
 * NAICS controls, gated on a settled enrichment) are re-rendered with `router.refresh()`. A merged
 * organisation answers with its target's id: the URL is replaced with the target's.
 */
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import type { OrganisationProfile } from '../../core/organisation-profile';
import { profileStateOf, toProfileStatus } from '../../core/profile-status';
import { ProfileStateBadge, profileStateFacts } from './profile-state-badge';
import { profileJustSettled, redirectedOrganisationPath } from './organisation-profile-query';
import { useOrganisationProfile } from './use-organisation-profile';

export function LiveProfileStatus({ organisationId, initial }: { organisationId: string; initial: OrganisationProfile }) {
  const router = useRouter();
  const pathname = usePathname();
  const { data } = useOrganisationProfile(organisationId, initial);
  const status = toProfileStatus(data === undefined ? initial.profileStatus : (data?.profileStatus ?? null));
  const previous = useRef(status);

  useEffect(() => {
    if (profileJustSettled(previous.current, status)) router.refresh();
    previous.current = status;
  }, [router, status]);

  const targetId = data?.id ?? initial.id;
  useEffect(() => {
    const target = redirectedOrganisationPath(pathname, organisationId, targetId);
    if (target) router.replace(`${target}${window.location.search}`);
  }, [organisationId, pathname, router, targetId]);

  // On the profile page its own status panel is the live region; elsewhere this badge announces the change.
  const onProfilePage = pathname === `/organisations/${encodeURIComponent(organisationId)}`;
  const shown = data ?? initial;
  const state = profileStateOf(profileStateFacts(shown));
  return <ProfileStateBadge state={state} {...(onProfilePage ? {} : { ariaLive: 'polite' as const })} />;
}
