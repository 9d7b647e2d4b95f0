/**
 * RecordDecision (issue 20, section 6): an account's judgement that a query names an organisation (`same`) or does
 * not (`different`), from the API, the confirm header's "No" or a batch review. A later decision for the same
 * (account, normalised query, country, organisation) replaces the earlier one. An organisation the account cannot
 * see is refused (404); a query without letters or digits is refused (400).
 */
import { NotFoundError, ValidationError } from '../../core/errors';
import { decisionCountryKey, decisionQueryKey, type DecisionSource, type DecisionVerdict, type MatchDecision } from '../../core/match-decision';
import type { Db } from '../../adapters/db/client';
import { recordDecision } from '../../adapters/db/queries/match-decisions';

export interface RecordDecisionInput {
  accountId: string;
  decidedBy: string | null;
  query: string;
  countryIsoAlpha3: string | null;
  organisationId: string;
  verdict: DecisionVerdict;
  source: DecisionSource;
}

export type RecordDecision = (input: RecordDecisionInput) => Promise<MatchDecision>;

export function createRecordDecision(db: Db): RecordDecision {
  return async (input) => {
    const query = input.query.trim();
    const queryKey = decisionQueryKey(query);
    if (queryKey === '') throw new ValidationError([{ field: 'query', rule: 'invalid_format', message: 'must contain a letter or a digit' }]);
    const recorded = await recordDecision(db, {
      accountId: input.accountId,
      decidedBy: input.decidedBy,
      query,
      queryKey,
      countryKey: decisionCountryKey(input.countryIsoAlpha3),
      organisationId: input.organisationId,
      verdict: input.verdict,
      source: input.source,
    });
    if (!recorded) throw new NotFoundError(`organisation ${input.organisationId} is not visible to account ${input.accountId}`, 'Organisation not found');
    return recorded;
  };
}
