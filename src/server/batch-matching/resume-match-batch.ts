/**
 * ResumeMatchBatch (issue 13: "a batch is a job that survives a restart and can be resumed"): a batch whose job
 * gave up (status `failed`), or that is stalled (queued or running with no chunk committed for ten minutes:
 * its job died during the queue's last attempt, which never reaches the handler), is queued again with its job,
 * in one transaction; the job continues from the batch's cursors (the internal pass's, then the registry
 * pass's), so nothing already committed is redone. Resuming a completed batch, or a queued or running one that
 * is making progress, is a 409; another account's batch is 404.
 */
import { ConflictError, NotFoundError } from '../../core/errors';
import type { JobQueue } from '../ports';
import type { Db } from '../../adapters/db/client';
import { requeueMatchBatch, type StalledBound } from '../../adapters/db/queries/match-batches';

export type ResumeMatchBatch = (accountId: string, batchId: string) => Promise<{ batchId: string; status: 'queued' }>;

export function createResumeMatchBatch(deps: { db: Db; jobs: JobQueue } & StalledBound): ResumeMatchBatch {
  return async (accountId, batchId) => {
    const outcome = await requeueMatchBatch(deps.db, { accountId, batchId, stalledAfterSeconds: deps.stalledAfterSeconds }, async (tx) => {
      await deps.jobs.send('match-batch.run', { batchId, accountId }, { tx });
    });
    if (outcome === 'not_found') throw new NotFoundError('match batch not found');
    if (outcome === 'conflict')
      throw new ConflictError('match batch not failed', 'Only a batch that stopped can be resumed; this one is completed or still making progress');
    return { batchId, status: 'queued' };
  };
}
