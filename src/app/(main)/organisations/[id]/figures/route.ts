/** GET /organisations/{id}/figures: the figures classification unlocks, for the account (404 when not visible). */
import { jsonResponse } from '../../../../http/error-response';
import { withAccount } from '../../../../http/with-account';
import { refuseOtherMethods } from '../../../../http/method-not-allowed';
import { getOrganisationFigures } from '../../../../../server/organisations/organisation-reads';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (_request, { container, params, accountId }) => {
  const figures = await getOrganisationFigures(container.database.db, { accountId, organisationId: params.id ?? '' });
  return jsonResponse(figures);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
