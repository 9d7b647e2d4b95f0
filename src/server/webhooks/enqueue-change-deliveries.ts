/**
 * When monitoring records changes (issue 23, section 3): one delivery, and one `webhook.deliver` job, per change and per
 * matching endpoint of every account that has the organisation on its list, in the transaction that stores the changes
 * (a rollback leaves neither change nor delivery; a commit leaves both).
 */
import type { JobQueue } from '../ports';
import type { RecordedChange } from '../monitoring/ports';
import type { WebhookTx } from './ports';

export type EnqueueChangeDeliveries = (changes: readonly RecordedChange[], tx: WebhookTx) => Promise<number>;

export function createEnqueueChangeDeliveries(deps: { jobs: Pick<JobQueue, 'send'> }): EnqueueChangeDeliveries {
  return async (changes, tx) => {
    if (changes.length === 0) return 0;
    const deliveries = await tx.recordChangeDeliveries(changes);
    for (const deliveryId of deliveries) await deps.jobs.send('webhook.deliver', { deliveryId, replay: false }, { tx: tx.handle });
    return deliveries.length;
  };
}
