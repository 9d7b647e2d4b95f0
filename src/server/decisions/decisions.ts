/**
 * Decisions remembered (issue 20, section 6): an account records, lists and undoes its judgements that a query names
 * an organisation (`same`) or does not (`different`), and every lookup lists the judgements of its queries. Undo: the
 * account forgets one decision; later lookups rank as if it had never been taken; another account's decision, or an
 * unknown id, is not found (404). Over PostgreSQL only: the use cases call the queries of match-decisions.ts.
 */
import { NotFoundError } from '../../core/errors';
import type { MatchDecision } from '../../core/match-decision';
import type { Db } from '../../adapters/db/client';
import { listDecisions, removeDecision } from '../../adapters/db/queries/match-decisions';
import { createJudgementLookup, type JudgementLookup } from './judgements';
import { createRecordDecision, type RecordDecision } from './record-decision';

export type UndoDecision = (accountId: string, decisionId: string) => Promise<{ id: string }>;

export interface Decisions {
  readonly record: RecordDecision;
  /** The account's decisions, the latest first. */
  readonly list: (accountId: string) => Promise<MatchDecision[]>;
  readonly undo: UndoDecision;
  readonly judgements: JudgementLookup;
}

export function createDecisions(db: Db): Decisions {
  return {
    record: createRecordDecision(db),
    list: (accountId) => listDecisions(db, { accountId }),
    async undo(accountId, decisionId) {
      if (!(await removeDecision(db, { accountId, decisionId })))
        throw new NotFoundError(`decision ${decisionId} is not one of account ${accountId}`, 'Decision not found');
      return { id: decisionId };
    },
    judgements: createJudgementLookup(db),
  };
}
