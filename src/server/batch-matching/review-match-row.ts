/**
 * ReviewMatchRow: a reviewer's decision on one row of a batch: `accept` the best candidate, `pick` another of
 * the row's candidates, or `not_in_list`. A row not yet matched cannot be reviewed (409); accepting a row with
 * no candidate, or picking an organisation that is not one of the row's candidates, is a 400; a batch or row of
 * another account is 404. Deciding again replaces the decision.
 */
import { z } from 'zod';
import { reviewActionSchema } from '../../core/batch-matching';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { MatchBatchStore } from './ports';

export const reviewMatchRowInputSchema = z.object({
  batchId: z.uuid(),
  rowIndex: z.coerce.number().int().min(0).max(10_000_000),
  review: reviewActionSchema,
});
export type ReviewMatchRowInput = z.infer<typeof reviewMatchRowInputSchema>;

export type ReviewMatchRow = (
  accountId: string,
  userId: string | null,
  input: ReviewMatchRowInput,
) => Promise<{ rowIndex: number; action: string; organisationId: string | null }>;

export function createReviewMatchRow(deps: { store: MatchBatchStore }): ReviewMatchRow {
  return async (accountId, userId, { batchId, rowIndex, review }) => {
    const row = await deps.store.findRow(accountId, batchId, rowIndex);
    if (row === null) throw new NotFoundError('match batch row not found');
    if (row.result === null) throw new ConflictError('match batch row not matched yet', 'This row has not been matched yet');
    let organisationId: string | null = null;
    if (review.action === 'accept') {
      if (row.result.best === null)
        throw new ValidationError([{ field: 'review.action', rule: 'no_candidate', message: 'This row has no candidate to accept' }]);
      organisationId = row.result.best.organisationId;
    } else if (review.action === 'pick') {
      if (!row.result.candidates.some((c) => c.organisationId === review.organisationId)) {
        throw new ValidationError([
          { field: 'review.organisationId', rule: 'not_a_candidate', message: "The organisation is not one of this row's candidates" },
        ]);
      }
      organisationId = review.organisationId;
    }
    const recorded = await deps.store.recordDecision({ accountId, batchId, rowIndex, review, organisationId, decidedBy: userId });
    if (!recorded) throw new NotFoundError('match batch row not found');
    return { rowIndex, action: review.action, organisationId };
  };
}
