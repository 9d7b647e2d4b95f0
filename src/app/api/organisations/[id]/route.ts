/**
 * GET /api/organisations/{id}: the organisation's profile as the account sees it (status, fields with their
 * sources, identifiers, aliases, family, verification). A redirected id answers with its target (`data.id`
 * differs). 404 when not visible; 400 when the id is not an id.
 */
import { jsonResponse } from '../../../http/error-response';
import { parseOrThrow } from '../../../http/parse';
import { withAccount } from '../../../http/with-account';
import { organisationIdInputSchema } from '../../../actions/action-deps';
import { refuseOtherMethods } from '../../../http/method-not-allowed';
import { getOrganisationProfile } from '../../../../server/organisations/organisation-reads';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (_request, { container, accountId, params }) => {
  const { organisationId } = parseOrThrow(organisationIdInputSchema, { organisationId: params.id });
  const data = await getOrganisationProfile(container.database.db, { accountId, organisationId });
  return jsonResponse({ data });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
