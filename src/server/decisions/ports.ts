/**
 * What remembered decisions need from storage (issue 20, section 6). The PostgreSQL adapter is
 * src/adapters/db/queries/match-decisions.ts; every read and write is scoped to the account.
 */
import type { DecisionSource, DecisionVerdict, Judgement, MatchDecision } from '../../core/match-decision';

export interface DecisionToRecord {
  accountId: string;
  /** The query as typed, and its key (`decisionQueryKey`) and country key (`decisionCountryKey`). */
  query: string;
  queryKey: string;
  countryKey: string;
  organisationId: string;
  verdict: DecisionVerdict;
  source: DecisionSource;
  decidedBy: string | null;
}

/** One query's judgements to look up: its key and country key. */
export interface JudgementKey {
  queryKey: string;
  countryKey: string;
}

export interface DecisionStore {
  /** Inserts or replaces the decision (same account, query key, country, organisation). Null: the organisation is not visible. */
  record(decision: DecisionToRecord): Promise<MatchDecision | null>;
  /** The account's decisions, the latest first. */
  list(accountId: string): Promise<MatchDecision[]>;
  /** Deletes one of the account's decisions; false when the account has no decision with this id. */
  remove(accountId: string, decisionId: string): Promise<boolean>;
  /** The account's judgements for each key (by `${queryKey}|${countryKey}`), the latest first. */
  judgements(accountId: string, keys: readonly JudgementKey[]): Promise<Map<string, Judgement[]>>;
}
