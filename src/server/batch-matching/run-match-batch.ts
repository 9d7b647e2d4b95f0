/**
 * RunMatchBatch: the `match-batch.run` job's use case. Matches the batch chunk by chunk from its cursor; each
 * chunk's results and the cursor commit together (MatchBatchStore.processNextChunk), so a worker killed at any
 * point loses at most the chunk in flight, which the next attempt redoes. After `sliceMs` it queues its own
 * continuation and returns, so no job outlives the queue's expiry however long the file; a job for a finished
 * (or unknown) batch does nothing. Idempotent, as every handler must be.
 */
import type { JobQueue } from '../jobs/job-queue';
import type { MatchRows } from './match-rows';
import type { MatchBatchStore } from './ports';

export interface RunMatchBatchDependencies {
  store: MatchBatchStore;
  matchRows: MatchRows;
  jobs: JobQueue;
  /** Rows per chunk (one transaction each). Default 500. */
  chunkSize?: number;
  /** How long one job works before handing over to its continuation. Default 60 s. */
  sliceMs?: number;
  /** Called after each committed chunk (tests and logs). */
  onChunk?: (progress: { batchId: string; processedRows: number; totalRows: number }) => void;
}

export type RunMatchBatch = (payload: { batchId: string; accountId: string }) => Promise<'completed' | 'continued' | 'not_found'>;

export function createRunMatchBatch(deps: RunMatchBatchDependencies): RunMatchBatch {
  const chunkSize = deps.chunkSize ?? 500;
  const sliceMs = deps.sliceMs ?? 60_000;
  return async ({ batchId, accountId }) => {
    const started = Date.now();
    for (;;) {
      const outcome = await deps.store.processNextChunk(accountId, batchId, chunkSize, (rows) =>
        deps.matchRows(
          accountId,
          rows.map((r) => r.input),
        ),
      );
      if (outcome === null) return 'not_found';
      deps.onChunk?.({ batchId, processedRows: outcome.processedRows, totalRows: outcome.totalRows });
      if (outcome.done) return 'completed';
      if (Date.now() - started >= sliceMs) {
        await deps.jobs.send('match-batch.run', { batchId, accountId });
        return 'continued';
      }
    }
  };
}
