/**
 * POST /api/organisations/{id}/enrich: triggerEnrichmentAction for API clients. 202 `{data: {organisationId}}`
 * once the job is queued (profile PENDING), or when one already pending is joined; 404 when not visible; 400
 * when the id is not an id; 429 with Retry-After over the account's re-enrichment limit; 409 for a global
 * organisation whose profile is fresh (server/enrichment/trigger-enrichment.ts).
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
