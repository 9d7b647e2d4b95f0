/**
 * ApplyMatchBatch: acts on a batch's result: every accepted organisation (a decided match no reviewer
 * overruled, an accepted or picked review) joins the account's list, in one transaction; organisations already
 * on it are counted once. Only a completed batch can be applied (409 otherwise); another account's is 404.
 */
import { ConflictError, NotFoundError } from '../../core/errors';
import type { MatchBatchStore } from './ports';

export type ApplyMatchBatch = (accountId: string, batchId: string) => Promise<{ accepted: number; linked: number }>;

export function createApplyMatchBatch(deps: { store: MatchBatchStore }): ApplyMatchBatch {
  return async (accountId, batchId) => {
    const batch = await deps.store.find(accountId, batchId);
    if (batch === null) throw new NotFoundError('match batch not found');
    if (batch.status !== 'completed') throw new ConflictError('match batch not completed', 'The batch is still being matched');
    return deps.store.linkAccepted(accountId, batchId);
  };
}
