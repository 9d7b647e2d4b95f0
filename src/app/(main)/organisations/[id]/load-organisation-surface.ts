/**
 * What the analyst page and the spotlight scorecard read on the server: the session's account, the
 * organisation record (404 when not visible), the figures, and the interface's own check of the surface
 * gate (the flag for the account; enrichmentComplete is on the record). Memoised per request.
 */
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { findOrganisationRecordForAccount } from '../../../../adapters/db/queries/organisation-read';
import { countOrganisationFlagsForAccount, findOrganisationFiguresForAccount } from '../../../../adapters/db/queries/organisation-figures';
import { getContainer } from '../../../../composition-root';
import { requireSession } from '../../require-session';

export const loadOrganisationSurface = cache(async (organisationId: string) => {
  const session = await requireSession();
  const container = await getContainer();
  const { db } = container.database;
  const record = await findOrganisationRecordForAccount(db, { accountId: session.accountId, organisationId });
  if (!record) notFound();
  const [figures, flagCounts, flagEnabled] = await Promise.all([
    findOrganisationFiguresForAccount(db, { accountId: session.accountId, organisationId }),
    countOrganisationFlagsForAccount(db, { accountId: session.accountId }),
    container.flags.isEnabled('manualNaicsClassification', session.accountId),
  ]);
  return { record, figures: figures ?? { organisationId, totals: [], sectors: [] }, flagCounts, flagEnabled };
});
