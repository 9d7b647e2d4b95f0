/** The `match-batch.run` worker: each job runs RunMatchBatch (one poller per process: a batch is database-bound). */
import type { JobQueue } from '../jobs/job-queue';
import type { RunMatchBatch } from './run-match-batch';

export async function startMatchBatchWorker(deps: { jobs: JobQueue; runMatchBatch: RunMatchBatch }): Promise<void> {
  await deps.jobs.work('match-batch.run', async (payload) => {
    await deps.runMatchBatch(payload);
  });
}
