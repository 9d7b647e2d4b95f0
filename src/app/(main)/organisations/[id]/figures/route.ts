/** GET /organisations/{id}/figures: the figures classification unlocks, for the account (404 when not visible). */
import { findOrganisationFiguresForAccount } from '../../../../../adapters/db/queries/organisation-figures';
import { NotFoundError } from '../../../../../core/errors';
import { jsonResponse } from '../../../../http/error-response';
import { withAccount } from '../../../../http/with-account';
import { refuseOtherMethods } from '../../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (_request, { container, params, accountId }) => {
  const figures = await findOrganisationFiguresForAccount(container.database.db, { accountId, organisationId: params.id ?? '' });
  if (!figures) throw new NotFoundError(`organisation ${params.id} not visible to ${accountId}`, 'Organisation not found');
  return jsonResponse(figures);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
