/**
 * POST /api/match/batches/{id}/rows/{row}/review: a reviewer's decision, body `{action: 'accept'}`,
 * `{action: 'pick', organisationId}` or `{action: 'not_in_list'}` → `{data: {rowIndex, action, organisationId}}`.
 */
import { reviewActionSchema } from '../../../../../../../../core/batch-matching';
import { reviewMatchRowInputSchema } from '../../../../../../../../server/batch-matching/review-match-row';
import { jsonResponse } from '../../../../../../../http/error-response';
import { parseJsonBodyOrThrow, parseOrThrow } from '../../../../../../../http/parse';
import { withAccount } from '../../../../../../../http/with-account';
import { refuseOtherMethods } from '../../../../../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = withAccount(async (request, { container, accountId, userId, params }) => {
  const review = await parseJsonBodyOrThrow(request, reviewActionSchema);
  const input = parseOrThrow(reviewMatchRowInputSchema, { batchId: params.id, rowIndex: params.row, review });
  return jsonResponse({ data: await container.matchBatches.review(accountId, userId, input) });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['POST']);
