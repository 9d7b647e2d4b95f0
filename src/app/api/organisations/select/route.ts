/**
 * POST /api/organisations/select {candidate: {_type: 'candidate', ref} | {_type: 'internal', existingOrgId},
 * countryIsoAlpha3, searchIntent?}: selectOrganisationAction for API clients, by reference (decision 0017).
 * 200 `{data: {organisationId, created}}`; 401 without an account; 400 naming the field (a reference the server
 * does not recognise, an organisation the account cannot see, GLO for a new organisation, a body that is not
 * JSON); 503 when the job cannot be queued (nothing was created).
 */
import { jsonResponse } from '../../../http/error-response';
import { parseJsonBodyOrThrow } from '../../../http/parse';
import { withAccount } from '../../../http/with-account';
import { selectOrganisationInputSchema } from '../../../../server/selection/select-organisation';
import { refuseOtherMethods } from '../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = withAccount(async (request, { container, accountId }) => {
  const input = await parseJsonBodyOrThrow(request, selectOrganisationInputSchema);
  const data = await container.selection.selectOrganisation(accountId, input);
  return jsonResponse({ data });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['POST']);
