/**
 * The organisation's profile as the session's account sees it, for the organisation layout and pages:
 * read through the container's use case (a redirected id answers with its target). Not visible, or not an
 * organisation id: 404. Memoised per request, so the layout and the page share one read.
 */
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { z } from 'zod';
import { getContainer } from '../../../../composition-root';
import { NotFoundError } from '../../../../core/errors';
import type { OrganisationProfile } from '../../../../core/organisation-profile';
import { requireSession } from '../../require-session';
import { getOrganisationProfile } from '../../../../server/organisations/organisation-reads';

const organisationIdSchema = z.uuid();

export const loadOrganisationProfile = cache(async (organisationId: string): Promise<OrganisationProfile> => {
  const session = await requireSession();
  if (!organisationIdSchema.safeParse(organisationId).success) notFound();
  const container = await getContainer();
  try {
    return await getOrganisationProfile(container.database.db, { accountId: session.accountId, organisationId });
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
});
