/** GET /organisations/flag-counts: the account list's counts (listed, awaiting classification, enriching, not enriched). */
import { jsonResponse } from '../../../http/error-response';
import { withAccount } from '../../../http/with-account';
import { refuseOtherMethods } from '../../../http/method-not-allowed';
import { countOrganisationFlags } from '../../../../server/organisations/organisation-reads';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (_request, { container, accountId }) => {
  const counts = await countOrganisationFlags(container.database.db, { accountId });
  return jsonResponse(counts);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
