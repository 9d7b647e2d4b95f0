/**
 * UndoDecision (issue 20, section 6): the account forgets one of its decisions; later lookups of the query rank as
 * if it had never been taken. Another account's decision, or an unknown id, is not found (404).
 */
import { NotFoundError } from '../../core/errors';
import type { DecisionStore } from './ports';

export type UndoDecision = (accountId: string, decisionId: string) => Promise<{ id: string }>;

export function createUndoDecision(store: Pick<DecisionStore, 'remove'>): UndoDecision {
  return async (accountId, decisionId) => {
    if (!(await store.remove(accountId, decisionId)))
      throw new NotFoundError(`decision ${decisionId} is not one of account ${accountId}`, 'Decision not found');
    return { id: decisionId };
  };
}
