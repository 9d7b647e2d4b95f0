/**
 * GetOrganisationProfile: the organisation page's read (and `GET /api/organisations/{id}`). Visibility is in
 * the query; a redirected organisation (merged into a verified global one) answers with its target, so every
 * read of a redirected id follows the redirect.
 */
import { NotFoundError } from '../../core/errors';
import type { OrganisationProfile } from '../../core/organisation-profile';
import type { OrganisationProfileReader } from './ports';

export type GetOrganisationProfile = (params: { accountId: string; organisationId: string }) => Promise<OrganisationProfile>;

export function createGetOrganisationProfile(reader: OrganisationProfileReader): GetOrganisationProfile {
  return async ({ accountId, organisationId }) => {
    const profile = await reader.findProfile(accountId, organisationId);
    if (!profile) throw new NotFoundError(`organisation ${organisationId} is not visible to account ${accountId}`, 'Organisation not found');
    return profile;
  };
}
