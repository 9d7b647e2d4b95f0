/**
 * RunMatchBatch: the `match-batch.run` job's use case. Matches the batch chunk by chunk from its cursor; each
 * chunk's results and the cursor commit together (processNextChunk in the batch's queries), so a worker killed at any
 * point loses at most the chunk in flight, which the next attempt redoes. After its turn (`sliceMs`) it queues its
 * own continuation and returns: the queue shares its turns fairly between accounts (the job's `fairShareField`,
 * issue 19), so a second account's batch starts after at most one turn of the first's, however large the first
 * and however many batches it queued. A job for a finished (or unknown) batch does nothing. Idempotent, as every
 * handler must be; an attempt whose signal is aborted (it lost its job to another attempt) stops before its next
 * chunk, and a chunk it was matching commits nothing the other attempt has not (the batch's row lock and cursor).
 *
 * A batch that opted in to the registry pass then runs it (registry-pass.ts) the same way: chunks of
 * `registryChunkSize` rows from the pass's own cursor, each committed with its results and counts; the batch
 * completes after it. When the queue's last attempt fails, the batch is marked `failed` with a short reason
 * (the error's first line, never a stack) and waits for a resume (resume-match-batch.ts).
 */
import { MATCH_BATCH_DEFAULTS } from '../../core/batch-matching';
import type { Db } from '../../adapters/db/client';
import { markMatchBatchFailed, processNextChunk, processNextRegistryChunk } from '../../adapters/db/queries/match-batches';
import type { JobQueue } from '../ports';
import type { MatchRows } from './match-rows';
import type { RegistryPass } from './registry-pass';

export interface RunMatchBatchDependencies {
  db: Db;
  matchRows: MatchRows;
  jobs: JobQueue;
  /** The registry pass; a batch that opted in to it without one completes after the internal pass's rows are skipped. */
  registryPass?: RegistryPass;
  /** Rows per chunk (one transaction each). Default MATCH_BATCH_DEFAULTS (500). */
  chunkSize?: number;
  /** Rows per chunk of the registry pass (each row is a paced registry call). Default 10. */
  registryChunkSize?: number;
  /** `review` rows whose best scores below this also go to the registry pass (0: only `no_match` rows). Default MATCH_BATCH_DEFAULTS (50). */
  registryReviewBelow?: number;
  /** A turn: how long one job works before handing over to its continuation (and to other accounts). Default 10 s. */
  sliceMs?: number;
  /** The clock turns are measured on (ms). Default Date.now. */
  now?: () => number;
  /** Called after each committed chunk (tests and logs). */
  onChunk?: (progress: { batchId: string; pass: 'internal' | 'registry'; processedRows: number; totalRows: number }) => void;
}

export type RunMatchBatch = (
  payload: { batchId: string; accountId: string },
  job?: { isLastAttempt: boolean; signal?: AbortSignal },
) => Promise<'completed' | 'continued' | 'not_found'>;

/** The reason a failed batch shows: the error's first line, bounded (no stack trace). */
export function failureReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = (text.split('\n')[0] ?? '').trim().slice(0, 200);
  return `Matching stopped after its retries: ${line === '' ? 'unknown error' : line}`;
}

export function createRunMatchBatch(deps: RunMatchBatchDependencies): RunMatchBatch {
  const chunkSize = deps.chunkSize ?? MATCH_BATCH_DEFAULTS.chunkSize;
  const registryChunkSize = deps.registryChunkSize ?? 10;
  const reviewBelow = deps.registryReviewBelow ?? MATCH_BATCH_DEFAULTS.registryReviewBelow;
  const sliceMs = deps.sliceMs ?? 10_000;
  const now = deps.now ?? Date.now;
  const registryPass = deps.registryPass;

  const run = async ({ batchId, accountId }: { batchId: string; accountId: string }, signal: AbortSignal | undefined) => {
    const started = now();
    const continueLater = async () => {
      await deps.jobs.send('match-batch.run', { batchId, accountId });
      return 'continued' as const;
    };
    for (;;) {
      signal?.throwIfAborted();
      const outcome = await processNextChunk(deps.db, { accountId, batchId, size: chunkSize }, (rows) =>
        deps.matchRows(
          accountId,
          rows.map((r) => r.input),
        ),
      );
      if (outcome === null) return 'not_found' as const;
      deps.onChunk?.({ batchId, pass: 'internal', processedRows: outcome.processedRows, totalRows: outcome.totalRows });
      if (outcome.done && !outcome.registryPending) return 'completed' as const;
      if (outcome.done) break;
      if (now() - started >= sliceMs) return continueLater();
    }
    for (;;) {
      signal?.throwIfAborted();
      const outcome = await processNextRegistryChunk(deps.db, { accountId, batchId, size: registryChunkSize, reviewBelow }, (rows, options) =>
        registryPass === undefined
          ? Promise.resolve(
              rows.map((row) => ({
                result: { ...row.result, registry: { status: 'skipped' as const, registry: null, message: 'No registry is configured.' } },
                lookedUp: false,
              })),
            )
          : registryPass(accountId, rows, options),
      );
      if (outcome === null) return 'not_found' as const;
      deps.onChunk?.({ batchId, pass: 'registry', processedRows: outcome.processedRows, totalRows: outcome.totalRows });
      if (outcome.done) return 'completed' as const;
      if (now() - started >= sliceMs) return continueLater();
    }
  };

  return async (payload, job) => {
    try {
      return await run(payload, job?.signal);
    } catch (error) {
      if (job?.isLastAttempt) await markMatchBatchFailed(deps.db, { ...payload, reason: failureReason(error) });
      throw error;
    }
  };
}
