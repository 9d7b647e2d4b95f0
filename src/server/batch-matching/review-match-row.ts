/**
 * ReviewMatchRow: a reviewer's decision on one row of a batch: `accept` the best candidate, `pick` another of
 * the row's candidates (an internal organisation by id, a registry candidate of the registry pass by its key), or
 * `not_in_list`. A row not yet matched cannot be reviewed (409); accepting a row with no candidate, or picking
 * an organisation or key that is not one of the row's candidates, is a 400; a batch or row of another account is
 * 404. Deciding again replaces the decision. A registry candidate accepted or picked becomes an organisation only
 * when the batch is applied (ApplyMatchBatch, through the selection use case).
 *
 * Decisions remembered (issue 20, section 6): an internal organisation accepted or picked is judged `same` for the
 * row's text and country; `not_in_list` judges each internal candidate of the row `different`.
 */
import { z } from 'zod';
import { reviewActionSchema } from '../../core/batch-matching';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { RecordDecision } from '../decisions/record-decision';
import { rowCountryOf } from './match-rows';
import type { Db } from '../../adapters/db/client';
import { findMatchBatchRow, recordRowDecision } from '../../adapters/db/queries/match-batches';
import type { BatchRowView } from './match-batch';

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
) => Promise<{ rowIndex: number; action: string; organisationId: string | null; registryKey: string | null }>;

/** The judgements a review makes: `same` on the organisation taken, `different` on every internal candidate refused. */
function judgementsOf(row: BatchRowView, action: string, organisationId: string | null): { organisationId: string; verdict: 'same' | 'different' }[] {
  if (action === 'not_in_list')
    return (row.result?.candidates ?? []).flatMap((c) => (c.kind === 'internal' ? [{ organisationId: c.organisationId, verdict: 'different' as const }] : []));
  return organisationId === null ? [] : [{ organisationId, verdict: 'same' }];
}

export function createReviewMatchRow(deps: { db: Db; decisions?: RecordDecision }): ReviewMatchRow {
  return async (accountId, userId, { batchId, rowIndex, review }) => {
    const row = await findMatchBatchRow(deps.db, { accountId, batchId, rowIndex });
    if (row === null) throw new NotFoundError('match batch row not found');
    if (row.result === null) throw new ConflictError('match batch row not matched yet', 'This row has not been matched yet');
    let organisationId: string | null = null;
    let registryKey: string | null = null;
    if (review.action === 'accept') {
      const best = row.result.best;
      if (best === null) throw new ValidationError([{ field: 'review.action', rule: 'no_candidate', message: 'This row has no candidate to accept' }]);
      if (best.kind === 'registry') registryKey = best.key;
      else organisationId = best.organisationId;
    } else if (review.action === 'pick') {
      const picked = row.result.candidates.find((c) =>
        c.kind === 'registry' ? review.registryKey !== undefined && c.key === review.registryKey : c.organisationId === review.organisationId,
      );
      if (picked === undefined) {
        const field = review.registryKey === undefined ? 'review.organisationId' : 'review.registryKey';
        throw new ValidationError([{ field, rule: 'not_a_candidate', message: "The organisation is not one of this row's candidates" }]);
      }
      if (picked.kind === 'registry') registryKey = picked.key;
      else organisationId = picked.organisationId;
    }
    const recorded = await recordRowDecision(deps.db, { accountId, batchId, rowIndex, review, organisationId, registryKey, decidedBy: userId });
    if (!recorded) throw new NotFoundError('match batch row not found');
    const record = deps.decisions;
    if (record !== undefined) {
      const country = rowCountryOf(row.input);
      for (const judgement of judgementsOf(row, review.action, organisationId)) {
        // An organisation no longer visible (deleted since the row was matched) has nothing to remember.
        await record({ accountId, decidedBy: userId, query: row.input.name, countryIsoAlpha3: country, source: 'batch_review', ...judgement }).catch(
          (error: unknown) => {
            if (!(error instanceof NotFoundError)) throw error;
          },
        );
      }
    }
    return { rowIndex, action: review.action, organisationId, registryKey };
  };
}
