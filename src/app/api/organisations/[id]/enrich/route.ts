/**
 * POST /api/organisations/{id}/enrich: triggerEnrichmentAction for API clients. 202 `{data: {organisationId}}`
 * once the job is queued (profile PENDING); 404 when not visible; 400 when the id is not an id.
 */
import { jsonResponse } from '../../../../http/error-response';
import { parseOrThrow } from '../../../../http/parse';
import { withAccount } from '../../../../http/with-account';
import { organisationIdInputSchema } from '../../../../actions/action-deps';
import { refuseOtherMethods } from '../../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = withAccount(async (_request, { container, accountId, params }) => {
  const { organisationId } = parseOrThrow(organisationIdInputSchema, { organisationId: params.id });
  const data = await container.organisations.triggerEnrichment(accountId, organisationId);
  return jsonResponse({ data }, { status: 202 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['POST']);
