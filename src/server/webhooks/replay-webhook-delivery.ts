/**
 * POST /api/webhooks/{id}/deliveries/{deliveryId}/replay: sends a settled delivery again, under its same `webhook-id`
 * (receivers deduplicate by it) and a fresh timestamp and signature. It enables a disabled endpoint again (the account
 * says its receiver is fixed) and sends what it missed: its deliveries that failed since it began failing and the
 * changes recorded while it was disabled (a receiver that dropped a day wants that day, not a gap). 404 for another account's endpoint or delivery; 409 while the delivery is still pending.
 */
import { ConflictError, NotFoundError } from '../../core/errors';
import type { Db } from '../../adapters/db/client';
import { replayWebhookDeliveryRows } from '../../adapters/db/queries/webhooks';
import type { JobQueue } from '../ports';

export type ReplayWebhookDelivery = (accountId: string, params: { endpointId: string; deliveryId: string }) => Promise<{ id: string; state: 'pending' }>;

export function createReplayWebhookDelivery(deps: { db: Db; jobs: Pick<JobQueue, 'send'> }): ReplayWebhookDelivery {
  return async (accountId, { endpointId, deliveryId }) => {
    const result = await replayWebhookDeliveryRows(deps.db, { accountId, endpointId, deliveryId }, async (tx, missed) => {
      await deps.jobs.send('webhook.deliver', { deliveryId, replay: true }, { tx });
      for (const id of missed) await deps.jobs.send('webhook.deliver', { deliveryId: id, replay: false }, { tx });
    });
    if (result === 'not-found') throw new NotFoundError(`delivery ${deliveryId} of webhook ${endpointId} not found`, 'No such webhook delivery');
    if (result === 'pending')
      throw new ConflictError(`delivery ${deliveryId} is pending`, 'This delivery is still being attempted; replay it once it has succeeded or failed');
    return { id: deliveryId, state: 'pending' };
  };
}
