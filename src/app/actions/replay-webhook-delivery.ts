/**
 * `replayWebhookDeliveryAction`: the `/changes` page's "Enable again" on a disabled webhook's notice, which replays the
 * endpoint's latest failed delivery through the use case of POST /api/webhooks/{id}/deliveries/{deliveryId}/replay
 * (server/webhooks/replay-webhook-delivery.ts): a replay enables a disabled endpoint again. The active account, then
 * the ids, then the use case; the page re-renders without the notice.
 */
import { z } from 'zod';
import { UnauthorizedError } from '../../core/errors';
import { parseOrThrow } from '../http/parse';
import { runAction, type ActionResult } from './action-result';
import type { ActionDeps } from './action-deps';

export const replayWebhookDeliveryInputSchema = z.object({
  endpointId: z.uuid({ error: 'must be a webhook id' }),
  deliveryId: z.uuid({ error: 'must be a delivery id' }),
});

export function runReplayWebhookDeliveryAction(input: unknown, deps: ActionDeps): Promise<ActionResult<{ id: string; state: 'pending' }>> {
  return runAction(deps.container.log, async () => {
    const account = await deps.account();
    if (!account) throw new UnauthorizedError();
    const ids = parseOrThrow(replayWebhookDeliveryInputSchema, input);
    const replayed = await deps.container.webhooks.replayDelivery(account.accountId, ids);
    deps.container.log.info({ accountId: account.accountId, ...ids }, 'webhook delivery replayed from the changes page');
    deps.refreshPath('/changes');
    return replayed;
  });
}
