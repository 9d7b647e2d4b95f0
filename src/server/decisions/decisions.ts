/** The remembered decisions' use cases, composed over one store (issue 20, section 6). */
import type { MatchDecision } from '../../core/match-decision';
import { createJudgementLookup, type JudgementLookup } from './judgements';
import type { DecisionStore } from './ports';
import { createRecordDecision, type RecordDecision } from './record-decision';
import { createUndoDecision, type UndoDecision } from './undo-decision';

export interface Decisions {
  readonly record: RecordDecision;
  /** The account's decisions, the latest first. */
  readonly list: (accountId: string) => Promise<MatchDecision[]>;
  readonly undo: UndoDecision;
  readonly judgements: JudgementLookup;
}

export function createDecisions(store: DecisionStore): Decisions {
  return {
    record: createRecordDecision(store),
    list: (accountId) => store.list(accountId),
    undo: createUndoDecision(store),
    judgements: createJudgementLookup(store),
  };
}
