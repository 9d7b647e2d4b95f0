/**
 * What the analyst page and the spotlight scorecard read on the server: the session's account, the
 * organisation record (404 when not visible), the figures, and the interface's own check of the surface
 * gate (the flag for the account; enrichmentComplete is on the record). Memoised per request.
 */
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { NotFoundError } from '../../../../core/errors';
import { getContainer } from '../../../../composition-root';
import { requireSession } from '../../require-session';
import { countOrganisationFlags, getOrganisationFigures, getOrganisationRecord } from '../../../../server/organisations/organisation-reads';

export const loadOrganisationSurface = cache(async (organisationId: string) => {
  const session = await requireSession();
  const container = await getContainer();
  const { accountId } = session;
  const record = await getOrganisationRecord(container.database.db, { accountId, organisationId }).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const [figures, flagCounts, flagEnabled] = await Promise.all([
    getOrganisationFigures(container.database.db, { accountId, organisationId }).catch((error: unknown) => {
      if (error instanceof NotFoundError) return { organisationId, totals: [], sectors: [] };
      throw error;
    }),
    countOrganisationFlags(container.database.db, { accountId }),
    container.flags.isEnabled('manualNaicsClassification', accountId),
  ]);
  return { record, figures, flagCounts, flagEnabled };
});
