/**
 * When monitoring records changes (issue 23, section 3): one delivery, and one `webhook.deliver` job, per change and per
 * matching endpoint of every account that has the organisation on its list, in the transaction that stores the changes
 * (a rollback leaves neither change nor delivery; a commit leaves both).
 */
import type { Db } from '../../adapters/db/client';
import { recordChangeDeliveries } from '../../adapters/db/queries/webhooks';
import type { JobQueue } from '../ports';
import type { RecordedChange } from '../monitoring/ports';

/** `tx`: the transaction that stores the changes; the deliveries are recorded, and their jobs sent, in it. */
export type EnqueueChangeDeliveries = (changes: readonly RecordedChange[], tx: Db) => Promise<number>;

export function createEnqueueChangeDeliveries(deps: { jobs: Pick<JobQueue, 'send'> }): EnqueueChangeDeliveries {
  return async (changes, tx) => {
    if (changes.length === 0) return 0;
    const deliveries = await recordChangeDeliveries(tx, changes);
    for (const deliveryId of deliveries) await deps.jobs.send('webhook.deliver', { deliveryId, replay: false }, { tx });
    return deliveries.length;
  };
}
