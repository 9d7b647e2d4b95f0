/** GET /api/identify/sidebar/{organisationId}/organisation: the account-visible organisation record, else 404. */
import { NotFoundError } from '../../../../../../core/errors';
import { findOrganisationRecordForAccount } from '../../../../../../adapters/db/queries/organisation-read';
import { jsonResponse } from '../../../../../http/error-response';
import { withAccount } from '../../../../../http/with-account';
import { refuseOtherMethods } from '../../../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (_request, { container, params, accountId }) => {
  const record = await findOrganisationRecordForAccount(container.database.db, { accountId, organisationId: params.organisationId ?? '' });
  if (!record) throw new NotFoundError(`organisation ${params.organisationId} not visible to ${accountId}`, 'Organisation not found');
  return jsonResponse(record);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
