/**
 * Webhooks of registry changes (issue 23, section 3).
 * GET /api/webhooks: the account's endpoints, without their secrets, each with its state (enabled, or disabled and
 * why) and its latest deliveries with their attempts → `{data: WebhookEndpoint[]}`.
 * POST /api/webhooks {url, kinds?} → 201 `{id, secret}`: the secret (`whsec_...`) is shown this once. 400 for a URL
 * the safe-fetch rules refuse (https to a public host; in the sandbox http and loopback too), 409 past 20 endpoints.
 */
import { createWebhookRequestSchema } from '../../../core/webhooks';
import { jsonResponse } from '../../http/error-response';
import { parseJsonBodyOrThrow } from '../../http/parse';
import { withAccount } from '../../http/with-account';
import { refuseOtherMethods } from '../../http/method-not-allowed';
import { listWebhookEndpoints } from '../../../server/webhooks/webhook-endpoints';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (_request, { container, accountId }) =>
  jsonResponse({ data: await listWebhookEndpoints(container.database.db, accountId) }),
);

export const POST = withAccount(async (request, { container, accountId }) => {
  const body = await parseJsonBodyOrThrow(request, createWebhookRequestSchema);
  return jsonResponse(await container.webhooks.createEndpoint(accountId, body), { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET', 'POST']);
