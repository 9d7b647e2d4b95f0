/**
 * POST /api/match/batches/{id}/resume: re-queues a failed or stalled batch from its cursors → 202 `{data: {batchId,
 * status: 'queued'}}`; a completed batch, or a queued or running one making progress, 409; another account's 404.
 */
import { batchIdParamsSchema } from '../../../../../../server/batch-matching/read-match-batch';
import { jsonResponse } from '../../../../../http/error-response';
import { parseOrThrow } from '../../../../../http/parse';
import { withAccount } from '../../../../../http/with-account';
import { refuseOtherMethods } from '../../../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = withAccount(async (_request, { container, accountId, params }) => {
  const { id } = parseOrThrow(batchIdParamsSchema, params);
  return jsonResponse({ data: await container.matchBatches.resume(accountId, id) }, { status: 202 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['POST']);
