/** GET /api/match/batches/{id}: the batch's progress and counts → `{data: MatchBatch}`; another account's 404. */
import { batchIdParamsSchema } from '../../../../../server/batch-matching/read-match-batch';
import { jsonResponse } from '../../../../http/error-response';
import { parseOrThrow } from '../../../../http/parse';
import { withAccount } from '../../../../http/with-account';
import { refuseOtherMethods } from '../../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (_request, { container, accountId, params }) => {
  const { id } = parseOrThrow(batchIdParamsSchema, params);
  return jsonResponse({ data: await container.matchBatches.read.summary(accountId, id) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
