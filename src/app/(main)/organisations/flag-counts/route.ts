/** GET /organisations/flag-counts: the account list's counts (listed, awaiting classification, enriching, not enriched). */
import { jsonResponse } from '../../../http/error-response';
import { withAccount } from '../../../http/with-account';
import { refuseOtherMethods } from '../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (_request, { container, accountId }) => {
  const counts = await container.organisations.countFlags({ accountId });
  return jsonResponse(counts);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
