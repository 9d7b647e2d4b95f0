/** DELETE /api/webhooks/{id}: removes one of the account's endpoints and its delivery log → `{data: {id}}`; 404 for another account's. */
import { z } from 'zod';
import { jsonResponse } from '../../../http/error-response';
import { parseOrThrow } from '../../../http/parse';
import { withAccount } from '../../../http/with-account';
import { refuseOtherMethods } from '../../../http/method-not-allowed';
import { deleteWebhookEndpoint } from '../../../../server/webhooks/webhook-endpoints';

export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ id: z.uuid({ error: 'must be a webhook id' }) });

export const DELETE = withAccount(async (_request, { container, accountId, params }) => {
  const { id } = parseOrThrow(paramsSchema, params);
  return jsonResponse({ data: await deleteWebhookEndpoint(container.database.db, accountId, id) });
});

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = refuseOtherMethods(['DELETE']);
