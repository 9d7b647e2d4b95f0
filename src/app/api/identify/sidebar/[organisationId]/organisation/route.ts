/** GET /api/identify/sidebar/{organisationId}/organisation: the account-visible organisation record, else 404. */
import { jsonResponse } from '../../../../../http/error-response';
import { withAccount } from '../../../../../http/with-account';
import { refuseOtherMethods } from '../../../../../http/method-not-allowed';
import { getOrganisationRecord } from '../../../../../../server/organisations/organisation-reads';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (_request, { container, params, accountId }) => {
  const record = await getOrganisationRecord(container.database.db, { accountId, organisationId: params.organisationId ?? '' });
  return jsonResponse(record);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
