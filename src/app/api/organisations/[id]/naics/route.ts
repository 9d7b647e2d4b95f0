/**
 * POST /api/organisations/{id}/naics {naicsCode}: the server action's operation for API clients, with the
 * same checks in the same order (account, flag, input, use case). 403 flag off, 409 locked, 400 invalid
 * input (a body that is not JSON counts as a missing naicsCode), 404 an organisation the account cannot
 * see or an unknown code.
 */
import { addOrganisationNaicsForAccount } from '../../../../actions/add-organisation-naics';
import { jsonResponse } from '../../../../http/error-response';
import { withAccount } from '../../../../http/with-account';
import { refuseOtherMethods } from '../../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = withAccount(async (request, { container, params, accountId, userId, via }) => {
  const body: unknown = await request.json().catch(() => null);
  const naicsCode = typeof body === 'object' && body !== null && 'naicsCode' in body ? body.naicsCode : undefined;
  const result = await addOrganisationNaicsForAccount(container, { accountId, userId, via }, { organisationId: params.id ?? '', naicsCode });
  const { organisationId, aquila1Synced, transactionsClassified, naics, aquila1, aquila2 } = result;
  return jsonResponse({ organisationId, aquila1Synced, transactionsClassified, naics, aquila1, aquila2 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['POST']);
