/**
 * POST /api/webhooks/{id}/deliveries/{deliveryId}/replay: sends a delivery that succeeded or failed again, under its
 * same `webhook-id`, and enables its endpoint again if it was disabled → 202 `{data: {id, state: 'pending'}}`; 404 for
 * another account's endpoint or delivery, 409 while the delivery is still being attempted.
 */
import { z } from 'zod';
import { jsonResponse } from '../../../../../../http/error-response';
import { parseOrThrow } from '../../../../../../http/parse';
import { withAccount } from '../../../../../../http/with-account';
import { refuseOtherMethods } from '../../../../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ id: z.uuid({ error: 'must be a webhook id' }), deliveryId: z.uuid({ error: 'must be a delivery id' }) });

export const POST = withAccount(async (_request, { container, accountId, params }) => {
  const { id, deliveryId } = parseOrThrow(paramsSchema, params);
  return jsonResponse({ data: await container.webhooks.replayDelivery(accountId, { endpointId: id, deliveryId }) }, { status: 202 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['POST']);
