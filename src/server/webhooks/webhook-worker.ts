/** The `webhook.deliver` worker (issue 23, section 3): `concurrency` loops, each posting one delivery at a time. */
import type { JobQueue } from '../ports';
import type { DeliverWebhook } from './deliver-webhook';

export async function startWebhookWorker(deps: { jobs: JobQueue; deliverWebhook: DeliverWebhook; concurrency: number }): Promise<void> {
  for (let i = 0; i < deps.concurrency; i += 1) {
    await deps.jobs.work('webhook.deliver', async (payload, job) => {
      await deps.deliverWebhook(payload, job);
    });
  }
}
