/**
 * The `match-batch.run` worker: each job runs RunMatchBatch (one poller per process: a batch is database-bound);
 * the queue's last attempt tells it to mark the batch failed if that attempt fails too.
 */
import type { JobQueue } from '../ports';
import type { RunMatchBatch } from './run-match-batch';

export async function startMatchBatchWorker(deps: { jobs: JobQueue; runMatchBatch: RunMatchBatch }): Promise<void> {
  await deps.jobs.work('match-batch.run', async (payload, job) => {
    await deps.runMatchBatch(payload, { isLastAttempt: job.isLastAttempt, signal: job.signal });
  });
}
