/**
 * The organisation profile on the client (`GET /api/organisations/{id}`), read through TanStack Query
 * under one key per organisation, so the organisation page and the layout's live status share one request
 * and one poll. While the profile is PENDING it is re-read every PROFILE_POLL_INTERVAL_MS; a settled or
 * never-enriched profile is not polled.
 */
import { z } from 'zod';
import { organisationProfileSchema, type OrganisationProfile } from '../../core/organisation-profile';
import { isEnrichmentSettled, toProfileStatus } from '../../core/profile-status';

export const PROFILE_POLL_INTERVAL_MS = 1500;

export const organisationProfileKey = (organisationId: string) => ['organisations', organisationId, 'profile'] as const;

export function organisationProfileUrl(organisationId: string): string {
  return `/api/organisations/${encodeURIComponent(organisationId)}`;
}

/** The polling stop rule: poll while PENDING, stop once settled (or when there is nothing to wait for). */
export function profilePollInterval(profile: Pick<OrganisationProfile, 'profileStatus'> | null | undefined): number | false {
  return toProfileStatus(profile?.profileStatus) === 'PENDING' ? PROFILE_POLL_INTERVAL_MS : false;
}

/** The status just settled (it was not settled before): server-rendered surfaces must re-render. */
export function profileJustSettled(previous: string | null | undefined, next: string | null | undefined): boolean {
  return !isEnrichmentSettled(previous) && isEnrichmentSettled(next);
}

/**
 * A merged organisation answers with its target's id: the same page of the target. Only the id segment
 * right after `/organisations/` changes; the rest of the path and the query stay.
 */
export function redirectedOrganisationPath(pathname: string, routeId: string, profileId: string): string | null {
  if (routeId === profileId) return null;
  const prefix = `/organisations/${encodeURIComponent(routeId)}`;
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return null;
  return `/organisations/${encodeURIComponent(profileId)}${pathname.slice(prefix.length)}`;
}

const profileAnswerSchema = z.object({ data: organisationProfileSchema });

export class ProfileUnavailableError extends Error {
  constructor(readonly status: number) {
    super(`The organisation could not be read (${status})`);
    this.name = 'ProfileUnavailableError';
  }
}

/** The profile, or null when the organisation is not visible (404); other failures throw. */
export async function fetchOrganisationProfile(organisationId: string, signal?: AbortSignal): Promise<OrganisationProfile | null> {
  const response = await fetch(organisationProfileUrl(organisationId), {
    cache: 'no-store',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal,
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new ProfileUnavailableError(response.status);
  return profileAnswerSchema.parse(await response.json()).data;
}
